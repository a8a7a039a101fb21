// Specification of promotion (training/loop/promotion.h): a new net becomes the best when it
// scores promote_score against the best and, against each fixed opponent whose margin is
// set (greedy, the tactical evaluator), no lower than the bar by more than that margin.
// Against greedy the bar is the highest score a promoted net has shown there (the tactical
// bar, a fresh measurement of the best, is set by a run: TrainPromotion). Values worked by
// hand.
#include <gtest/gtest.h>

#include "training/loop/promotion.h"

namespace bh {
namespace {

EvaluationSettings settings(double greedy_margin, double tactical_margin = 1) {
  EvaluationSettings e;
  e.promote_score = 0.55;
  e.promote_greedy_margin = greedy_margin;
  e.promote_tactical_margin = tactical_margin;
  return e;
}

PromotionEvidence greedy(double vs_best, std::optional<double> vs_greedy, double bar) {
  return {vs_best, vs_greedy, bar, std::nullopt, -1};
}

PromotionEvidence tactical(double vs_best, std::optional<double> vs_tactical, double bar) {
  return {vs_best, std::nullopt, -1, vs_tactical, bar};
}

TEST(Promotion, NeedsTheScoreAgainstTheBest) {
  EXPECT_EQ(judge_promotion(settings(1), greedy(0.55, 0.9, 0.8)), PromotionVerdict::Promoted);
  EXPECT_EQ(judge_promotion(settings(1), greedy(0.54, 0.9, 0.8)), PromotionVerdict::LostToTheBest);
}

TEST(Promotion, RefusesANetThatFellAgainstGreedyByMoreThanTheMargin) {
  // The bar is 80% against greedy; with a margin of 0.1, 70% holds and 69% does not.
  EXPECT_EQ(judge_promotion(settings(0.1), greedy(0.75, 0.70, 0.80)), PromotionVerdict::Promoted);
  EXPECT_EQ(judge_promotion(settings(0.1), greedy(0.75, 0.69, 0.80)), PromotionVerdict::FellAgainstGreedy);
  EXPECT_EQ(judge_promotion(settings(0.1), greedy(0.75, 0.95, 0.80)), PromotionVerdict::Promoted);
}

TEST(Promotion, RefusesANetThatFellAgainstTheTacticalEvaluatorByMoreThanTheMargin) {
  // The bar is 65% of the matches against the tactical evaluator; with a margin of 0.05,
  // 60% holds and 59% does not, whatever it did against the best.
  EXPECT_EQ(judge_promotion(settings(1, 0.05), tactical(0.75, 0.60, 0.65)), PromotionVerdict::Promoted);
  EXPECT_EQ(judge_promotion(settings(1, 0.05), tactical(0.9, 0.59, 0.65)), PromotionVerdict::FellAgainstTactical);
  EXPECT_EQ(judge_promotion(settings(1, 0.05), tactical(0.6, 0.70, 0.65)), PromotionVerdict::Promoted);
  EXPECT_EQ(judge_promotion(settings(1, 1), tactical(0.6, 0.10, 0.65)), PromotionVerdict::Promoted);  // 1: no check
}

TEST(Promotion, ANegativeTacticalMarginAsksForThatMuchAboveTheBar) {
  // The bar is 65%; with a margin of -0.04 a net must score at least 69%: 69% holds, 68%
  // does not, and 65% (level with the player) does not either.
  EXPECT_EQ(judge_promotion(settings(1, -0.04), tactical(0.6, 0.69, 0.65)), PromotionVerdict::Promoted);
  EXPECT_EQ(judge_promotion(settings(1, -0.04), tactical(0.6, 0.68, 0.65)), PromotionVerdict::FellAgainstTactical);
  EXPECT_EQ(judge_promotion(settings(1, -0.04), tactical(0.6, 0.65, 0.65)), PromotionVerdict::FellAgainstTactical);
}

TEST(Promotion, TheGreedyBarIsTheHighestScoreAPromotedNetHasShownAndNeverSteps) {
  // A margin of 0.05 against greedy. A net promoted at 95% sets the bar; one at 90.5% is
  // promoted (within the margin) but leaves the bar at 95%, so one at 87% is refused.
  // Measured against the current best's own 90.5%, 87% would have held: a margin taken
  // from each new best lets the bar step down with every promotion.
  double bar = raised_bar(-1, 0.95);
  EXPECT_EQ(bar, 0.95);
  EXPECT_EQ(judge_promotion(settings(0.05), greedy(0.6, 0.905, bar)), PromotionVerdict::Promoted);
  bar = raised_bar(bar, 0.905);
  EXPECT_EQ(bar, 0.95);
  EXPECT_EQ(judge_promotion(settings(0.05), greedy(0.6, 0.87, bar)), PromotionVerdict::FellAgainstGreedy);
  EXPECT_EQ(judge_promotion(settings(0.05), greedy(0.6, 0.87, 0.905)), PromotionVerdict::Promoted);
  EXPECT_EQ(raised_bar(bar, 0.97), 0.97);          // a higher score raises it
  EXPECT_EQ(raised_bar(bar, std::nullopt), 0.95);  // a net that never played leaves it
}

TEST(Promotion, TheDefaultMarginsNeverRefuse) {
  EXPECT_EQ(judge_promotion(EvaluationSettings{}, {0.6, 0.0, 1.0, 0.0, 1.0}), PromotionVerdict::Promoted);
}

TEST(Promotion, AnUnmeasuredScoreNeverRefuses) {
  EXPECT_EQ(judge_promotion(settings(0), greedy(0.6, std::nullopt, 0.9)), PromotionVerdict::Promoted);  // no arena
  EXPECT_EQ(judge_promotion(settings(0), greedy(0.6, 0.1, -1)), PromotionVerdict::Promoted);  // the best never met it
  EXPECT_EQ(judge_promotion(settings(1, 0), tactical(0.6, std::nullopt, 0.9)), PromotionVerdict::Promoted);
  EXPECT_EQ(judge_promotion(settings(1, 0), tactical(0.6, 0.1, -1)), PromotionVerdict::Promoted);
}

TEST(Promotion, LosingToTheBestComesFirstThenGreedyThenTactical) {
  EXPECT_EQ(judge_promotion(settings(0, 0), {0.5, 0.1, 0.9, 0.1, 0.9}), PromotionVerdict::LostToTheBest);
  EXPECT_EQ(judge_promotion(settings(0, 0), {0.6, 0.1, 0.9, 0.1, 0.9}), PromotionVerdict::FellAgainstGreedy);
  EXPECT_STREQ(to_string(PromotionVerdict::FellAgainstGreedy), "fell against greedy");
  EXPECT_STREQ(to_string(PromotionVerdict::FellAgainstTactical), "fell against tactical");
}

}  // namespace
}  // namespace bh
