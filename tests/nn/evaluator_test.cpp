// Specification of the evaluators the search calls: priors are a softmax over exactly the
// request's actions, in its order; batching does not change results; the symmetric
// position gives the symmetric answer; the batching front serves many threads without
// losing or mixing up requests.
#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <cmath>
#include <numeric>
#include <thread>

#include "nn/batching_evaluator.h"
#include "nn/policy_map.h"
#include "nn/torch_evaluator.h"
#include "tests/nn/nn_test_util.h"

namespace bh {
namespace {

std::shared_ptr<const InferenceNet> tiny_net(std::uint64_t seed = 11) {
  return InferenceNet::create(test::random_network(test::tiny_config(), seed));
}

struct Batch {
  std::vector<MatchView> views;
  std::vector<std::vector<Move>> actions;
  std::vector<EvalRequest> requests;

  explicit Batch(std::vector<MatchView> v) : views(std::move(v)) {
    for (const auto& view : views) actions.push_back(test::actions_of(view));
    for (std::size_t i = 0; i < views.size(); ++i) requests.push_back({&views[i], actions[i]});
  }
};

void expect_close(const Evaluation& a, const Evaluation& b, double tol, const std::string& what) {
  ASSERT_EQ(a.priors.size(), b.priors.size()) << what;
  for (std::size_t i = 0; i < a.priors.size(); ++i) ASSERT_NEAR(a.priors[i], b.priors[i], tol) << what << " prior " << i;
  for (int k = 0; k < 3; ++k) ASSERT_NEAR(a.wdl[k], b.wdl[k], tol) << what;
  ASSERT_NEAR(a.value, b.value, tol) << what;
}

// Hand-made logits: two actions at log 1 and log 3 share the mass 1 : 3, whatever the
// logits of the other 4991 indices say.
TEST(MaskedSoftmax, OnlyTheRequestsActionsCount) {
  std::vector<float> logits(kPolicySize, 100.0f);
  const Move a = Move::normal(E2, E4), b = Move::drop(Knight, F3);
  logits[std::size_t(policy_index(a, White))] = 0.0f;
  logits[std::size_t(policy_index(b, White))] = std::log(3.0f);
  std::vector<float> priors;
  const Move actions[] = {a, b};
  masked_softmax(logits, actions, White, priors);
  ASSERT_EQ(priors.size(), 2u);
  EXPECT_NEAR(priors[0], 0.25f, 1e-6);
  EXPECT_NEAR(priors[1], 0.75f, 1e-6);
  masked_softmax(logits, {}, White, priors);
  EXPECT_TRUE(priors.empty());
  const Move none[] = {Move::none()};
  EXPECT_THROW(masked_softmax(logits, none, White, priors), std::invalid_argument);
}

TEST(TorchEvaluator, PriorsAreADistributionOverTheActions) {
  TorchEvaluator ev(tiny_net());
  Batch batch(test::sample_views(24));
  std::vector<Evaluation> out(batch.requests.size());
  ev.evaluate(batch.requests, out);
  for (std::size_t i = 0; i < out.size(); ++i) {
    ASSERT_EQ(out[i].priors.size(), batch.actions[i].size());
    double sum = 0;
    for (float p : out[i].priors) {
      ASSERT_GT(p, 0.0f);
      sum += p;
    }
    EXPECT_NEAR(sum, 1.0, 1e-5);
    EXPECT_NEAR(out[i].wdl[0] + out[i].wdl[1] + out[i].wdl[2], 1.0, 1e-5);
    EXPECT_FLOAT_EQ(out[i].value, out[i].wdl[0] - out[i].wdl[2]);
  }
}

// Priors follow the request's action order, not the policy index order.
TEST(TorchEvaluator, PriorsFollowTheActionOrder) {
  TorchEvaluator ev(tiny_net());
  Batch batch(test::sample_views(4));
  std::vector<Evaluation> out(4), reversed_out(1);
  ev.evaluate(batch.requests, out);
  std::vector<Move> reversed(batch.actions[2].rbegin(), batch.actions[2].rend());
  EvalRequest r{&batch.views[2], reversed};
  ev.evaluate(std::span(&r, 1), reversed_out);
  const auto& fwd = out[2].priors;
  for (std::size_t i = 0; i < fwd.size(); ++i) EXPECT_NEAR(reversed_out[0].priors[fwd.size() - 1 - i], fwd[i], 1e-6);
}

// A batch of 40 (sliced at max_batch 16) gives each position what it gets alone.
TEST(TorchEvaluator, BatchedEqualsUnbatched) {
  for (Precision precision : {Precision::Float32, Precision::BFloat16}) {
    auto net = InferenceNet::create(test::random_network(test::tiny_config(), 12), {c10::kCPU, precision, true});
    TorchEvaluator ev(net, {1, 16});
    Batch batch(test::sample_views(40));
    std::vector<Evaluation> together(40), alone(1);
    ev.evaluate(batch.requests, together);
    // bf16 kernels may block batches differently; its rounding is coarser.
    const double tol = precision == Precision::Float32 ? 1e-5 : 2e-3;
    for (std::size_t i = 0; i < 40; ++i) {
      ev.evaluate(std::span(&batch.requests[i], 1), alone);
      expect_close(together[i], alone[0], tol, std::string(precision_name(precision)) + " position " + std::to_string(i));
    }
  }
}

// The same decision seen after renaming boards and mirroring colours must get the same
// priors for the corresponding (mirrored) moves and the same value: encoder and policy
// map agree on the mover's view.
TEST(TorchEvaluator, SymmetricPositionsGetSymmetricAnswers) {
  TorchEvaluator ev(tiny_net());
  for (const MatchView& v : test::sample_views(12)) {
    MatchView w = test::swap_boards(test::mirror_colours(v));
    std::vector<Move> actions = test::actions_of(v), mirrored;
    for (Move m : actions) mirrored.push_back(test::mirror(m));
    EvalRequest requests[] = {{&v, actions}, {&w, mirrored}};
    std::vector<Evaluation> out(2);
    ev.evaluate(requests, out);
    expect_close(out[0], out[1], 1e-5, "mirrored view");
  }
}

// The self-play layout: one evaluator per worker thread, one net shared read-only and
// unlocked. Concurrent forward passes must not disturb each other.
TEST(TorchEvaluator, WorkersShareOneNetWithoutLocks) {
  auto net = tiny_net(14);
  const Batch all(test::sample_views(32));
  std::vector<Evaluation> expected(32);
  TorchEvaluator(net, {1, 8}).evaluate(all.requests, expected);
  std::atomic<int> mismatches = 0;
  std::vector<std::thread> workers;
  for (int t = 0; t < 4; ++t)
    workers.emplace_back([&] {
      TorchEvaluator mine(net, {1, 8});
      std::vector<Evaluation> out(32);
      for (int round = 0; round < 10; ++round) {
        mine.evaluate(all.requests, out);
        for (std::size_t i = 0; i < 32; ++i)
          for (std::size_t k = 0; k < out[i].priors.size(); ++k)
            if (std::abs(out[i].priors[k] - expected[i].priors[k]) > 1e-6) ++mismatches;
      }
    });
  for (auto& w : workers) w.join();
  EXPECT_EQ(mismatches.load(), 0);
}

TEST(TorchEvaluator, RejectsAViewOfASeatNotToMove) {
  TorchEvaluator ev(tiny_net());
  MatchView v = test::sample_views(1)[0];
  v.seat = make_seat(board_of(v.seat), ~color_of(v.seat));
  const Move wait[] = {Move::wait()};
  EvalRequest r{&v, wait};
  std::vector<Evaluation> out(1);
  EXPECT_THROW(ev.evaluate(std::span(&r, 1), out), std::invalid_argument);
}

// Many producer threads, each asking about its own positions in calls of 1-4 requests:
// every caller gets exactly the answers its positions get from a private evaluator.
TEST(BatchingEvaluator, ManyProducersGetTheirOwnResults) {
  auto net = tiny_net(13);
  const Batch all(test::sample_views(48));
  std::vector<Evaluation> expected(48);
  TorchEvaluator(net).evaluate(all.requests, expected);

  BatchingEvaluator front(net, {8, std::chrono::microseconds(500), 1});
  constexpr int kThreads = 12, kCalls = 25;
  std::atomic<int> mismatches = 0, calls = 0;
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t)
    threads.emplace_back([&, t] {
      std::vector<EvalRequest> mine;
      std::vector<std::size_t> which;
      std::vector<Evaluation> out;
      for (int c = 0; c < kCalls; ++c) {
        const std::size_t n = std::size_t(1 + (t + c) % 4);
        mine.clear();
        which.clear();
        for (std::size_t k = 0; k < n; ++k) {
          which.push_back(std::size_t(t * 7 + c * 5 + int(k) * 3) % 48);
          mine.push_back(all.requests[which.back()]);
        }
        out.assign(n, Evaluation{});
        front.evaluate(mine, out);
        for (std::size_t k = 0; k < n; ++k) {
          const Evaluation& e = expected[which[k]];
          bool same = out[k].priors.size() == e.priors.size() && std::abs(out[k].value - e.value) < 1e-5;
          for (std::size_t i = 0; same && i < e.priors.size(); ++i) same = std::abs(out[k].priors[i] - e.priors[i]) < 1e-5;
          if (!same) ++mismatches;
        }
        ++calls;
      }
    });
  for (auto& th : threads) th.join();
  EXPECT_EQ(mismatches.load(), 0);
  EXPECT_EQ(calls.load(), kThreads * kCalls);
  const auto stats = front.stats();
  std::int64_t requests = 0;
  for (int t = 0; t < kThreads; ++t)
    for (int c = 0; c < kCalls; ++c) requests += 1 + (t + c) % 4;
  EXPECT_EQ(stats.requests, requests);
  EXPECT_LE(stats.batches, stats.requests);
}

// With a deadline far away, the batch is run when max_batch requests have arrived:
// four single-request callers are served by exactly one forward pass.
TEST(BatchingEvaluator, FullBatchRunsWithoutWaitingForTheDeadline) {
  BatchingEvaluator front(tiny_net(), {4, std::chrono::seconds(60), 1});
  const Batch all(test::sample_views(4));
  std::vector<std::thread> threads;
  std::vector<Evaluation> out(4);
  for (int t = 0; t < 4; ++t)
    threads.emplace_back([&, t] { front.evaluate(std::span(&all.requests[std::size_t(t)], 1), std::span(&out[std::size_t(t)], 1)); });
  for (auto& th : threads) th.join();
  EXPECT_EQ(front.stats().batches, 1);
  for (const auto& e : out) EXPECT_EQ(e.priors.size() > 0, true);
}

// A lone request is served once the deadline passes (the test would hang otherwise).
TEST(BatchingEvaluator, LoneRequestIsServedAtTheDeadline) {
  BatchingEvaluator front(tiny_net(), {64, std::chrono::milliseconds(2), 1});
  const Batch one(test::sample_views(1));
  std::vector<Evaluation> out(1);
  front.evaluate(one.requests, out);
  EXPECT_EQ(out[0].priors.size(), one.actions[0].size());
}

TEST(BatchingEvaluator, ErrorsReachTheCaller) {
  BatchingEvaluator front(tiny_net(), {4, std::chrono::microseconds(100), 1});
  const Batch one(test::sample_views(1));
  const Move bad[] = {Move::none()};
  EvalRequest r{&one.views[0], bad};
  std::vector<Evaluation> out(1);
  EXPECT_THROW(front.evaluate(std::span(&r, 1), out), std::invalid_argument);
  front.evaluate(one.requests, out);  // still serving afterwards
  EXPECT_EQ(out[0].priors.size(), one.actions[0].size());
}

}  // namespace
}  // namespace bh
