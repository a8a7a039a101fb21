// elo.h — Elo difference and its confidence interval from a match score (wins, draws,
// losses), as arenas and the generation loop report it.
#pragma once

#include <string>

namespace bh {

struct EloEstimate {
  double score = 0.5;  // (wins + draws / 2) / games
  double elo = 0;      // the Elo difference that expects this score
  double low = 0;      // 95% interval (normal approximation on the score)
  double high = 0;
  int games = 0;
  // "+123 [+80, +170] (61.5% of 100)"
  std::string to_string() const;
};

// Elo difference of the first player over the second. Scores of 0 or 1 give finite
// values by bounding the score to [0.5/n, 1 - 0.5/n]; each side is capped at +-kEloCap.
EloEstimate estimate_elo(int wins, int draws, int losses);
double elo_from_score(double score);
inline constexpr double kEloCap = 1200;
// The expected score of a player `elo` above its opponent, 1 / (1 + 10^(-elo / 400)): the
// inverse of elo_from_score, uncapped (tournament ratings and the SPRT need the model itself).
double score_from_elo(double elo);

// A rating chained through matches: the first net is 0; a new net's Elo is the best net's
// plus its result against it. Each match's uncertainty adds to the chain's (variances add,
// half an interval taken as 1.96 sigma), so the interval of a late net is honest about
// every link behind it.
struct EloChain {
  double best_elo = 0;
  double best_variance = 0;  // of best_elo

  struct Link {
    double elo = 0, low = 0, high = 0;  // the new net's chained Elo and its 95% interval
    double variance = 0;
  };
  Link measure(const EloEstimate& vs_best) const;
  // The measured net becomes the best.
  void promote(const Link& link) { best_elo = link.elo, best_variance = link.variance; }
};

}  // namespace bh
