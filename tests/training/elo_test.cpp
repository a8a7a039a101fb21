// Specification of the Elo estimate against hand-computed values of the logistic model.
#include <gtest/gtest.h>

#include <cmath>

#include "training/elo.h"

namespace bh {
namespace {

TEST(Elo, EvenScoreIsZero) {
  EloEstimate e = estimate_elo(40, 20, 40);
  EXPECT_DOUBLE_EQ(e.score, 0.5);
  EXPECT_NEAR(e.elo, 0, 1e-9);
  EXPECT_LT(e.low, 0);
  EXPECT_GT(e.high, 0);
  EXPECT_NEAR(e.low, -e.high, 1e-9);
}

TEST(Elo, SeventyFivePercentIsAbout191) {
  // 400 * log10(0.75 / 0.25) = 190.85
  EloEstimate e = estimate_elo(75, 0, 25);
  EXPECT_NEAR(e.elo, 190.85, 0.01);
  // Score standard error sqrt(0.75 * 0.25 / 100) = 0.0433; 0.75 -+ 1.96 se = 0.665 / 0.835.
  EXPECT_NEAR(e.low, -400 * std::log10(1 / 0.66513 - 1), 1.0);
  EXPECT_NEAR(e.high, -400 * std::log10(1 / 0.83487 - 1), 1.0);
}

TEST(Elo, DrawsNarrowTheInterval) {
  EloEstimate decisive = estimate_elo(50, 0, 50);
  EloEstimate drawish = estimate_elo(10, 80, 10);
  EXPECT_LT(drawish.high - drawish.low, decisive.high - decisive.low);
}

TEST(Elo, PerfectScoreStaysFiniteWithAnHonestLowerBound) {
  EloEstimate e = estimate_elo(100, 0, 0);
  EXPECT_TRUE(std::isfinite(e.elo));
  EXPECT_GT(e.elo, 800);
  EXPECT_LT(e.low, e.elo);  // Wilson bound: about 0.963 -> +567
  EXPECT_NEAR(e.low, 567, 10);
}

TEST(Elo, NoGamesIsZero) {
  EloEstimate e = estimate_elo(0, 0, 0);
  EXPECT_EQ(e.games, 0);
  EXPECT_EQ(e.elo, 0);
}

}  // namespace
}  // namespace bh
