// replay_json.h — a recorded match as the JSON the replay page steps through
// (training/server/README.md "Replays"), and a record's line in a listing. Core replays
// the record and is the only judge of the rules: the page draws positions, it never
// computes one.
#pragma once

#include <nlohmann/json.hpp>

#include "core/bpgn.h"

namespace bh::server {

// `tags`, `clock` (the time control), `start` (the position before the first move) and
// `steps`: for each move in time order `seat`, `san`, `uci`, `time_ms` (match time) and
// the position after it (state_json.h's position_json: `boards`, `reserves`, `clocks` as
// of that moment); then `result`, `reason` and `end_ms`, when the match ended. An ending
// the moves do not show (a resignation, a flag, an agreed draw) is applied as the record
// states it; a record that core cannot end keeps its own result and reason text. Throws
// ParseError (core/bpgn.h's replay) for a move that is illegal under `rules`.
nlohmann::json replay_json(const BpgnGame& game, const RuleSet& rules);

// A record's line in a listing, from its tags and moves alone (no replay): `game` (its
// 1-based place in the file), `event`, `players` (WhiteA, BlackA, WhiteB, BlackB),
// `result`, `reason` and `moves` (both boards together).
nlohmann::json game_summary(const BpgnGame& game);

}  // namespace bh::server
