// mate_in_one.cpp — mates in one through the rules core's gives_mate and find_mate.
#include "mcts/mate_in_one.h"

namespace bh {

bool mates_at_once(const GameState& state, Move action) {
  if (action.is_wait()) return false;
  const Match& m = state.match();
  return gives_mate(m.board(state.decider_board()), m.rules(), action);
}

bool has_mate_in_one(const GameState& state, const MoveList& actions) {
  const Match& m = state.match();
  return !find_mate(m.board(state.decider_board()), m.rules(), actions).is_none();
}

}  // namespace bh
