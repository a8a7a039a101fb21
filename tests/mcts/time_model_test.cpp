// The time model: fixed and log-normal think times, their expectations, and the expected
// rest of a think already under way.
#include <gtest/gtest.h>

#include <cmath>

#include "mcts/time_model.h"

namespace bh {
namespace {

TEST(TimeModel, FixedIsFixed) {
  TimeModelConfig c;
  c.kind = ThinkKind::Fixed;
  c.fixed_ms = 700;
  TimeModel m(c);
  Rng rng(1);
  EXPECT_EQ(m.sample_ms(100'000, rng), 700);
  EXPECT_EQ(m.expected_ms(100'000), 700);
  EXPECT_EQ(m.expected_rest_ms(100'000, 200), 500);
  EXPECT_EQ(m.expected_rest_ms(100'000, 900), kTimeGridMs);  // overdue: acts at once, not in the past
  EXPECT_EQ(m.sample_ms(100'000, rng) % kTimeGridMs, 0);
}

TEST(TimeModel, LogNormalMeanMatchesSamples) {
  TimeModelConfig c;  // median 3% of the clock, sigma 0.5, floor 100 ms
  TimeModel m(c);
  Rng rng(7);
  const std::int64_t clock = 60'000;  // median 1800 ms
  double sum = 0;
  const int n = 200'000;
  for (int i = 0; i < n; ++i) {
    const auto t = m.sample_ms(clock, rng);
    ASSERT_GE(t, c.min_ms);
    ASSERT_EQ(t % kTimeGridMs, 0);  // on BPGN's clock grid
    sum += double(t);
  }
  // Analytic mean of a log-normal: median * exp(sigma^2 / 2) = 1800 * e^0.125 = 2039.7.
  EXPECT_NEAR(double(m.expected_ms(clock)), 2039.7, 1.0);
  EXPECT_NEAR(sum / n, double(m.expected_ms(clock)), 0.01 * 2040);
}

TEST(TimeModel, FloorDominatesOnAnEmptyingClock) {
  TimeModel m{TimeModelConfig{}};
  Rng rng(3);
  // 3% of 1 s is 30 ms; nearly every draw is below the 100 ms floor.
  EXPECT_NEAR(double(m.expected_ms(1000)), 100.0, 1.0);
  for (int i = 0; i < 100; ++i) EXPECT_GE(m.sample_ms(1000, rng), 100);
}

TEST(TimeModel, ExpectedRestGivenElapsedThinking) {
  TimeModel m{TimeModelConfig{}};
  const std::int64_t clock = 60'000;
  // Before any thinking the rest is the whole mean.
  EXPECT_EQ(m.expected_rest_ms(clock, 0), m.expected_ms(clock));
  // Monte Carlo of E[T - e | T > e] for e = 3000 ms (beyond the median).
  Rng rng(11);
  double sum = 0;
  int kept = 0;
  for (int i = 0; i < 400'000; ++i) {
    const auto t = m.sample_ms(clock, rng);
    if (t > 3000) sum += double(t - 3000), ++kept;
  }
  EXPECT_NEAR(double(m.expected_rest_ms(clock, 3000)), sum / kept, 0.02 * sum / kept);
  // Far in the tail it stays finite and positive.
  EXPECT_GE(m.expected_rest_ms(clock, 10'000'000), 1);
}

TEST(TimeModel, RejectsOutOfRangeConfig) {
  TimeModelConfig c;
  c.clock_fraction = 0;
  EXPECT_THROW(TimeModel{c}, std::invalid_argument);
  c = {};
  c.wait_ms = 0;
  EXPECT_THROW(TimeModel{c}, std::invalid_argument);
}

}  // namespace
}  // namespace bh
