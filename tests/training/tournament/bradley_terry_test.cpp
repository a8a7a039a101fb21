// Specification of the Bradley-Terry ratings against values worked by hand from the
// logistic model p = 1 / (1 + 10^(-d/400)).
#include <gtest/gtest.h>

#include <array>
#include <cmath>
#include <limits>
#include <stdexcept>

#include "training/tournament/bradley_terry.h"

namespace bh {
namespace {

// A beat B in three games of four.
const std::vector<GameResult> kThreeOfFour = {{0, 1, 1}, {1, 0, 0}, {0, 1, 1}, {1, 0, 1}};

TEST(BradleyTerry, ThreeOfFourIsTheLogitOfThreeQuarters) {
  // The maximum sets p = 3/4: d = 400·log10(0.75/0.25) = 400·log10(3) = 190.849.
  // Fisher information of d: n·p·(1-p)·(ln10/400)² = 4·(3/16)·(0.0057565)² = 2.4853e-5, so
  // sigma = 1/sqrt(2.4853e-5) = 200.59 and the half interval 1.96·200.59 = 393.16.
  const std::vector<Rating> r = bradley_terry(2, kThreeOfFour, {.anchor = 1, .anchor_elo = 0, .prior_draws = 0});
  EXPECT_NEAR(r[0].elo, 400 * std::log10(3.0), 1e-6);
  EXPECT_NEAR(r[0].elo, 190.849, 1e-3);
  EXPECT_NEAR(r[0].high - r[0].elo, 393.160, 1e-3);
  EXPECT_NEAR(r[0].elo - r[0].low, 393.160, 1e-3);
  EXPECT_EQ(r[1].elo, 0);
  EXPECT_EQ(r[1].low, 0);  // the anchor is fixed
  EXPECT_EQ(r[1].high, 0);
  EXPECT_EQ(r[0].games, 4);
  EXPECT_EQ(r[1].games, 4);
}

TEST(BradleyTerry, TheAnchorShiftsEveryRating) {
  // The same games anchored on A at 1500: B is 190.85 below.
  const std::vector<Rating> r = bradley_terry(2, kThreeOfFour, {.anchor = 0, .anchor_elo = 1500, .prior_draws = 0});
  EXPECT_EQ(r[0].elo, 1500);
  EXPECT_NEAR(r[1].elo, 1500 - 400 * std::log10(3.0), 1e-6);
  EXPECT_NEAR(r[1].high - r[1].elo, 393.160, 1e-3);
}

TEST(BradleyTerry, AnEvenCycleRatesEveryoneEqual) {
  // 0 beats 1, 1 beats 2, 2 beats 0, twice round: every pair splits its games.
  const std::vector<GameResult> games = {{0, 1, 1}, {1, 2, 1}, {2, 0, 1}, {1, 0, 0}, {2, 1, 0}, {0, 2, 0}};
  const std::vector<Rating> r = bradley_terry(3, games, {.anchor = 0, .anchor_elo = 100, .prior_draws = 0});
  for (int e = 0; e < 3; ++e) EXPECT_NEAR(r[e].elo, 100, 1e-6) << e;
  EXPECT_NEAR(r[1].high - r[1].low, r[2].high - r[2].low, 1e-6);
  EXPECT_GT(r[1].high, r[1].elo);
}

TEST(BradleyTerry, AnEntrantNotLinkedToTheAnchorIsUnrated) {
  // 0-1 and 2-3 play among themselves: 2 and 3 are unrated, 0 and 1 as usual.
  const std::vector<GameResult> games = {{0, 1, 1}, {1, 0, 1}, {2, 3, 1}, {3, 2, 0.5}};
  const std::vector<Rating> r = bradley_terry(4, games, {.anchor = 0, .anchor_elo = 50});
  const double inf = std::numeric_limits<double>::infinity();
  for (int e : {2, 3}) {
    EXPECT_EQ(r[e].elo, 50) << e;
    EXPECT_EQ(r[e].low, -inf) << e;
    EXPECT_EQ(r[e].high, inf) << e;
    EXPECT_EQ(r[e].games, 2) << e;
  }
  EXPECT_NEAR(r[1].elo, 50, 1e-6);  // a split pair and the prior's draw: equal to the anchor
  EXPECT_TRUE(std::isfinite(r[1].low));
}

TEST(BradleyTerry, ThePriorKeepsAPerfectScoreFinite) {
  // 0 beats 1 four times. The prior adds one draw of 1 against a virtual entrant at the
  // anchor's rating, which is 0's: 1 has ½ point from 5 games against rating 0, so
  // p = 0.1 and d = 400·log10(0.1/0.9) = -381.70.
  const std::vector<GameResult> games(4, GameResult{0, 1, 1});
  const std::vector<Rating> r = bradley_terry(2, games, {.anchor = 0, .anchor_elo = 0, .prior_draws = 1});
  EXPECT_NEAR(r[1].elo, -400 * std::log10(9.0), 1e-6);
  EXPECT_TRUE(std::isfinite(r[1].low));
  EXPECT_LT(r[1].low, r[1].elo);
}

TEST(BradleyTerry, WithoutAPriorAPerfectScoreHasNoFiniteRating) {
  const std::vector<GameResult> games(4, GameResult{0, 1, 1});
  EXPECT_THROW(bradley_terry(2, games, {.anchor = 0, .anchor_elo = 0, .prior_draws = 0}), std::domain_error);
}

TEST(BradleyTerry, HomeAndAwayDoNotMatter) {
  const std::vector<GameResult> swapped = {{1, 0, 0}, {0, 1, 1}, {1, 0, 0}, {0, 1, 0}};
  const std::vector<Rating> a = bradley_terry(2, kThreeOfFour, {.anchor = 1, .anchor_elo = 0, .prior_draws = 0});
  const std::vector<Rating> b = bradley_terry(2, swapped, {.anchor = 1, .anchor_elo = 0, .prior_draws = 0});
  EXPECT_NEAR(a[0].elo, b[0].elo, 1e-9);
}

TEST(BradleyTerry, NoGamesLeaveOnlyTheAnchorRated) {
  const std::vector<Rating> r = bradley_terry(3, {}, {.anchor = 1, .anchor_elo = 7});
  EXPECT_EQ(r[1].elo, 7);
  EXPECT_EQ(r[1].low, 7);
  EXPECT_EQ(r[0].elo, 7);
  EXPECT_EQ(r[0].high, std::numeric_limits<double>::infinity());
  EXPECT_EQ(r[2].games, 0);
}

TEST(BradleyTerry, RejectsABadAnchorOrGame) {
  EXPECT_THROW(bradley_terry(2, kThreeOfFour, {.anchor = 2}), std::invalid_argument);
  EXPECT_THROW(bradley_terry(2, {{0, 5, 1}}), std::invalid_argument);
  EXPECT_THROW(bradley_terry(2, kThreeOfFour, {.prior_draws = -1}), std::invalid_argument);
}

// Teams of two: a team is as strong as the mean of its players' ratings.

TEST(BradleyTerryTeams, APlayerHoldingBothSeatsIsRatedAsInADuel) {
  std::vector<TeamGameResult> teams;
  for (const GameResult& g : kThreeOfFour) teams.push_back({{g.home, g.home}, {g.away, g.away}, g.home_score});
  const RatingOptions options{.anchor = 1, .anchor_elo = 0, .prior_draws = 1};
  const std::vector<Rating> duel = bradley_terry(2, kThreeOfFour, options);
  const std::vector<Rating> solo = bradley_terry_teams(2, teams, options);
  EXPECT_NEAR(solo[0].elo, duel[0].elo, 1e-9);
  EXPECT_NEAR(solo[0].low, duel[0].low, 1e-9);
  EXPECT_EQ(solo[0].games, 4);
}

TEST(BradleyTerryTeams, RotatingPartnersSeparateThePlayers) {
  // Four players in all three splits into teams; player 0's team wins 3 of 4 matches in
  // each. By symmetry players 1, 2 and 3 are equal (r) and every match is player 0's team
  // against two of them: d = (r0 + r)/2 - r = (r0 - r)/2, so the maximum has
  // (r0 - r)/2 = 400·log10(3) = 190.849 and r0 - r = 381.70 (a prior of 1e-6 draws moves
  // it by far less than 0.01).
  std::vector<TeamGameResult> games;
  for (const auto& [partner, a, b] : std::vector<std::array<int, 3>>{{1, 2, 3}, {2, 1, 3}, {3, 1, 2}})
    for (double score : {1.0, 1.0, 1.0, 0.0}) games.push_back({{0, partner}, {a, b}, score});
  const std::vector<Rating> r = bradley_terry_teams(4, games, {.anchor = 1, .anchor_elo = 0, .prior_draws = 1e-6});
  EXPECT_NEAR(r[0].elo, 800 * std::log10(3.0), 0.01);
  EXPECT_NEAR(r[2].elo, 0, 0.01);
  EXPECT_NEAR(r[3].elo, 0, 0.01);
  EXPECT_EQ(r[0].games, 12);
  EXPECT_EQ(r[1].games, 12);
}

TEST(BradleyTerryTeams, RejectsAPlayerOnBothTeamsAndNoPrior) {
  EXPECT_THROW(bradley_terry_teams(3, {{{0, 1}, {1, 2}, 1}}), std::invalid_argument);
  EXPECT_THROW(bradley_terry_teams(3, {{{0, 1}, {2, 2}, 1}}, {.anchor = 0, .anchor_elo = 0, .prior_draws = 0}),
               std::invalid_argument);
  EXPECT_THROW(bradley_terry_teams(3, {{{0, 5}, {2, 2}, 1}}), std::invalid_argument);
}

}  // namespace
}  // namespace bh
