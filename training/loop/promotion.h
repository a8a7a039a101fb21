// promotion.h — when a new net becomes the best (training/loop/README.md "Experiments"): it
// must beat the best net in their arena, and, against each fixed opponent with a margin
// set (greedy, the tactical evaluator), score no lower than the best net did by more than
// that margin. The fixed opponents keep the chain of best nets from drifting away from
// what they punish: a net can beat its predecessor at its own game while getting worse at
// bughouse, and the best net is the player the run makes (checkpoints/best.ckpt).
#pragma once

#include <optional>

#include "training/config/config.h"

namespace bh {

enum class PromotionVerdict { Promoted, LostToTheBest, FellAgainstGreedy, FellAgainstTactical };

// A new net's scores and the best net's. An opponent score is nullopt when the new net did
// not play it, and the best's is negative when it never did; either way that opponent
// never refuses a promotion.
struct PromotionEvidence {
  double vs_best = 0;
  std::optional<double> vs_greedy;
  double best_vs_greedy = -1;
  std::optional<double> vs_tactical;
  double best_vs_tactical = -1;
};

PromotionVerdict judge_promotion(const EvaluationSettings& settings, const PromotionEvidence& evidence);

const char* to_string(PromotionVerdict v);

}  // namespace bh
