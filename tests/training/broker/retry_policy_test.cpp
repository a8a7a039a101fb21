// Backoff: grows by the multiplier, never passes the cap, jitter stays inside its band.
#include <gtest/gtest.h>

#include "training/broker/retry_policy.h"

namespace bh {
namespace {

using std::chrono::milliseconds;

TEST(RetryPolicy, ExponentialWithoutJitterIsExact) {
  RetryPolicy p{milliseconds(10), milliseconds(1000), 2.0, 0.0, milliseconds(60'000)};
  std::mt19937_64 rng(1);
  EXPECT_EQ(p.delay(1, rng), milliseconds(10));
  EXPECT_EQ(p.delay(2, rng), milliseconds(20));
  EXPECT_EQ(p.delay(5, rng), milliseconds(160));
  EXPECT_EQ(p.delay(8, rng), milliseconds(1000));   // capped
  EXPECT_EQ(p.delay(500, rng), milliseconds(1000));  // no overflow far out
}

TEST(RetryPolicy, JitterDrawsFromTheLowerBandAndSpreads) {
  RetryPolicy p{milliseconds(100), milliseconds(800), 2.0, 0.5, milliseconds(60'000)};
  std::mt19937_64 rng(42);
  long low = 1 << 30, high = 0;
  for (int i = 0; i < 1000; ++i) {
    long d = p.delay(3, rng).count();  // uncapped: 400 ms
    EXPECT_GE(d, 200);
    EXPECT_LE(d, 400);
    low = std::min(low, d);
    high = std::max(high, d);
  }
  EXPECT_LT(low, 220);  // many clients really do spread out
  EXPECT_GT(high, 380);
}

TEST(RetryPolicy, ValidateRefusesNonsense) {
  RetryPolicy ok;
  EXPECT_NO_THROW(ok.validate());
  EXPECT_NO_THROW(RetryPolicy::none().validate());
  RetryPolicy p;
  p.multiplier = 0.5;
  EXPECT_THROW(p.validate(), std::invalid_argument);
  p = {};
  p.jitter = 1.5;
  EXPECT_THROW(p.validate(), std::invalid_argument);
  p = {};
  p.max_delay = milliseconds(-1);
  EXPECT_THROW(p.validate(), std::invalid_argument);
}

}  // namespace
}  // namespace bh
