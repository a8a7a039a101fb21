// king_danger.cpp — attacked and empty squares around a king, scaled by the enemy's hand.
#include "mcts/king_danger.h"

#include "core/bitboard.h"
#include "mcts/material.h"

namespace bh {

int king_danger(const Board& board, Color c, const KingDangerWeights& w) {
  const Bitboard ring = king_attacks(board.king_square(c));
  int attacked = 0;
  for (Bitboard squares = ring; squares;)
    if (board.attackers_to(pop_lsb(squares)) & board.pieces(~c)) ++attacked;
  const int empty = popcount(ring & ~board.pieces());
  const int base = w.attacked_square * attacked + w.empty_square * empty;
  return base + base * reserve_material(board.reserve(~c)) / w.hand_scale;
}

}  // namespace bh
