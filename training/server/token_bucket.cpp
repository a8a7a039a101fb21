// token_bucket.cpp — refill, draw, refuse, cut.
#include "training/server/token_bucket.h"

#include <algorithm>
#include <stdexcept>

namespace bh::server {

TokenBucket::TokenBucket(double rate, double burst, Clock::time_point now)
    : rate_(rate), burst_(burst), tokens_(burst), last_(now) {
  if (!(rate > 0) || !(burst >= 1)) throw std::invalid_argument("a message rate limit needs a rate > 0 and a burst >= 1");
}

TokenBucket::Verdict TokenBucket::take(Clock::time_point now) {
  const double seconds = std::chrono::duration<double>(std::max(now, last_) - last_).count();
  last_ = std::max(now, last_);
  tokens_ = std::min(burst_, tokens_ + seconds * rate_);
  tokens_ -= 1;
  if (tokens_ >= 0) return Verdict::Admit;
  return tokens_ <= -burst_ ? Verdict::Cut : Verdict::Refuse;
}

}  // namespace bh::server
