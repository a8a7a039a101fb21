// sprt.h — the sequential probability ratio test of engine testing: is the Elo of the
// first net over the second elo0 (H0) or elo1 (H1)? After each game the log-likelihood
// ratio of the results so far is compared with the bounds that alpha and beta give; the
// test stops as soon as it crosses one. The LLR uses the generalised (trinomial, normal
// approximation) form that fishtest uses for wins/draws/losses with the logistic Elo.
#pragma once

#include <string>

namespace bh {

struct SprtConfig {
  double elo0 = 0, elo1 = 10;
  double alpha = 0.05, beta = 0.05;
};

enum class SprtDecision { Continue, AcceptH0, AcceptH1 };

struct SprtState {
  double llr = 0;
  double lower = 0, upper = 0;   // log(beta / (1 - alpha)), log((1 - beta) / alpha)
  SprtDecision decision = SprtDecision::Continue;
  // "LLR 1.23 [-2.94, 2.94]: continue", or ": H1 accepted" / ": H0 accepted"
  std::string to_string() const;
};

// Results from the first net's view. With no games the LLR is 0; a kind of result not seen
// yet counts as 0.001 games, so runs of one result still decide. Throws std::invalid_argument for negative counts, alpha or beta outside (0, 1),
// or elo0 >= elo1.
SprtState sprt(const SprtConfig& config, int wins, int draws, int losses);

}  // namespace bh
