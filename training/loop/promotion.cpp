// promotion.cpp — the promotion rule of promotion.h.
#include "training/loop/promotion.h"

namespace bh {

PromotionVerdict judge_promotion(const EvaluationSettings& settings, double vs_best, std::optional<double> vs_greedy,
                          double best_vs_greedy) {
  if (vs_best < settings.promote_score) return PromotionVerdict::LostToTheBest;
  // Scores are fractions of matches: a score exactly at the margin holds (1e-9 absorbs the
  // rounding of 0.8 - 0.1).
  if (vs_greedy && best_vs_greedy >= 0 && *vs_greedy < best_vs_greedy - settings.promote_greedy_margin - 1e-9)
    return PromotionVerdict::FellAgainstGreedy;
  return PromotionVerdict::Promoted;
}

const char* to_string(PromotionVerdict v) {
  switch (v) {
    case PromotionVerdict::Promoted: return "promoted";
    case PromotionVerdict::LostToTheBest: return "lost to the best";
    case PromotionVerdict::FellAgainstGreedy: return "fell against greedy";
  }
  return "?";
}

}  // namespace bh
