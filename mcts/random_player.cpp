// random_player.cpp — a uniformly random legal move.
#include "mcts/random_player.h"

#include <stdexcept>

#include "core/movegen.h"

namespace bh {

PlayerAction RandomPlayer::decide(const Match& match, Seat seat, std::int64_t t) {
  const MoveList moves = match.legal_moves(board_of(seat));
  if (moves.empty()) throw std::logic_error("random player asked to move without a legal move");
  return {moves.moves[rng_.below(std::uint64_t(moves.size))], sample_think_ms(time_, match, seat, t, rng_)};
}

}  // namespace bh
