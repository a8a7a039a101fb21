// Specification of the SPRT: the LLR of the trinomial normal approximation worked by hand,
// the bounds, and the three decisions.
#include <gtest/gtest.h>

#include <cmath>
#include <stdexcept>

#include "training/tournament/sprt.h"

namespace bh {
namespace {

const SprtConfig kZeroTen{.elo0 = 0, .elo1 = 10, .alpha = 0.05, .beta = 0.05};

TEST(Sprt, HandComputedLlr) {
  // W/D/L 60/20/20, N = 100: s = (60 + 10)/100 = 0.7.
  // var = (60·0.3² + 20·0.2² + 20·0.7²)/100 = (5.4 + 0.8 + 9.8)/100 = 0.16.
  // s0 = 0.5; s1 = 1/(1 + 10^(-10/400)) = 1/1.9440609 = 0.5143872.
  // LLR = 100·(s1 - s0)·(2s - s0 - s1)/(2 var) = 100·0.0143872·0.3856128/0.32 = 1.73371.
  const SprtState state = sprt(kZeroTen, 60, 20, 20);
  EXPECT_NEAR(state.llr, 1.73371, 1e-5);
  EXPECT_EQ(state.decision, SprtDecision::Continue);
}

TEST(Sprt, BoundsForFivePercentErrors) {
  // log(0.05/0.95) = -2.944439, log(0.95/0.05) = +2.944439.
  const SprtState state = sprt(kZeroTen, 0, 0, 0);
  EXPECT_NEAR(state.lower, -2.944439, 1e-6);
  EXPECT_NEAR(state.upper, 2.944439, 1e-6);
}

TEST(Sprt, ALopsidedRecordAcceptsH1) {
  // 300/100/100: s and var as above, N = 500, so LLR = 5·1.73371 = 8.66857.
  const SprtState state = sprt(kZeroTen, 300, 100, 100);
  EXPECT_NEAR(state.llr, 8.66857, 1e-5);
  EXPECT_EQ(state.decision, SprtDecision::AcceptH1);
  EXPECT_EQ(state.to_string(), "LLR 8.67 [-2.94, 2.94]: H1 accepted");
}

TEST(Sprt, ALosingRecordAcceptsH0) {
  // 100/100/300: s = 0.3, var = (100·0.49 + 100·0.04 + 300·0.09)/500 = 0.16;
  // LLR = 500·0.0143872·(0.6 - 1.0143872)/0.32 = -9.31541.
  const SprtState state = sprt(kZeroTen, 100, 100, 300);
  EXPECT_NEAR(state.llr, -9.31541, 1e-5);
  EXPECT_EQ(state.decision, SprtDecision::AcceptH0);
  EXPECT_EQ(state.to_string(), "LLR -9.32 [-2.94, 2.94]: H0 accepted");
}

TEST(Sprt, AnEvenSmallSampleContinues) {
  // 5/10/5: s = 0.5, var = (5·0.25 + 5·0.25)/20 = 0.125;
  // LLR = 20·0.0143872·(1 - 1.0143872)/0.25 = -0.01656.
  const SprtState state = sprt(kZeroTen, 5, 10, 5);
  EXPECT_NEAR(state.llr, -0.01656, 1e-5);
  EXPECT_EQ(state.decision, SprtDecision::Continue);
  EXPECT_EQ(state.to_string(), "LLR -0.02 [-2.94, 2.94]: continue");
}

TEST(Sprt, NoGamesIsZeroAndRunsOfOneResultStillDecide) {
  EXPECT_EQ(sprt(kZeroTen, 0, 0, 0).llr, 0);
  // 30 draws, the unseen wins and losses counted as 0.001 each: s = 0.5, var =
  // 2 · 0.001 · 0.25 / 30.002 = 1.6666e-5; s0 = 0.5, s1 = 0.514387; LLR = 30 · 0.014387 ·
  // (1 - 0.5 - 0.514387) / (2 · 1.6666e-5) = -186.3: the net is no 10 Elo better.
  EXPECT_NEAR(sprt(kZeroTen, 0, 30, 0).llr, -186.3, 0.1);
  EXPECT_EQ(sprt(kZeroTen, 0, 30, 0).decision, SprtDecision::AcceptH0);
  // Ten wins and nothing else: H1 (without the regularisation var = 0 and it never decided).
  EXPECT_EQ(sprt({.elo0 = 0, .elo1 = 200}, 10, 0, 0).decision, SprtDecision::AcceptH1);
}

TEST(Sprt, RejectsNonsense) {
  EXPECT_THROW(sprt(kZeroTen, -1, 0, 0), std::invalid_argument);
  EXPECT_THROW(sprt({.elo0 = 10, .elo1 = 0}, 1, 1, 1), std::invalid_argument);
  EXPECT_THROW(sprt({.alpha = 0}, 1, 1, 1), std::invalid_argument);
}

}  // namespace
}  // namespace bh
