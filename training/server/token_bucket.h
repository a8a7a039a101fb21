// token_bucket.h — the message rate limit of one connection (limits.h): a bucket of
// `burst` tokens refilled at `rate` a second, one token a message. A message with no token
// left is refused and still drawn, into debt; a client whose debt reaches another full
// burst (it went on sending while refused) is to be cut off. Time is given, so tests set it.
#pragma once

#include <chrono>

namespace bh::server {

class TokenBucket {
 public:
  enum class Verdict { Admit, Refuse, Cut };
  using Clock = std::chrono::steady_clock;

  // Throws std::invalid_argument unless rate > 0 and burst >= 1.
  TokenBucket(double rate, double burst, Clock::time_point now);
  Verdict take(Clock::time_point now);

 private:
  double rate_;
  double burst_;
  double tokens_;
  Clock::time_point last_;
};

}  // namespace bh::server
