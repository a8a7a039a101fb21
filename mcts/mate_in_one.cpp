// mate_in_one.cpp — mates in one through the rules core's gives_mate and find_mate.
#include "mcts/mate_in_one.h"

namespace bh {

namespace {

// Under both_games a mate ends one game, not the match (core/RULES.md "Both games played
// out"): no proof starts there.
bool mate_ends_the_match(const Match& m) { return !m.rules().both_games; }

}  // namespace

bool mates_at_once(const GameState& state, Move action) {
  const Match& m = state.match();
  if (action.is_wait() || !mate_ends_the_match(m)) return false;
  return gives_mate(m.board(state.decider_board()), m.rules(), action);
}

bool has_mate_in_one(const GameState& state, const MoveList& actions) {
  const Match& m = state.match();
  if (!mate_ends_the_match(m)) return false;
  return !find_mate(m.board(state.decider_board()), m.rules(), actions).is_none();
}

}  // namespace bh
