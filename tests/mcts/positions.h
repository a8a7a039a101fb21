// positions.h — hand-made matches for the search tests (each explained where it is used).
#pragma once

#include <string>

#include "core/bfen.h"
#include "core/match.h"
#include "mcts/game_state.h"

namespace bh::test {

inline constexpr const char* kStartFen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
// Board B after 1.e4: black to move there.
inline constexpr const char* kBlackToMoveFen = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1";

inline Match make_match(const std::string& fen_a, const std::string& fen_b, TimeControl clock = {},
                        const RuleSet& rules = {}) {
  return match_from_bfen(fen_a + " | " + fen_b, rules, clock);
}

inline TurnModel fixed_turns(std::int64_t think_ms = 1000, std::int64_t wait_ms = 300, bool allow_wait = true) {
  TimeModelConfig c;
  c.kind = ThinkKind::Fixed;
  c.fixed_ms = think_ms;
  c.wait_ms = wait_ms;
  return {TimeModel(c), allow_wait};
}

inline TurnModel default_turns() { return {TimeModel(TimeModelConfig{}), true}; }

}  // namespace bh::test
