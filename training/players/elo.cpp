// elo.cpp — logistic Elo and a trinomial normal interval.
#include "training/players/elo.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace bh {

double elo_from_score(double score) {
  if (score <= 0) return -kEloCap;
  if (score >= 1) return kEloCap;
  return std::clamp(-400.0 * std::log10(1.0 / score - 1.0), -kEloCap, kEloCap);
}

double score_from_elo(double elo) { return 1.0 / (1.0 + std::pow(10.0, -elo / 400.0)); }

EloEstimate estimate_elo(int wins, int draws, int losses) {
  EloEstimate e;
  e.games = wins + draws + losses;
  if (e.games == 0) return e;
  double n = e.games;
  double s = (wins + 0.5 * draws) / n;
  e.score = s;
  // Variance of one game's score around the mean, from the observed W/D/L frequencies.
  double var = (wins * (1 - s) * (1 - s) + draws * (0.5 - s) * (0.5 - s) + losses * s * s) / n;
  double se = std::sqrt(var / n);
  double bound = 0.5 / n;
  auto clamp_score = [&](double x) { return std::clamp(x, bound, 1 - bound); };
  e.elo = elo_from_score(clamp_score(s));
  constexpr double z = 1.96;
  if (var > 0) {
    e.low = elo_from_score(clamp_score(s - z * se));
    e.high = elo_from_score(clamp_score(s + z * se));
  } else {
    // All games ended alike: the normal interval collapses; use Wilson's score interval.
    double centre = (s + z * z / (2 * n)) / (1 + z * z / n);
    double half = z * std::sqrt(s * (1 - s) / n + z * z / (4 * n * n)) / (1 + z * z / n);
    e.low = elo_from_score(clamp_score(centre - half));
    e.high = elo_from_score(clamp_score(centre + half));
  }
  return e;
}

std::string EloEstimate::to_string() const {
  char buf[96];
  std::snprintf(buf, sizeof buf, "%+.0f [%+.0f, %+.0f] (%.1f%% of %d)", elo, low, high, 100 * score, games);
  return buf;
}

EloChain::Link EloChain::measure(const EloEstimate& vs_best) const {
  const double sigma = (vs_best.high - vs_best.low) / 2 / 1.96;
  Link l;
  l.elo = best_elo + vs_best.elo;
  l.variance = best_variance + sigma * sigma;
  const double half = 1.96 * std::sqrt(l.variance);
  l.low = l.elo - half;
  l.high = l.elo + half;
  return l;
}

}  // namespace bh
