// recorded_ending.h — the ends of a match that no move shows (a resignation, a person
// leaving, a program failing, an agreement, a flag after the last move), applied to a match
// played again from its moves: the one way records, replays and the search's copies end
// as the original did. Under both_games each game's ending is applied at its own time
// (core/RULES.md "Both games played out").
#pragma once

#include <array>
#include <cstdint>

#include "core/match.h"

namespace bh {

// Applies one ending (a match's, or under both_games one game's) unless the match, or that
// game, is already over; a time before the match's now() (a tag read from a record says
// none) is taken as now(). Endings the moves decide (mate, a taken king, the draws) are
// left to the moves.
void apply_recorded_ending(Match& m, const GameEnding& ending);
// Under both_games: those of `games` that ended at or before time t.
void apply_game_endings_due(Match& m, const std::array<GameEnding, 2>& games, std::int64_t t);
// Everything `recorded` says that the moves did not do, after the last move.
void finish_as_recorded(Match& m, const Outcome& recorded);

}  // namespace bh
