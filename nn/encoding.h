// encoding.h — the network's input: a MatchView turned into float planes, seen from the
// deciding seat. The exact plane list, the colour/board transform and every normalisation
// are specified in nn/SPEC.md; this file and the spec change together, and any change to
// what a plane means bumps kEncodingVersion (checkpoints and exports record it).
#pragma once

#include <cstdint>
#include <span>

#include "core/match_view.h"
#include "core/types.h"
#include "nn/shape.h"

namespace bh {

// Plane indices (SPEC.md "Input tensor"). Planes up to kStmWhite are per board: their
// left half describes the mover's board, their right half the other board. The rest
// are match-wide. "White"/"Black" are the colours after the transform: the mover is
// White on the left board, the partner is Black on the right board.
namespace plane {
inline constexpr int kWhitePieces = 0;     // +type (P N B R Q K): 1 where such a piece stands
inline constexpr int kBlackPieces = 6;     // +type
inline constexpr int kPromoted = 12;       // 1 under a piece that reached the board by promotion
inline constexpr int kWhiteReserve = 13;   // +type (P N B R Q): count / kReserveScale[type]
inline constexpr int kBlackReserve = 18;   // +type
inline constexpr int kCastling = 23;       // +0 White O-O, +1 White O-O-O, +2 Black O-O, +3 Black O-O-O
inline constexpr int kEnPassant = 27;      // 1 on the en passant target square
inline constexpr int kStmWhite = 28;       // 1 when White is to move on this board
inline constexpr int kLeftBoard = 29;      // 1 on the left half, 0 on the right: tells the boards apart
inline constexpr int kOnes = 30;           // 1 everywhere: lets the convolutions see the padding
inline constexpr int kClockMover = 31;     // remaining / initial, clamped to [0, 2]
inline constexpr int kClockOpponent = 32;  // the mover's opponent on its board
inline constexpr int kClockPartner = 33;
inline constexpr int kClockPartnerOpponent = 34;
inline constexpr int kDiagonalMover = 35;    // (mover - partner's opponent) / initial, in [-1, 1]
inline constexpr int kDiagonalPartner = 36;  // (partner - mover's opponent) / initial, in [-1, 1]
inline constexpr int kOtherThinking = 37;    // other board's mover: thinking ms / 10 000, <= 3
inline constexpr int kMoveLimit = 38;        // moves played / move limit, clamped to [0, 1]
inline constexpr int kTimeControl = 39;      // initial ms / 300 000, <= 4; 0 = untimed
inline constexpr int kCount = 40;
}  // namespace plane

static_assert(plane::kCount == kInputPlanes);

// Normalisers of reserve counts per piece type (P N B R Q): the most one hand normally
// holds, so ordinary values stay in [0, 1].
inline constexpr float kReserveScale[kDroppableTypes] = {8, 2, 2, 2, 1};
inline constexpr double kThinkingScaleMs = 10'000;
inline constexpr double kThinkingMax = 3;
inline constexpr double kTimeControlScaleMs = 300'000;
inline constexpr double kTimeControlMax = 4;
inline constexpr double kClockMax = 2;

// The transform of SPEC.md "Who is looking: the orientation": which real board is drawn on the left and
// whether colours and ranks are mirrored (when the deciding seat plays Black).
struct Orientation {
  BoardId left = BoardA;  // the deciding seat's board
  bool mirrored = false;  // real Black is drawn as White, rank r as rank 7 - r

  static Orientation of(Seat seat) { return {board_of(seat), color_of(seat) == Black}; }
  Square square(Square real) const { return mirrored ? flip_rank(real) : real; }
  Color color(Color real) const { return mirrored ? ~real : real; }
};

// Writes the planes of `view` (from view.seat's side) into `out`, overwriting every
// float. Precondition: view.seat is the side to move on its board. Allocates nothing.
void encode(const MatchView& view, std::span<float, kInputSize> out);

// Index of (plane, row, column) in one position's buffer.
constexpr int input_index(int plane, int row, int column) {
  return (plane * kInputHeight + row) * kInputWidth + column;
}

}  // namespace bh
