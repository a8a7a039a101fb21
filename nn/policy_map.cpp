// policy_map.cpp — Move <-> policy index (SPEC.md "Policy").
#include "nn/policy_map.h"

#include <cstdlib>

namespace bh {

namespace {

struct Delta {
  int dx, dy;
};

// Queen-like directions in plane order: N, NE, E, SE, S, SW, W, NW.
constexpr Delta kDirections[8] = {{0, 1}, {1, 1}, {1, 0}, {1, -1}, {0, -1}, {-1, -1}, {-1, 0}, {-1, 1}};
constexpr Delta kKnightSteps[8] = {{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}};
constexpr int kKnightPlane0 = kQueenPlanes;
constexpr int kUnderPromotionPlane0 = kQueenPlanes + kKnightPlanes;
constexpr int kDropPlane0 = kMovePlanes;

constexpr int sign(int v) { return (v > 0) - (v < 0); }

// The move plane of a displacement, or -1 if no piece moves that way.
int move_plane(int dx, int dy) {
  if (dx == 0 && dy == 0) return -1;
  if (dx == 0 || dy == 0 || std::abs(dx) == std::abs(dy)) {
    for (int d = 0; d < 8; ++d)
      if (kDirections[d].dx == sign(dx) && kDirections[d].dy == sign(dy))
        return d * 7 + std::max(std::abs(dx), std::abs(dy)) - 1;
  }
  for (int k = 0; k < 8; ++k)
    if (kKnightSteps[k].dx == dx && kKnightSteps[k].dy == dy) return kKnightPlane0 + k;
  return -1;
}

// The displacement of a queen-like or knight plane.
Delta plane_delta(int plane) {
  if (plane < kQueenPlanes) {
    Delta d = kDirections[plane / 7];
    int dist = plane % 7 + 1;
    return {d.dx * dist, d.dy * dist};
  }
  return kKnightSteps[plane - kKnightPlane0];
}

// A pawn step from the 7th to the 8th rank (mover's view): what every promotion is.
bool is_promotion_step(Square from, Square to) {
  return rank_of(from) == 6 && rank_of(to) == 7 && std::abs(file_of(to) - file_of(from)) <= 1;
}

// A pawn onto the last rank that stays a pawn (core/RULES.md "Promotion from the reserve")
// is the same direction at distance 2: from the 7th rank that square is off the board, so
// no other move has the index.
constexpr int kUnpromotedDistance = 2;

}  // namespace

int policy_index(Move m, Color mover) {
  if (m.is_none()) return -1;
  if (m.is_wait()) return kWaitIndex;
  if (m.is_drop()) return (kDropPlane0 + m.drop_type()) * 64 + relative_square(mover, m.to());
  const Square from = relative_square(mover, m.from());
  const Square to = relative_square(mover, m.to());
  const int dx = file_of(to) - file_of(from), dy = rank_of(to) - rank_of(from);
  if (m.is_promotion() || m.is_unpromoted()) {
    if (!is_promotion_step(from, to)) return -1;
    if (m.is_unpromoted()) return move_plane(dx * kUnpromotedDistance, kUnpromotedDistance) * 64 + from;
    if (m.promotion_type() != Queen)  // a queen promotion is the pawn's queen-like step
      return (kUnderPromotionPlane0 + (m.promotion_type() - Knight) * 3 + dx + 1) * 64 + from;
  }
  const int plane = move_plane(dx, dy);
  return plane < 0 ? -1 : plane * 64 + from;
}

Move policy_move(int index, const Board& board) {
  if (index == kWaitIndex) return Move::wait();
  if (index < 0 || index > kWaitIndex) return Move::none();
  const Color us = board.side_to_move();
  const int plane = index / 64;
  const Square rel_from = Square(index % 64);
  if (plane >= kDropPlane0) return Move::drop(PieceType(plane - kDropPlane0), relative_square(us, rel_from));

  const bool under = plane >= kUnderPromotionPlane0;
  const Delta d = under ? Delta{(plane - kUnderPromotionPlane0) % 3 - 1, 1} : plane_delta(plane);
  const Square from = relative_square(us, rel_from);
  const Piece piece = board.piece_on(from);
  if (piece == NoPiece || color_of(piece) != us) return Move::none();
  const PieceType type = type_of(piece);
  if (type == Pawn && !under && d.dy == kUnpromotedDistance && rank_of(rel_from) == 6 &&
      plane < kQueenPlanes) {
    const int file = file_of(rel_from) + d.dx / kUnpromotedDistance;
    if (file < 0 || file > 7) return Move::none();
    return Move::unpromoted(from, relative_square(us, make_square(file, 7)));
  }

  const int file = file_of(rel_from) + d.dx, rank = rank_of(rel_from) + d.dy;
  if (file < 0 || file > 7 || rank < 0 || rank > 7) return Move::none();
  const Square rel_to = make_square(file, rank);
  const Square to = relative_square(us, rel_to);
  if (under) {
    if (type != Pawn || !is_promotion_step(rel_from, rel_to)) return Move::none();
    return Move::promotion(from, to, PieceType(Knight + (plane - kUnderPromotionPlane0) / 3));
  }
  if (type == Pawn && rank == 7) {
    if (!is_promotion_step(rel_from, rel_to)) return Move::none();
    return Move::promotion(from, to, Queen);
  }
  if (type == Pawn && d.dx != 0 && to == board.en_passant()) return Move::en_passant(from, to);
  if (type == King && d.dy == 0 && std::abs(d.dx) == 2) return Move::castling(from, to);
  return Move::normal(from, to);
}

}  // namespace bh
