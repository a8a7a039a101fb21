// The danger to a king (mcts/king_danger.h) with the default weights: 30 per square next to
// it that the enemy attacks, 10 per empty one, scaled by 1 + enemy hand / 400. Worked by hand.
#include "mcts/king_danger.h"

#include <gtest/gtest.h>

#include "core/fen.h"

namespace bh {
namespace {

TEST(KingDanger, NoneForAKingWalledInAtTheStart) {
  const Board board = parse_fen(kStartFen);
  EXPECT_EQ(king_danger(board, White), 0);
  EXPECT_EQ(king_danger(board, Black), 0);
}

TEST(KingDanger, EmptySquaresWeighMoreWhenTheEnemyHoldsPieces) {
  // White's castled king: only h1 is empty (10). Black holds a knight (192): 10 + 10 * 192 / 400.
  // Black's king has five empty squares around it (50) and White holds nothing.
  const Board board = parse_fen("6k1/8/8/8/8/8/5PPP/5RK1[n] w - - 0 1");
  EXPECT_EQ(king_danger(board, White), 14);
  EXPECT_EQ(king_danger(board, Black), 50);
}

TEST(KingDanger, CountsTheSquaresTheEnemyAttacks) {
  // The bishop on b7 attacks g2 along the long diagonal: 30 + 10 for h1, then x (1 + 192 / 400).
  const Board board = parse_fen("6k1/1b6/8/8/8/8/5PPP/5RK1[n] w - - 0 1");
  EXPECT_EQ(king_danger(board, White), 40 + 40 * 192 / 400);
}

}  // namespace
}  // namespace bh
