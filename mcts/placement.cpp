// placement.cpp — the piece-square tables and their sums.
#include "mcts/placement.h"

#include <array>

#include "core/bitboard.h"

namespace bh {

namespace {

using Table = std::array<int, 64>;

// White's view, a1 first, one row a rank from the first to the eighth.
constexpr Table kPawn{
    0,  0,  0,  0,  0,  0,   0,   0,
    0,  0,  0,  0,  0,  0,   0,   0,
   -5, -5,  0,  5,  5, -15, -10, -10,
   -5,  0,  5, 20, 20, -15, -10, -10,
    0,  5, 10, 20, 20,  0,   0,   0,
   10, 10, 15, 25, 25, 15,  10,  10,
   30, 30, 30, 30, 30, 30,  30,  30,
    0,  0,  0,  0,  0,  0,   0,   0};
constexpr Table kKnight{
  -20, -15, -10, -10, -10, -10, -15, -20,
  -15,  -5,   0,   5,   5,   0,  -5, -15,
  -10,   5,  15,  10,  10,  15,   5, -10,
  -10,   5,  15,  20,  20,  15,   5, -10,
  -10,   5,  15,  20,  20,  15,   5, -10,
  -10,   5,  15,  15,  15,  15,   5, -10,
  -15,   0,   5,   5,   5,   5,   0, -15,
  -20, -15, -10, -10, -10, -10, -15, -20};
constexpr Table kBishop{
  -10, -10, -15, -10, -10, -15, -10, -10,
   -5,  10,   5,   5,   5,   5,  10,  -5,
   -5,   5,  10,  10,  10,  10,   5,  -5,
   -5,   5,  10,  10,  10,  10,   5,  -5,
   -5,  10,  10,  10,  10,  10,  10,  -5,
   -5,   5,   5,   5,   5,   5,   5,  -5,
   -5,   5,   5,   5,   5,   5,   5,  -5,
  -10, -10, -10, -10, -10, -10, -10, -10};
constexpr Table kRook{
    0,  0,  0,  0,  0,  0,  0,  0,
    0,  0,  0,  0,  0,  0,  0,  0,
    0,  0,  0,  0,  0,  0,  0,  0,
    0,  0,  0,  0,  0,  0,  0,  0,
    0,  0,  0,  0,  0,  0,  0,  0,
    0,  0,  0,  0,  0,  0,  0,  0,
   10, 10, 10, 10, 10, 10, 10, 10,
    0,  0,  0,  0,  0,  0,  0,  0};
constexpr Table kQueen{
   0,  0,  0,  0,  0,  0,  0,  0,
  -5,  0,  0,  0,  0,  0,  0, -5,
  -5,  0,  0,  0,  0,  0,  0, -5,
  -5,  0,  0,  0,  0,  0,  0, -5,
  -5,  0,  0,  0,  0,  0,  0, -5,
  -5,  0,  0,  0,  0,  0,  0, -5,
  -5,  0,  0,  0,  0,  0,  0, -5,
  -5, -5, -5, -5, -5, -5, -5, -5};
// Home or castled; every step out into the board costs, for drops mate a walking king.
constexpr Table kKing{
    0,  10,  15,  -5,   0,  -5,  20,  10,
  -15, -15, -20, -25, -25, -20, -15, -15,
  -40, -40, -40, -40, -40, -40, -40, -40,
  -60, -60, -60, -60, -60, -60, -60, -60,
  -60, -60, -60, -60, -60, -60, -60, -60,
  -60, -60, -60, -60, -60, -60, -60, -60,
  -60, -60, -60, -60, -60, -60, -60, -60,
  -60, -60, -60, -60, -60, -60, -60, -60};

constexpr std::array<const Table*, kPieceTypes> kTables{&kPawn, &kKnight, &kBishop, &kRook, &kQueen, &kKing};

}  // namespace

int placement_bonus(PieceType t, Color c, Square s) { return (*kTables[t])[relative_square(c, s)]; }

int placement(const Board& board, Color c) {
  int total = 0;
  for (int t = Pawn; t < kPieceTypes; ++t)
    for (Bitboard b = board.pieces(c, PieceType(t)); b;) total += placement_bonus(PieceType(t), c, pop_lsb(b));
  return total;
}

int placement_gain(const Board& own, Move m) {
  const Color c = own.side_to_move();
  if (m.is_drop()) return placement_bonus(m.drop_type(), c, m.to());
  // Castling is the king's step (the rook's table is flat on the first rank); a promotion
  // is the pawn's.
  const PieceType t = type_of(own.piece_on(m.from()));
  return placement_bonus(t, c, m.to()) - placement_bonus(t, c, m.from());
}

}  // namespace bh
