// promotion.h — when a new net becomes the best (training/loop/README.md "Experiments"): it
// must beat the best net in their arena, and, against each fixed opponent with a margin
// set (greedy, the tactical evaluator), score no lower than the bar by more than that
// margin. Against greedy the bar is the highest score any promoted net has shown there
// (greedy saturates, so the bar is the ceiling). Against the tactical evaluator it is the
// current best's score over all its matches there, those it was promoted on and as many
// played after its promotion (evaluation_stage.cpp): the score a net was promoted on is
// the luckiest of several tries, and a bar made of such scores alone rose above what the
// nets could repeat (training/loop/README.md "Experiments": the winner's curse), where the
// later matches alone, 80 of them, were as noisy as that luck and let weaker nets through
// (the pooled bar). A negative margin asks a new net to beat the bar by that much. The
// fixed opponents keep the chain of best nets from drifting away from what they punish: a
// net can beat its predecessor at its own game while getting worse at bughouse, and the
// best net is the player the run makes (checkpoints/best.ckpt).
#pragma once

#include <optional>

#include "training/config/config.h"

namespace bh {

enum class PromotionVerdict { Promoted, LostToTheBest, FellAgainstGreedy, FellAgainstTactical };

// A new net's scores and the bars (RunState). An opponent score is nullopt
// when the new net did not play it, and a bar is negative while no promoted net has (a
// tactical-residual run's generation 0 starts the tactical bar at 50%: it plays as the
// tactical evaluator); either way that opponent never refuses a promotion.
struct PromotionEvidence {
  double vs_best = 0;
  std::optional<double> vs_greedy;
  double bar_vs_greedy = -1;
  std::optional<double> vs_tactical;
  double bar_vs_tactical = -1;
};

// The bar against greedy once a net that scored `score` there is promoted: the higher of
// the two; a score not measured leaves it.
double raised_bar(double bar, std::optional<double> score);

PromotionVerdict judge_promotion(const EvaluationSettings& settings, const PromotionEvidence& evidence);

const char* to_string(PromotionVerdict v);

}  // namespace bh
