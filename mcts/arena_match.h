// arena_match.h — one four-player match between Players (training/players/arena.h builds the arena on it).
// Each board's mover is asked when it starts thinking; its action lands think_ms later;
// the earliest pending action on the two boards happens first, unless a flag falls first.
// A mover with no legal move is asked nothing until a piece arrives (core/RULES.md "Check,
// mate and waiting"); a wait means "ask me again when my think time is over".
#pragma once

#include <array>
#include <cstdint>
#include <stdexcept>
#include <string>

#include "core/match.h"
#include "mcts/player.h"

namespace bh {

// A player failed the match: it chose an illegal action, waited in an untimed match, or
// threw (an external engine that died, hung or spoke nonsense). `seat` says whose fault
// it was, so a tournament can score the match against that player and go on.
struct PlayerFault : std::runtime_error {
  PlayerFault(Seat seat, const std::string& what) : std::runtime_error(what), seat(seat) {}
  Seat seat;
};

// How the referee runs a match between programs.
struct ArenaMatchOptions {
  int max_actions = 100'000;  // a runaway match is an error, not a result
  // Where the rules have claims (standard chess; bughouse under the claim options of
  // core/RULES.md "Repetition"): the arbiter grants a draw as soon as a claim would hold
  // (threefold repetition, fifty moves), as if the player to move had claimed. Programs
  // rarely claim; without this only the automatic draws end such games.
  bool adjudicate_claims = false;
};

// players[s] plays seat s (one Player may hold several seats). Returns the finished match
// with its record. Throws PlayerFault naming the player and its seat when one fails, and
// std::runtime_error when the match runs past `max_actions` actions.
Match play_arena_match(const std::array<Player*, kSeats>& players, const RuleSet& rules, const TimeControl& clock,
                       const ArenaMatchOptions& options = {});
// The same from a given start (an opening: a match built from a BFEN, not yet played).
Match play_arena_match(const std::array<Player*, kSeats>& players, Match start, const ArenaMatchOptions& options = {});

}  // namespace bh
