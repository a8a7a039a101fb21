// promotion.h — when a new net becomes the best (training/loop/README.md "Experiments"): it
// must beat the best net in their arena, and, against each fixed opponent with a margin
// set (greedy, the tactical evaluator), score no lower than the bar by more than that
// margin. The bar is the highest score any promoted net has shown against that opponent,
// not the current best's: compared with the best's own score, a margin lets the bar step
// down with every promotion. The fixed opponents keep the chain of best nets from drifting
// away from what they punish: a net can beat its predecessor at its own game while getting
// worse at bughouse, and the best net is the player the run makes (checkpoints/best.ckpt).
#pragma once

#include <optional>

#include "training/config/config.h"

namespace bh {

enum class PromotionVerdict { Promoted, LostToTheBest, FellAgainstGreedy, FellAgainstTactical };

// A new net's scores and the bars (RunState::highest_vs_*). An opponent score is nullopt
// when the new net did not play it, and a bar is negative while no promoted net has (a
// tactical-residual run's generation 0 starts the tactical bar at 50%: it plays as the
// tactical evaluator); either way that opponent never refuses a promotion.
struct PromotionEvidence {
  double vs_best = 0;
  std::optional<double> vs_greedy;
  double highest_vs_greedy = -1;
  std::optional<double> vs_tactical;
  double highest_vs_tactical = -1;
};

// The bar against one fixed opponent once a net that scored `score` there is promoted: the
// higher of the two; a score not measured leaves it.
double raised_bar(double bar, std::optional<double> score);

PromotionVerdict judge_promotion(const EvaluationSettings& settings, const PromotionEvidence& evidence);

const char* to_string(PromotionVerdict v);

}  // namespace bh
