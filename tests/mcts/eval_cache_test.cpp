// Specification of the evaluation cache (mcts/eval_cache.h): a position asked again, or
// reached by another move order within one clock bucket, is answered without the
// network, with exactly the network's answer for the bucketed position; other clocks,
// other actions or a cleared cache go to the network again.
#include <gtest/gtest.h>

#include <vector>

#include "core/notation.h"
#include "mcts/eval_cache.h"
#include "mcts/simple_evaluators.h"
#include "tests/mcts/fake_evaluators.h"

namespace bh {
namespace {

struct Asked {
  MatchView view;
  std::vector<Move> actions;
  EvalRequest request() const { return {&view, actions}; }
};

// The view of `seat` at time t after playing `moves` (board, uci, time) in order.
Asked after(const std::vector<std::tuple<BoardId, const char*, std::int64_t>>& moves, Seat seat, std::int64_t t) {
  Match m;
  for (const auto& [b, uci, at] : moves) EXPECT_TRUE(m.play(b, parse_uci(m.board(b), m.rules(), uci), at)) << uci;
  Asked a{MatchView::of(m, seat, t), {}};
  const MoveList legal = m.legal_moves(board_of(seat));
  a.actions.assign(legal.begin(), legal.end());
  return a;
}

Evaluation evaluate_one(Evaluator& e, const Asked& a) {
  const EvalRequest r = a.request();
  std::vector<Evaluation> out(1);
  e.evaluate(std::span(&r, 1), out);
  return out[0];
}

TEST(EvalCache, AskedAgainThePositionIsAnsweredFromTheCache) {
  MaterialEvaluator material;
  test::CountingEvaluator network(material);
  EvalCache cache(network);
  const Asked a = after({{BoardA, "e2e4", 1'000}, {BoardA, "d7d5", 2'000}}, AWhite, 2'500);
  const Evaluation first = evaluate_one(cache, a);
  const Evaluation again = evaluate_one(cache, a);
  EXPECT_EQ(network.views.size(), 1u) << "the second request never reached the network";
  EXPECT_EQ(again.priors, first.priors);
  EXPECT_EQ(again.value, first.value);
  EXPECT_EQ(cache.stats().lookups, 2u);
  EXPECT_EQ(cache.stats().hits, 1u);
  EXPECT_EQ(cache.stats().filled, 1u);
}

// The same position by another order of the two boards' moves: only the clocks differ,
// by 100 ms, inside one 250 ms bucket.
TEST(EvalCache, ATranspositionAcrossTheBoardsHits) {
  UniformEvaluator uniform;
  test::CountingEvaluator network(uniform);
  EvalCache cache(network, {1024, 250});
  const Asked a_first = after({{BoardA, "e2e4", 1'100}, {BoardB, "d2d4", 1'200}}, ABlack, 1'300);
  const Asked b_first = after({{BoardB, "d2d4", 1'100}, {BoardA, "e2e4", 1'200}}, ABlack, 1'300);
  ASSERT_NE(a_first.view.clocks_ms, b_first.view.clocks_ms);
  evaluate_one(cache, a_first);
  evaluate_one(cache, b_first);
  EXPECT_EQ(cache.stats().hits, 1u);
  EXPECT_EQ(network.views.size(), 1u);
}

TEST(EvalCache, ClocksInAnotherBucketOrOtherActionsAreAnotherPosition) {
  UniformEvaluator uniform;
  test::CountingEvaluator network(uniform);
  EvalCache cache(network, {1024, 250});
  const Asked early = after({{BoardA, "e2e4", 1'000}}, ABlack, 1'100);
  const Asked late = after({{BoardA, "e2e4", 1'000}}, ABlack, 1'400);  // A-black's clock 300 ms lower
  Asked with_wait = early;
  with_wait.actions.push_back(Move::wait());
  for (const Asked* a : {&early, &late, static_cast<const Asked*>(&with_wait)}) evaluate_one(cache, *a);
  EXPECT_EQ(cache.stats().hits, 0u);
  EXPECT_EQ(network.views.size(), 3u);
}

// What the network is asked is the bucketed view, so a cached answer is exactly the
// network's answer for its key, whichever request of the bucket came first.
TEST(EvalCache, TheNetworkSeesClocksRoundedDownToTheBucket) {
  MaterialEvaluator material;
  test::CountingEvaluator network(material);
  EvalCache cache(network, {1024, 250});
  const Asked a = after({{BoardA, "e2e4", 1'130}}, ABlack, 1'370);
  evaluate_one(cache, a);
  ASSERT_EQ(network.views.size(), 1u);
  for (int s = 0; s < kSeats; ++s) {
    EXPECT_EQ(network.views[0].clocks_ms[s] % 250, 0) << s;
    EXPECT_LE(a.view.clocks_ms[s] - network.views[0].clocks_ms[s], 249);
    EXPECT_GE(a.view.clocks_ms[s] - network.views[0].clocks_ms[s], 0);
  }
  EXPECT_EQ(network.views[0].other_thinking_ms % 250, 0);
  EXPECT_EQ(network.views[0].boards[BoardA], a.view.boards[BoardA]);
}

TEST(EvalCache, NoEntriesPassEverythingOnAndAResizeForgets) {
  UniformEvaluator uniform;
  test::CountingEvaluator network(uniform);
  EvalCache cache(network, {0, 250});
  const Asked a = after({{BoardA, "e2e4", 500}}, ABlack, 600);
  evaluate_one(cache, a);
  evaluate_one(cache, a);
  EXPECT_EQ(network.views.size(), 2u);
  EXPECT_EQ(cache.stats().lookups, 0u);
  cache.resize(16);
  evaluate_one(cache, a);
  evaluate_one(cache, a);
  EXPECT_EQ(network.views.size(), 3u);
  cache.clear();
  evaluate_one(cache, a);
  EXPECT_EQ(network.views.size(), 4u) << "a cleared cache asks again";
}

// One batch with a repeat inside it and a known position: only the new one is sent.
TEST(EvalCache, ABatchSendsOnlyItsMisses) {
  UniformEvaluator uniform;
  test::CountingEvaluator network(uniform);
  EvalCache cache(network);
  const Asked known = after({{BoardA, "e2e4", 500}}, ABlack, 600);
  const Asked fresh = after({{BoardA, "d2d4", 500}}, ABlack, 600);
  evaluate_one(cache, known);
  const std::vector<EvalRequest> batch = {known.request(), fresh.request()};
  std::vector<Evaluation> out(2);
  cache.evaluate(batch, out);
  ASSERT_EQ(network.sizes.size(), 2u);
  EXPECT_EQ(network.sizes[1], 1);
  EXPECT_EQ(out[0].priors.size(), known.actions.size());
  EXPECT_EQ(out[1].priors.size(), fresh.actions.size());
}

}  // namespace
}  // namespace bh
