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

}  // namespace bh
