// promotion.h — when a new net becomes the best (training/loop/README.md "Experiments"): it
// must beat the best net in their arena, and, against the fixed greedy mover, score no
// lower than the best net did by more than a margin. The second rule keeps the chain of
// best nets from drifting away from what a fixed opponent punishes: a net can beat its
// predecessor at its own game while getting worse at bughouse.
#pragma once

#include <optional>

#include "training/config/config.h"

namespace bh {

enum class PromotionVerdict { Promoted, LostToTheBest, FellAgainstGreedy };

// vs_best: the new net's score against the best; vs_greedy: its score against greedy
// (nullopt when not played); best_vs_greedy: the best net's (negative when unmeasured).
// An unmeasured greedy score never refuses a promotion.
PromotionVerdict judge_promotion(const EvaluationSettings& settings, double vs_best, std::optional<double> vs_greedy,
                          double best_vs_greedy);

const char* to_string(PromotionVerdict v);

}  // namespace bh
