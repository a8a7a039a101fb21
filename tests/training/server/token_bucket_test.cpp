// Specification of the per-connection message rate limit: a burst is admitted at once,
// the rate refills it, a message without a token is refused, and a client that goes on
// sending another burst's worth while refused is to be cut off. Time is given by hand.
#include <gtest/gtest.h>

#include <stdexcept>

#include "training/server/token_bucket.h"

namespace bh::server {
namespace {

using namespace std::chrono_literals;
using Verdict = TokenBucket::Verdict;

TEST(TokenBucket, AdmitsABurstThenRefusesThenCuts) {
  const auto t0 = TokenBucket::Clock::time_point{} + 1h;
  TokenBucket bucket(2, 3, t0);
  for (int i = 0; i < 3; ++i) EXPECT_EQ(bucket.take(t0), Verdict::Admit) << i;
  EXPECT_EQ(bucket.take(t0), Verdict::Refuse);
  EXPECT_EQ(bucket.take(t0), Verdict::Refuse);
  EXPECT_EQ(bucket.take(t0), Verdict::Cut);  // the third beyond the burst: a burst's worth of debt
}

TEST(TokenBucket, TheRateRefillsUpToTheBurst) {
  const auto t0 = TokenBucket::Clock::time_point{} + 1h;
  TokenBucket bucket(2, 3, t0);
  for (int i = 0; i < 3; ++i) ASSERT_EQ(bucket.take(t0), Verdict::Admit);
  EXPECT_EQ(bucket.take(t0 + 500ms), Verdict::Admit);  // 2 a second: one token back after 0.5 s
  EXPECT_EQ(bucket.take(t0 + 500ms), Verdict::Refuse);
  // A long silence fills the bucket to its burst, no more.
  const auto later = t0 + 1h;
  for (int i = 0; i < 3; ++i) EXPECT_EQ(bucket.take(later), Verdict::Admit) << i;
  EXPECT_EQ(bucket.take(later), Verdict::Refuse);
}

TEST(TokenBucket, ARefusedClientThatSlowsDownIsNotCut) {
  const auto t0 = TokenBucket::Clock::time_point{} + 1h;
  TokenBucket bucket(1, 2, t0);
  ASSERT_EQ(bucket.take(t0), Verdict::Admit);
  ASSERT_EQ(bucket.take(t0), Verdict::Admit);
  ASSERT_EQ(bucket.take(t0), Verdict::Refuse);  // debt 1
  // It pays its debt back at the rate: two seconds later it has a token again.
  EXPECT_EQ(bucket.take(t0 + 2s), Verdict::Admit);
  EXPECT_EQ(bucket.take(t0 + 3s), Verdict::Admit);
}

TEST(TokenBucket, RefusesNonsenseLimits) {
  const auto t0 = TokenBucket::Clock::now();
  EXPECT_THROW(TokenBucket(0, 5, t0), std::invalid_argument);
  EXPECT_THROW(TokenBucket(5, 0.5, t0), std::invalid_argument);
}

}  // namespace
}  // namespace bh::server
