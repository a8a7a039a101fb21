// Specification of promotion (training/loop/promotion.h): a new net becomes the best when it
// scores promote_score against the best and, against each fixed opponent whose margin is
// set (greedy, the tactical evaluator), no lower than the best net's score by more than
// that margin. Values worked by hand.
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

PromotionEvidence greedy(double vs_best, std::optional<double> vs_greedy, double best_vs_greedy) {
  return {vs_best, vs_greedy, best_vs_greedy, std::nullopt, -1};
}

PromotionEvidence tactical(double vs_best, std::optional<double> vs_tactical, double best_vs_tactical) {
  return {vs_best, std::nullopt, -1, vs_tactical, best_vs_tactical};
}

TEST(Promotion, NeedsTheScoreAgainstTheBest) {
  EXPECT_EQ(judge_promotion(settings(1), greedy(0.55, 0.9, 0.8)), PromotionVerdict::Promoted);
  EXPECT_EQ(judge_promotion(settings(1), greedy(0.54, 0.9, 0.8)), PromotionVerdict::LostToTheBest);
}

TEST(Promotion, RefusesANetThatFellAgainstGreedyByMoreThanTheMargin) {
  // The best scored 80% against greedy; with a margin of 0.1, 70% holds and 69% does not.
  EXPECT_EQ(judge_promotion(settings(0.1), greedy(0.75, 0.70, 0.80)), PromotionVerdict::Promoted);
  EXPECT_EQ(judge_promotion(settings(0.1), greedy(0.75, 0.69, 0.80)), PromotionVerdict::FellAgainstGreedy);
  EXPECT_EQ(judge_promotion(settings(0.1), greedy(0.75, 0.95, 0.80)), PromotionVerdict::Promoted);
}

TEST(Promotion, RefusesANetThatFellAgainstTheTacticalEvaluatorByMoreThanTheMargin) {
  // The best scored 65% of its matches against the tactical evaluator; with a margin of
  // 0.05, 60% holds and 59% does not, whatever it did against the best.
  EXPECT_EQ(judge_promotion(settings(1, 0.05), tactical(0.75, 0.60, 0.65)), PromotionVerdict::Promoted);
  EXPECT_EQ(judge_promotion(settings(1, 0.05), tactical(0.9, 0.59, 0.65)), PromotionVerdict::FellAgainstTactical);
  EXPECT_EQ(judge_promotion(settings(1, 0.05), tactical(0.6, 0.70, 0.65)), PromotionVerdict::Promoted);
  EXPECT_EQ(judge_promotion(settings(1, 1), tactical(0.6, 0.10, 0.65)), PromotionVerdict::Promoted);  // 1: no check
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
