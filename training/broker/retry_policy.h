// retry_policy.h — how long to wait before each new attempt to reach the broker:
// exponential backoff with jitter, bounded per delay and in total. Jitter matters when a
// broker restart disconnects hundreds of workers at once: without it they all come back
// in the same millisecond, every time.
#pragma once

#include <chrono>
#include <random>

namespace bh {

struct RetryPolicy {
  std::chrono::milliseconds initial_delay{50};
  std::chrono::milliseconds max_delay{5'000};
  double multiplier = 2.0;
  // Each delay is drawn uniformly from [d * (1 - jitter), d], d the capped exponential.
  double jitter = 0.5;
  // Total time one command may spend failing before RedisConnectionError; zero tries once.
  std::chrono::milliseconds give_up_after{60'000};

  // The delay before retry number `retry` (1 for the first retry).
  std::chrono::milliseconds delay(int retry, std::mt19937_64& rng) const;
  // Throws std::invalid_argument for negative times, multiplier < 1 or jitter outside [0, 1].
  void validate() const;
  // One attempt, no waiting: for tools that should fail fast.
  static RetryPolicy none() { return {std::chrono::milliseconds(0), std::chrono::milliseconds(0), 1, 0, std::chrono::milliseconds(0)}; }
};

}  // namespace bh
