// Specification of promotion (training/promotion.h): a new net becomes the best when it
// scores promote_score against the best and, against greedy, no lower than the best net's
// score by more than promote_greedy_margin. Values worked by hand.
#include <gtest/gtest.h>

#include "training/loop/promotion.h"

namespace bh {
namespace {

EvaluationSettings settings(double margin) {
  EvaluationSettings e;
  e.promote_score = 0.55;
  e.promote_greedy_margin = margin;
  return e;
}

TEST(Promotion, NeedsTheScoreAgainstTheBest) {
  EXPECT_EQ(judge_promotion(settings(1), 0.55, 0.9, 0.8), PromotionVerdict::Promoted);
  EXPECT_EQ(judge_promotion(settings(1), 0.54, 0.9, 0.8), PromotionVerdict::LostToTheBest);
}

TEST(Promotion, RefusesANetThatFellAgainstGreedyByMoreThanTheMargin) {
  // The best scored 80% against greedy; with a margin of 0.1, 70% holds and 69% does not.
  EXPECT_EQ(judge_promotion(settings(0.1), 0.75, 0.70, 0.80), PromotionVerdict::Promoted);
  EXPECT_EQ(judge_promotion(settings(0.1), 0.75, 0.69, 0.80), PromotionVerdict::FellAgainstGreedy);
  EXPECT_EQ(judge_promotion(settings(0.1), 0.75, 0.95, 0.80), PromotionVerdict::Promoted);
}

TEST(Promotion, TheDefaultMarginNeverRefuses) {
  EXPECT_EQ(judge_promotion(EvaluationSettings{}, 0.6, 0.0, 1.0), PromotionVerdict::Promoted);
}

TEST(Promotion, AnUnmeasuredGreedyScoreNeverRefuses) {
  EXPECT_EQ(judge_promotion(settings(0), 0.6, std::nullopt, 0.9), PromotionVerdict::Promoted);  // no greedy arena
  EXPECT_EQ(judge_promotion(settings(0), 0.6, 0.1, -1), PromotionVerdict::Promoted);           // the best never met greedy
}

TEST(Promotion, LosingToTheBestComesFirst) {
  EXPECT_EQ(judge_promotion(settings(0), 0.5, 0.1, 0.9), PromotionVerdict::LostToTheBest);
  EXPECT_STREQ(to_string(PromotionVerdict::FellAgainstGreedy), "fell against greedy");
}

}  // namespace
}  // namespace bh
