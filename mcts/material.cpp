// material.cpp — counting material with Sunsetter's values.
#include "mcts/material.h"

#include "core/bitboard.h"

namespace bh {

int reserve_material(const Reserve& reserve) {
  int total = 0;
  for (int t = Pawn; t <= Queen; ++t) total += piece_value(PieceType(t)) * reserve[PieceType(t)];
  return total;
}

int side_material(const Board& board, Color c) {
  int total = reserve_material(board.reserve(c));
  for (int t = Pawn; t <= Queen; ++t) total += piece_value(PieceType(t)) * popcount(board.pieces(c, PieceType(t)));
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

int row_material_balance(std::span<const Board> boards, Team t) {
  int balance = 0;
  for (std::size_t j = 0; j < boards.size(); ++j) {
    const Color ours = team_of(BoardId(j), White) == t ? White : Black;
    balance += side_material(boards[j], ours) - side_material(boards[j], ~ours);
  }
  return balance;
}

}  // namespace bh
