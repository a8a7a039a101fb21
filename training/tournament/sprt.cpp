// sprt.cpp — the generalised SPRT's log-likelihood ratio (normal approximation of the
// per-game score, as fishtest's trinomial form) and its decision.
#include "training/tournament/sprt.h"

#include <cmath>
#include <cstdio>
#include <stdexcept>
#include <string>

#include "training/players/elo.h"

namespace bh {
namespace {

void check(const SprtConfig& config, int wins, int draws, int losses) {
  if (wins < 0 || draws < 0 || losses < 0)
    throw std::invalid_argument("sprt: negative result count (" + std::to_string(wins) + "/" +
                                std::to_string(draws) + "/" + std::to_string(losses) + ")");
  if (!(config.alpha > 0 && config.alpha < 1 && config.beta > 0 && config.beta < 1))
    throw std::invalid_argument("sprt: alpha and beta must lie in (0, 1), got " + std::to_string(config.alpha) +
                                " and " + std::to_string(config.beta));
  if (!(config.elo0 < config.elo1))
    throw std::invalid_argument("sprt: elo0 must be below elo1, got " + std::to_string(config.elo0) + " and " +
                                std::to_string(config.elo1));
}

// With the per-game score's mean s and variance var, the two hypotheses' scores s0 and s1
// are compared as normal means: LLR = N (s1 - s0) (2s - s0 - s1) / (2 var). A kind of
// result not seen yet counts as 0.001 games in s and var (as fishtest regularises), so
// that a run of wins only, or draws only, still has a spread and can decide.
double llr(const SprtConfig& config, int wins, int draws, int losses) {
  const double n = wins + draws + losses;
  if (n == 0) return 0;
  auto seen = [](int count) { return count > 0 ? double(count) : 1e-3; };
  const double w = seen(wins), d = seen(draws), l = seen(losses), m = w + d + l;
  const double s = (w + 0.5 * d) / m;
  const double var = (w * (1 - s) * (1 - s) + d * (0.5 - s) * (0.5 - s) + l * s * s) / m;
  const double s0 = score_from_elo(config.elo0), s1 = score_from_elo(config.elo1);
  return n * (s1 - s0) * (2 * s - s0 - s1) / (2 * var);
}

}  // namespace

SprtState sprt(const SprtConfig& config, int wins, int draws, int losses) {
  check(config, wins, draws, losses);
  SprtState state;
  state.llr = llr(config, wins, draws, losses);
  state.lower = std::log(config.beta / (1 - config.alpha));
  state.upper = std::log((1 - config.beta) / config.alpha);
  if (state.llr >= state.upper) state.decision = SprtDecision::AcceptH1;
  else if (state.llr <= state.lower) state.decision = SprtDecision::AcceptH0;
  return state;
}

std::string SprtState::to_string() const {
  const char* verdict = decision == SprtDecision::AcceptH1   ? "H1 accepted"
                        : decision == SprtDecision::AcceptH0 ? "H0 accepted"
                                                             : "continue";
  char buf[96];
  std::snprintf(buf, sizeof buf, "LLR %.2f [%.2f, %.2f]: %s", llr, lower, upper, verdict);
  return buf;
}

}  // namespace bh
