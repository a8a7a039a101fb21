// one_ply_player.cpp — the best-scoring legal move, ties at random.
#include "mcts/one_ply_player.h"

#include <limits>
#include <stdexcept>
#include <vector>

#include "core/movegen.h"

namespace bh {

PlayerAction OnePlyPlayer::decide(const Match& match, Seat seat, std::int64_t t) {
  const MoveList moves = match.legal_moves(board_of(seat));
  if (moves.empty()) throw std::logic_error(name_ + " player asked to move without a legal move");
  std::vector<Move> best;
  int best_score = std::numeric_limits<int>::min();
  for (Move m : moves) {
    const int score = score_(match, seat, m);
    if (score > best_score) best_score = score, best.clear();
    if (score == best_score) best.push_back(m);
  }
  return {best[rng_.below(best.size())], sample_think_ms(time_, match, seat, t, rng_)};
}

}  // namespace bh
