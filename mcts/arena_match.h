// arena_match.h — one four-player match between Players (training/arena.h builds the arena on it).
// Each board's mover is asked when it starts thinking; its action lands think_ms later;
// the earliest pending action on the two boards happens first, unless a flag falls first.
// A mover with no legal move is asked nothing until a piece arrives (core/RULES.md "Check,
// mate and waiting"); a wait means "ask me again when my think time is over".
#pragma once

#include <array>
#include <cstdint>

#include "core/match.h"
#include "mcts/player.h"

namespace bh {

// players[s] plays seat s (one Player may hold several seats). Returns the finished match
// with its record. Throws std::runtime_error naming the player when one returns an illegal
// action, a wait in an untimed match, or when the match runs past `max_actions` actions.
Match play_arena_match(const std::array<Player*, kSeats>& players, const RuleSet& rules, const TimeControl& clock,
                       int max_actions = 100'000);

}  // namespace bh
