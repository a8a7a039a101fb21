// Specification of the policy index map (nn/SPEC.md "Policy"): hand-worked indices, and
// over every legal move of every position of tests/data/bughouse_perft.epd and of its
// colour mirror (so both colours move from every position): indices in range, distinct,
// mapped back to the same move, and equal for a move and its mirror.
#include <gtest/gtest.h>

#include <set>

#include "core/movegen.h"
#include "nn/policy_map.h"
#include "tests/nn/nn_test_util.h"

namespace bh {
namespace {

TEST(PolicyMap, HandWorkedIndices) {
  // e2e4: queen-like plane N (direction 0), distance 2 -> plane 1; from e2 = 12.
  EXPECT_EQ(policy_index(Move::normal(E2, E4), White), 1 * 64 + 12);
  // e7e5 by Black is e2e4 in the mover's view.
  EXPECT_EQ(policy_index(Move::normal(E7, E5), Black), 1 * 64 + 12);
  // g1f3: knight step (-1, +2) is knight plane 7 -> plane 63; from g1 = 6.
  EXPECT_EQ(policy_index(Move::normal(G1, F3), White), 63 * 64 + 6);
  // O-O is the king's two steps east: direction E (2), distance 2 -> plane 15; from e1.
  EXPECT_EQ(policy_index(Move::castling(E1, G1), White), 15 * 64 + 4);
  EXPECT_EQ(policy_index(Move::castling(E8, C8), Black), (6 * 7 + 1) * 64 + 4);
  // a7a8=N: under-promotion plane 64 + 3 * knight + (dx + 1) = 65; from a7 = 48.
  EXPECT_EQ(policy_index(Move::promotion(A7, A8, Knight), White), 65 * 64 + 48);
  // b2xa1=R by Black: dx = -1 in the mover's view -> plane 64 + 3 * 2 + 0 = 70; from b7.
  EXPECT_EQ(policy_index(Move::promotion(B2, A1, Rook), Black), 70 * 64 + 49);
  // a7a8=Q is the pawn's queen-like step: plane 0; from a7.
  EXPECT_EQ(policy_index(Move::promotion(A7, A8, Queen), White), 0 * 64 + 48);
  // N@f3 (White) and N@f6 (Black): drop plane 73 + knight = 74, target f3 = 21.
  EXPECT_EQ(policy_index(Move::drop(Knight, F3), White), 74 * 64 + 21);
  EXPECT_EQ(policy_index(Move::drop(Knight, F6), Black), 74 * 64 + 21);
  EXPECT_EQ(policy_index(Move::drop(Queen, H8), White), 77 * 64 + 63);
  EXPECT_EQ(policy_index(Move::wait(), White), 4992);
  EXPECT_EQ(policy_index(Move::wait(), Black), kPolicySize - 1);
  EXPECT_EQ(policy_index(Move::none(), White), -1);
  EXPECT_EQ(policy_index(Move::promotion(A6, A7, Queen), White), -1);  // not onto the last rank
}

void check_position(const Board& board, const RuleSet& rules = {}) {
  const Color us = board.side_to_move();
  std::set<int> seen;
  for (Move m : legal_moves(board, rules)) {
    const int index = policy_index(m, us);
    ASSERT_GE(index, 0) << to_fen(board) << " move raw " << m.raw();
    ASSERT_LT(index, kWaitIndex) << to_fen(board);
    ASSERT_TRUE(seen.insert(index).second) << "index " << index << " used twice in " << to_fen(board);
    ASSERT_EQ(policy_move(index, board), m) << "index " << index << " in " << to_fen(board);
  }
  ASSERT_EQ(policy_move(kWaitIndex, board), Move::wait());
}

TEST(PolicyMap, RoundTripOverEveryLegalMoveOfTheEpdFile) {
  int positions = 0;
  for (const Board& b : test::epd_boards()) {
    check_position(b);
    check_position(test::mirror(b));
    positions += 2;
  }
  EXPECT_EQ(positions, 600);
}

// A move and its colour mirror are the same action in the mover's view.
TEST(PolicyMap, MirroredMoveHasTheSameIndex) {
  for (const Board& b : test::epd_boards()) {
    const Board m = test::mirror(b);
    for (Move move : legal_moves(b, RuleSet{})) {
      ASSERT_TRUE(is_legal(m, RuleSet{}, test::mirror(move))) << to_fen(b);
      ASSERT_EQ(policy_index(move, b.side_to_move()), policy_index(test::mirror(move), m.side_to_move()));
    }
  }
}

// The other direction: every index that names a move names one that maps back to it.
TEST(PolicyMap, EveryDecodedIndexMapsBack) {
  for (const Board& b : test::epd_boards()) {
    int decoded = 0;
    for (int index = 0; index < kPolicySize; ++index) {
      const Move m = policy_move(index, b);
      if (m.is_none()) continue;
      ++decoded;
      ASSERT_EQ(policy_index(m, b.side_to_move()), index) << "index " << index << " in " << to_fen(b);
    }
    ASSERT_GE(decoded, kDropPlanes * 64 + 1);  // every drop index and wait decode
  }
  EXPECT_TRUE(policy_move(-1, Board()).is_none());
  EXPECT_TRUE(policy_move(kPolicySize, Board()).is_none());
}

// promotion = reserve (core/RULES.md "Promotion from the reserve"): a pawn that stays a pawn
// on the last rank has the index of the same direction at distance 2.
TEST(PolicyMap, UnpromotedPawnMovesHaveTheirOwnIndices) {
  // e7e8 staying a pawn: direction N, distance 2 -> plane 1; from e7 = 52.
  EXPECT_EQ(policy_index(Move::unpromoted(E7, E8), White), 1 * 64 + 52);
  // b2xa1 by Black staying a pawn: in the mover's view b7xa8, NW (7), distance 2 -> plane 50.
  EXPECT_EQ(policy_index(Move::unpromoted(B2, A1), Black), 50 * 64 + 49);
  EXPECT_EQ(policy_index(Move::unpromoted(A6, A7), White), -1);  // not onto the last rank

  RuleSet reserve;
  reserve.promotion = Promotion::FromReserve;
  // Pushes and captures onto the last rank for both colours with every piece in hand, and
  // with only knights in hand beside pawns already stuck on a8 and a1.
  for (const char* fen : {"r1n4k/1P6/8/8/8/8/1p4p1/4K2N[QRBNqrbn] w - - 0 1",
                          "r1n4k/1P6/8/8/8/8/1p4p1/4K2N[QRBNqrbn] b - - 0 1",
                          "P6k/1P6/8/8/8/8/6p1/p3K2N[Nn] w - - 0 1"}) {
    const Board b = parse_fen(fen);
    check_position(b, reserve);
    check_position(test::mirror(b), reserve);
    for (int index = 0; index < kPolicySize; ++index) {
      const Move m = policy_move(index, b);
      if (m.is_none()) continue;
      ASSERT_EQ(policy_index(m, b.side_to_move()), index) << "index " << index << " in " << fen;
    }
  }
}

}  // namespace
}  // namespace bh
