// Specification of the input encoding (nn/SPEC.md "Input tensor"): the symmetries of the
// four-player table leave the input unchanged, the other team's seat sees the mirrored
// input, and a hand-worked position puts every clock, reserve and flag where nn/SPEC.md says.
#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "nn/encoding.h"
#include "tests/nn/nn_test_util.h"

namespace bh {
namespace {

std::vector<float> encoded(const MatchView& v) {
  std::vector<float> out(kInputSize, std::nanf(""));  // every float must be written
  encode(v, std::span<float, kInputSize>(out.data(), kInputSize));
  return out;
}

float at(const std::vector<float>& x, int p, int row, int column) { return x[std::size_t(input_index(p, row, column))]; }

// A per-board plane must be constant over one board's half.
float half_value(const std::vector<float>& x, int p, bool left) {
  const float v = at(x, p, 0, left ? 0 : 8);
  for (int r = 0; r < 8; ++r)
    for (int f = 0; f < 8; ++f) EXPECT_EQ(at(x, p, r, (left ? 0 : 8) + f), v) << "plane " << p;
  return v;
}

float plane_value(const std::vector<float>& x, int p) {
  const float v = half_value(x, p, true);
  EXPECT_EQ(half_value(x, p, false), v) << "plane " << p;
  return v;
}

TEST(Encoding, EveryFloatIsWrittenAndFinite) {
  for (const MatchView& v : test::sample_views(40))
    for (float f : encoded(v)) ASSERT_TRUE(std::isfinite(f));
}

// Renaming the boards or mirroring the colours of the whole table changes nothing the
// deciding seat can see: its input must be identical, bit for bit.
TEST(Encoding, InvariantUnderTheTableSymmetries) {
  for (const MatchView& v : test::sample_views(60)) {
    const auto x = encoded(v);
    EXPECT_EQ(encoded(test::swap_boards(v)), x) << "boards swapped, seat " << seat_name(v.seat);
    EXPECT_EQ(encoded(test::mirror_colours(v)), x) << "colours mirrored, seat " << seat_name(v.seat);
    EXPECT_EQ(encoded(test::swap_boards(test::mirror_colours(v))), x) << "both, seat " << seat_name(v.seat);
  }
}

// Board A white and board B white are on different teams. When both are to move, each
// sees the other's input mirrored: the two boards' halves exchanged in every per-board
// plane, the clocks of the four seats renamed and the diagonal differences negated.
TEST(Encoding, OtherTeamSeesTheMirroredInput) {
  int checked = 0;
  for (MatchView v : test::sample_views(200)) {
    if (v.boards[BoardA].side_to_move() != White || v.boards[BoardB].side_to_move() != White) continue;
    v.seat = AWhite;
    MatchView w = v;
    w.seat = BWhite;
    const auto x = encoded(v), y = encoded(w);
    for (int p = 0; p < plane::kLeftBoard; ++p)
      for (int r = 0; r < 8; ++r)
        for (int f = 0; f < 8; ++f) {
          ASSERT_EQ(at(y, p, r, f), at(x, p, r, 8 + f)) << "plane " << p;
          ASSERT_EQ(at(y, p, r, 8 + f), at(x, p, r, f)) << "plane " << p;
        }
    EXPECT_EQ(plane_value(y, plane::kClockMover), plane_value(x, plane::kClockPartnerOpponent));
    EXPECT_EQ(plane_value(y, plane::kClockOpponent), plane_value(x, plane::kClockPartner));
    EXPECT_EQ(plane_value(y, plane::kClockPartner), plane_value(x, plane::kClockOpponent));
    EXPECT_EQ(plane_value(y, plane::kClockPartnerOpponent), plane_value(x, plane::kClockMover));
    EXPECT_EQ(plane_value(y, plane::kDiagonalMover), -plane_value(x, plane::kDiagonalMover));
    EXPECT_EQ(plane_value(y, plane::kDiagonalPartner), -plane_value(x, plane::kDiagonalPartner));
    for (int p : {plane::kOnes, plane::kOtherThinking, plane::kMoveLimit, plane::kTimeControl})
      EXPECT_EQ(plane_value(y, p), plane_value(x, p)) << "plane " << p;
    ++checked;
  }
  EXPECT_GE(checked, 10);
}

// Worked by hand from nn/SPEC.md. The deciding seat is A-black, so the table is mirrored:
// real Black is drawn as White and rank r as rank 7 - r, board A on the left.
TEST(Encoding, HandWorkedPosition) {
  MatchView v;
  v.boards[BoardA] = parse_fen("r3k2r/8/8/8/8/8/8/R3K2R[PPNq] b Kq - 0 20");
  v.boards[BoardB] = parse_fen("4k3/8/8/3pP3/8/8/8/4K3[Rr] w - d6 0 30");
  v.seat = ABlack;
  v.initial_ms = 180'000;
  v.clocks_ms = {100'000, 90'000, 120'000, 60'000};  // A-white, A-black, B-white, B-black
  v.other_thinking_ms = 4'500;
  v.moves_played = 200;
  v.move_limit = 800;
  const auto x = encoded(v);
  auto count_ones = [&](int p) {
    int n = 0;
    for (int i = 0; i < kInputSquares; ++i) n += x[std::size_t(p * kInputSquares + i)] == 1.0f;
    return n;
  };

  // Left half: board A. The black king e8 and rooks a8, h8 are White's on e1, a1, h1.
  EXPECT_EQ(at(x, plane::kWhitePieces + King, 0, 4), 1);
  EXPECT_EQ(at(x, plane::kWhitePieces + Rook, 0, 0), 1);
  EXPECT_EQ(at(x, plane::kWhitePieces + Rook, 0, 7), 1);
  EXPECT_EQ(at(x, plane::kBlackPieces + King, 7, 4), 1);
  EXPECT_EQ(count_ones(plane::kWhitePieces + Rook), 2);
  EXPECT_EQ(count_ones(plane::kBlackPieces + Rook), 2);
  EXPECT_EQ(half_value(x, plane::kWhiteReserve + Queen, true), 1.0f);     // real black q: 1 / 1
  EXPECT_EQ(half_value(x, plane::kBlackReserve + Pawn, true), 0.25f);     // real white PP: 2 / 8
  EXPECT_EQ(half_value(x, plane::kBlackReserve + Knight, true), 0.5f);    // real white N: 1 / 2
  EXPECT_EQ(half_value(x, plane::kWhiteReserve + Pawn, true), 0.0f);
  EXPECT_EQ(half_value(x, plane::kCastling + 0, true), 0.0f);  // real black has no O-O
  EXPECT_EQ(half_value(x, plane::kCastling + 1, true), 1.0f);  // real black O-O-O (q)
  EXPECT_EQ(half_value(x, plane::kCastling + 2, true), 1.0f);  // real white O-O (K)
  EXPECT_EQ(half_value(x, plane::kCastling + 3, true), 0.0f);
  EXPECT_EQ(half_value(x, plane::kStmWhite, true), 1.0f);      // the mover is always White

  // Right half: board B, mirrored too. White pawn e5 -> Black pawn e4; black d5 -> White d4.
  EXPECT_EQ(at(x, plane::kBlackPieces + Pawn, 3, 8 + 4), 1);
  EXPECT_EQ(at(x, plane::kWhitePieces + Pawn, 3, 8 + 3), 1);
  EXPECT_EQ(at(x, plane::kEnPassant, 2, 8 + 3), 1);            // d6 -> d3
  EXPECT_EQ(count_ones(plane::kEnPassant), 1);
  EXPECT_EQ(half_value(x, plane::kStmWhite, false), 0.0f);     // real White (the partner) to move
  EXPECT_EQ(half_value(x, plane::kWhiteReserve + Rook, false), 0.5f);
  EXPECT_EQ(half_value(x, plane::kBlackReserve + Rook, false), 0.5f);
  EXPECT_EQ(half_value(x, plane::kCastling + 0, false), 0.0f);

  EXPECT_EQ(half_value(x, plane::kLeftBoard, true), 1.0f);
  EXPECT_EQ(half_value(x, plane::kLeftBoard, false), 0.0f);
  EXPECT_EQ(plane_value(x, plane::kOnes), 1.0f);
  EXPECT_FLOAT_EQ(plane_value(x, plane::kClockMover), 90.0f / 180);             // A-black
  EXPECT_FLOAT_EQ(plane_value(x, plane::kClockOpponent), 100.0f / 180);         // A-white
  EXPECT_FLOAT_EQ(plane_value(x, plane::kClockPartner), 120.0f / 180);          // B-white
  EXPECT_FLOAT_EQ(plane_value(x, plane::kClockPartnerOpponent), 60.0f / 180);   // B-black
  EXPECT_FLOAT_EQ(plane_value(x, plane::kDiagonalMover), 30.0f / 180);          // 90 - 60
  EXPECT_FLOAT_EQ(plane_value(x, plane::kDiagonalPartner), 20.0f / 180);        // 120 - 100
  EXPECT_FLOAT_EQ(plane_value(x, plane::kOtherThinking), 0.45f);                // 4.5 s / 10 s
  EXPECT_FLOAT_EQ(plane_value(x, plane::kMoveLimit), 0.25f);                    // 200 / 800
  EXPECT_FLOAT_EQ(plane_value(x, plane::kTimeControl), 0.6f);                   // 180 s / 300 s
}

TEST(Encoding, UntimedMatchHasZeroClockPlanesAndClampsLimits) {
  MatchView v;
  v.seat = AWhite;
  v.initial_ms = 0;
  v.clocks_ms = {5'000, 5'000, 5'000, 5'000};
  v.other_thinking_ms = 1'000'000;  // far beyond the 30 s the plane saturates at
  v.moves_played = 900;
  const auto x = encoded(v);
  for (int p = plane::kClockMover; p <= plane::kDiagonalPartner; ++p) EXPECT_EQ(plane_value(x, p), 0.0f);
  EXPECT_EQ(plane_value(x, plane::kTimeControl), 0.0f);
  EXPECT_EQ(plane_value(x, plane::kOtherThinking), 3.0f);
  EXPECT_EQ(plane_value(x, plane::kMoveLimit), 1.0f);
}

}  // namespace
}  // namespace bh
