// promotion.cpp — the promotion rule of promotion.h.
#include "training/loop/promotion.h"

#include <algorithm>
#include <array>

namespace bh {

namespace {

struct FixedOpponent {
  std::optional<double> score;  // the new net's
  double bar;                   // negative: none
  double margin;                // 1: no check
  PromotionVerdict refusal;
};

bool fell(const FixedOpponent& o) {
  if (!o.score || o.bar < 0 || o.margin >= 1) return false;
  // Scores are fractions of matches: a score exactly at the margin holds (1e-9 absorbs the
  // rounding of 0.8 - 0.1).
  return *o.score < o.bar - o.margin - 1e-9;
}

}  // namespace

double raised_bar(double bar, std::optional<double> score) { return score ? std::max(bar, *score) : bar; }

PromotionVerdict judge_promotion(const EvaluationSettings& settings, const PromotionEvidence& evidence) {
  if (evidence.vs_best < settings.promote_score) return PromotionVerdict::LostToTheBest;
  const std::array<FixedOpponent, 2> opponents{{
      {evidence.vs_greedy, evidence.bar_vs_greedy, settings.promote_greedy_margin, PromotionVerdict::FellAgainstGreedy},
      {evidence.vs_tactical, evidence.bar_vs_tactical, settings.promote_tactical_margin,
       PromotionVerdict::FellAgainstTactical},
  }};
  for (const FixedOpponent& o : opponents)
    if (fell(o)) return o.refusal;
  return PromotionVerdict::Promoted;
}

const char* to_string(PromotionVerdict v) {
  switch (v) {
    case PromotionVerdict::Promoted: return "promoted";
    case PromotionVerdict::LostToTheBest: return "lost to the best";
    case PromotionVerdict::FellAgainstGreedy: return "fell against greedy";
    case PromotionVerdict::FellAgainstTactical: return "fell against tactical";
  }
  return "?";
}

}  // namespace bh
