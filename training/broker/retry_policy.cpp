// retry_policy.cpp — capped exponential backoff with jitter.
#include "training/broker/retry_policy.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace bh {

std::chrono::milliseconds RetryPolicy::delay(int retry, std::mt19937_64& rng) const {
  double d = double(initial_delay.count()) * std::pow(multiplier, std::max(0, retry - 1));
  d = std::min(d, double(max_delay.count()));
  double low = d * (1 - jitter);
  double drawn = low + (d - low) * std::uniform_real_distribution<double>(0, 1)(rng);
  return std::chrono::milliseconds(std::llround(drawn));
}

void RetryPolicy::validate() const {
  if (initial_delay.count() < 0 || max_delay.count() < 0 || give_up_after.count() < 0)
    throw std::invalid_argument("retry policy: times must not be negative");
  if (!(multiplier >= 1)) throw std::invalid_argument("retry policy: multiplier must be at least 1");
  if (!(jitter >= 0 && jitter <= 1)) throw std::invalid_argument("retry policy: jitter must lie in [0, 1]");
}

}  // namespace bh
