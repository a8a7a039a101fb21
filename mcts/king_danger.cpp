// king_danger.cpp — attacked and empty squares around a king, scaled by the enemy's hand.
#include "mcts/king_danger.h"

#include "core/bitboard.h"
#include "mcts/material.h"

namespace bh {

namespace {

int hand_material(const Reserve& reserve) {
  int total = 0;
  for (int t = Pawn; t <= Queen; ++t) total += piece_value(PieceType(t)) * reserve[PieceType(t)];
  return total;
}

}  // namespace

int king_danger(const Board& board, Color c, const KingDangerWeights& w) {
  const Bitboard ring = king_attacks(board.king_square(c));
  int attacked = 0;
  for (Bitboard squares = ring; squares;)
    if (board.attackers_to(pop_lsb(squares)) & board.pieces(~c)) ++attacked;
  const int empty = popcount(ring & ~board.pieces());
  const int base = w.attacked_square * attacked + w.empty_square * empty;
  return base + base * hand_material(board.reserve(~c)) / w.hand_scale;
}

}  // namespace bh
