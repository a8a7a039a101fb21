// time_model.cpp — think times: fixed, or log-normal with a floor, and their expectations.
#include "mcts/time_model.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace bh {

namespace {

// P(Z > x) for a standard normal Z, accurate far into the tail.
double upper_tail(double x) { return 0.5 * std::erfc(x / std::sqrt(2.0)); }

// To the nearest point of the time grid.
std::int64_t round_ms(double ms) { return std::int64_t(std::llround(ms / double(kTimeGridMs))) * kTimeGridMs; }

}  // namespace

void TimeModelConfig::validate() const {
  auto need = [](bool ok, const char* what) {
    if (!ok) throw std::invalid_argument(std::string("time model: ") + what);
  };
  need(fixed_ms >= 10 && fixed_ms <= 3'600'000, "fixed_ms must be in [10, 3600000]");
  need(clock_fraction > 0 && clock_fraction <= 1, "clock_fraction must be in (0, 1]");
  need(sigma >= 0 && sigma <= 3, "sigma must be in [0, 3]");
  need(min_ms >= 10 && min_ms <= 600'000, "min_ms must be in [10, 600000]");
  need(untimed_ms >= 10 && untimed_ms <= 3'600'000, "untimed_ms must be in [10, 3600000]");
  need(wait_ms >= 10 && wait_ms <= 600'000, "wait_ms must be in [10, 600000]");
  need(fixed_ms % kTimeGridMs == 0 && min_ms % kTimeGridMs == 0 && untimed_ms % kTimeGridMs == 0 &&
           wait_ms % kTimeGridMs == 0,
       "fixed_ms, min_ms, untimed_ms and wait_ms must be multiples of 10 ms (the clock grid of BPGN)");
}

std::string TimeModelConfig::kind_name(ThinkKind k) { return k == ThinkKind::Fixed ? "fixed" : "lognormal"; }

TimeModel::TimeModel(const TimeModelConfig& config) : config_(config) { config_.validate(); }

double TimeModel::median_ms(std::int64_t clock_ms) const {
  double m = clock_ms > 0 ? config_.clock_fraction * double(clock_ms) : double(config_.untimed_ms);
  return std::max(m, 1.0);
}

std::int64_t TimeModel::sample_ms(std::int64_t clock_ms, Rng& rng) const {
  if (config_.kind == ThinkKind::Fixed) return config_.fixed_ms;
  double t = median_ms(clock_ms) * std::exp(config_.sigma * rng.normal());
  return std::max(config_.min_ms, round_ms(t));
}

std::int64_t TimeModel::expected_ms(std::int64_t clock_ms) const {
  if (config_.kind == ThinkKind::Fixed) return config_.fixed_ms;
  const double f = double(config_.min_ms), mu = std::log(median_ms(clock_ms)), s = config_.sigma;
  if (s == 0) return std::max(config_.min_ms, round_ms(std::exp(mu)));
  // E[max(f, X)] for X log-normal(mu, s): f P(X < f) + E[X; X >= f].
  const double z = (std::log(f) - mu) / s;
  double mean = f * (1 - upper_tail(z)) + std::exp(mu + s * s / 2) * upper_tail(z - s);
  return std::max(config_.min_ms, round_ms(mean));
}

std::int64_t TimeModel::expected_rest_ms(std::int64_t clock_ms, std::int64_t elapsed_ms) const {
  elapsed_ms = std::max<std::int64_t>(elapsed_ms, 0);
  constexpr std::int64_t step = kTimeGridMs;
  if (config_.kind == ThinkKind::Fixed) return std::max(step, round_ms(double(config_.fixed_ms - elapsed_ms)));
  if (elapsed_ms < config_.min_ms) return std::max(step, round_ms(double(expected_ms(clock_ms) - elapsed_ms)));
  const double e = double(elapsed_ms), mu = std::log(median_ms(clock_ms)), s = config_.sigma;
  if (s == 0) return std::max(step, round_ms(std::exp(mu) - e));
  // E[X | X > e] = exp(mu + s^2/2) P(Z > z - s) / P(Z > z), z = (ln e - mu) / s.
  const double z = (std::log(e) - mu) / s;
  const double tail = upper_tail(z);
  if (tail < 1e-280) return config_.min_ms;  // far past every plausible think: expect it soon
  double conditional = std::exp(mu + s * s / 2) * upper_tail(z - s) / tail;
  return std::max(step, round_ms(conditional - e));
}

}  // namespace bh
