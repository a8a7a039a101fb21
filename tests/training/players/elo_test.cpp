// Specification of the Elo estimate against hand-computed values of the logistic model.
#include <gtest/gtest.h>

#include <cmath>

#include "training/players/elo.h"

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

TEST(Elo, ScoreFromEloIsTheLogisticModel) {
  EXPECT_DOUBLE_EQ(score_from_elo(0), 0.5);
  // 400 * log10(3) Elo expects 3 points in 4: 1 / (1 + 1/3).
  EXPECT_NEAR(score_from_elo(400 * std::log10(3.0)), 0.75, 1e-12);
  EXPECT_NEAR(score_from_elo(-400), 1 / 11.0, 1e-12);
  EXPECT_NEAR(score_from_elo(2000), 1 / (1 + 1e-5), 1e-15);  // uncapped, unlike elo_from_score
  EXPECT_NEAR(elo_from_score(score_from_elo(-123.4)), -123.4, 1e-9);
}

TEST(EloChain, VariancesAddAlongTheChain) {
  // Two links of +100 with 95% half-widths of 100 and 50: the second net stands at +200
  // with a half-width of 1.96 x sqrt((100/1.96)^2 + (50/1.96)^2) = sqrt(100^2 + 50^2).
  EloChain chain;
  EloEstimate first;
  first.elo = 100, first.low = 0, first.high = 200;
  const EloChain::Link one = chain.measure(first);
  EXPECT_DOUBLE_EQ(one.elo, 100);
  EXPECT_NEAR(one.high - one.elo, 100, 1e-9);
  chain.promote(one);
  EloEstimate second;
  second.elo = 100, second.low = 50, second.high = 150;
  const EloChain::Link two = chain.measure(second);
  EXPECT_DOUBLE_EQ(two.elo, 200);
  EXPECT_NEAR(two.high - two.elo, std::sqrt(100.0 * 100 + 50 * 50), 1e-9);
  EXPECT_NEAR(two.elo - two.low, std::sqrt(100.0 * 100 + 50 * 50), 1e-9);
  // Not promoted: the next net is measured against the same best.
  EXPECT_NEAR(chain.measure(second).high - 200, std::sqrt(100.0 * 100 + 50 * 50), 1e-9);
}

}  // namespace
}  // namespace bh
