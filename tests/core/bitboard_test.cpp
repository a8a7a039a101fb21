// Specification of the attack tables: every table lookup equals the ray walk it was built
// from, for the table in use (PEXT or magic) and for the magic tables on any machine.
#include <gtest/gtest.h>

#include <random>

#include "core/bitboard.h"

namespace bh {
namespace {

std::vector<Bitboard> random_occupancies(int n) {
  std::mt19937_64 rng(20261129);
  std::vector<Bitboard> out;
  for (int i = 0; i < n; ++i) out.push_back(rng() & rng());  // about 16 squares set
  return out;
}

TEST(Bitboard, SliderTablesMatchRayWalk) {
  for (Bitboard occ : random_occupancies(2000)) {
    for (int s = 0; s < 64; ++s) {
      ASSERT_EQ(rook_attacks(Square(s), occ), detail::sliding_attacks_slow(Rook, Square(s), occ));
      ASSERT_EQ(bishop_attacks(Square(s), occ), detail::sliding_attacks_slow(Bishop, Square(s), occ));
    }
  }
}

TEST(Bitboard, MagicTablesMatchRayWalkEvenWhenPextIsUsed) {
  for (PieceType t : {Rook, Bishop}) {
    std::array<detail::SliderEntry, 64> entries;
    std::vector<Bitboard> attacks;
    detail::build_magic_table(t, entries, attacks);
    for (Bitboard occ : random_occupancies(500))
      for (int s = 0; s < 64; ++s)
        ASSERT_EQ(attacks[entries[s].magic_index(occ)], detail::sliding_attacks_slow(t, Square(s), occ));
  }
}

TEST(Bitboard, LeaperTablesHandWorked) {
  EXPECT_EQ(knight_attacks(A1), square_bb(B3) | square_bb(C2));
  EXPECT_EQ(popcount(knight_attacks(D4)), 8);
  EXPECT_EQ(king_attacks(H8), square_bb(G8) | square_bb(G7) | square_bb(H7));
  EXPECT_EQ(pawn_attacks(White, E4), square_bb(D5) | square_bb(F5));
  EXPECT_EQ(pawn_attacks(Black, A5), square_bb(B4));
}

TEST(Bitboard, BetweenAndLine) {
  EXPECT_EQ(between_bb(A1, D4), square_bb(B2) | square_bb(C3));
  EXPECT_EQ(between_bb(E1, E8), file_bb(4) & ~square_bb(E1) & ~square_bb(E8));
  EXPECT_EQ(between_bb(A1, B3), 0u);  // not on a line
  EXPECT_EQ(line_bb(A1, C3), square_bb(A1) | square_bb(B2) | square_bb(C3) | square_bb(D4) |
                                 square_bb(E5) | square_bb(F6) | square_bb(G7) | square_bb(H8));
  EXPECT_TRUE(aligned(A1, H8, D4));
  EXPECT_FALSE(aligned(A1, H8, D5));
}

}  // namespace
}  // namespace bh
