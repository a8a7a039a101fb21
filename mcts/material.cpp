// material.cpp — counting material with Sunsetter's values.
#include "mcts/material.h"

#include "core/bitboard.h"

namespace bh {

int side_material(const Board& board, Color c) {
  int total = 0;
  for (int t = Pawn; t <= Queen; ++t) {
    PieceType pt = PieceType(t);
    total += piece_value(pt) * (popcount(board.pieces(c, pt)) + board.reserve(c)[pt]);
  }
  return total;
}

int team_material(const Board& a, const Board& b, Team t) {
  // On board A team 1 plays white; on board B it plays black.
  const Color on_a = t == Team1 ? White : Black;
  return side_material(a, on_a) + side_material(b, ~on_a);
}

int material_balance(const Board& a, const Board& b, Team t) {
  return team_material(a, b, t) - team_material(a, b, ~t);
}

}  // namespace bh
