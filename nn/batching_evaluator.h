// batching_evaluator.h — BatchingEvaluator: a thread-safe front that lets many search
// threads share one network (the engine layout, nn/README.md). Callers block in
// evaluate(); one worker thread owned by the front gathers the queued requests of all
// callers into batches of up to max_batch (waiting at most `deadline` after the oldest
// request for more to arrive), runs them through its TorchEvaluator, and wakes each
// caller when its own results are written. Self-play workers do not use this: each owns
// a TorchEvaluator and nothing is locked.
#pragma once

#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <memory>
#include <mutex>
#include <span>
#include <string>
#include <thread>
#include <vector>

#include "mcts/evaluator.h"
#include "nn/torch_evaluator.h"

namespace bh {

struct BatchingOptions {
  int max_batch = 64;                             // requests per forward pass, at most
  std::chrono::microseconds deadline{1000};       // longest wait for a batch to fill
  int threads = 1;                                // LibTorch intra-op threads of the worker
};

class BatchingEvaluator final : public Evaluator {
 public:
  BatchingEvaluator(std::shared_ptr<const InferenceNet> net, BatchingOptions options = {});
  // Stops the worker after the queued requests are served.
  ~BatchingEvaluator() override;
  BatchingEvaluator(const BatchingEvaluator&) = delete;
  BatchingEvaluator& operator=(const BatchingEvaluator&) = delete;

  // Thread-safe; blocks until out is filled. An exception of the forward pass is rethrown
  // in every caller whose requests were in that batch.
  void evaluate(std::span<const EvalRequest> batch, std::span<Evaluation> out) override;
  std::string name() const override;

  struct Stats {
    std::int64_t batches = 0;
    std::int64_t requests = 0;
  };
  Stats stats() const;

 private:
  // One caller's call, living on the caller's stack while it waits.
  struct Job {
    std::span<const EvalRequest> batch;
    std::span<Evaluation> out;
    std::chrono::steady_clock::time_point queued;
    bool done = false;
    std::exception_ptr error;
  };

  void work();

  BatchingOptions options_;
  TorchEvaluator evaluator_;  // used by the worker thread only
  mutable std::mutex mutex_;
  std::condition_variable wake_worker_;
  std::condition_variable wake_callers_;
  std::deque<Job*> queue_;
  std::size_t queued_requests_ = 0;
  bool stopping_ = false;
  Stats stats_;
  std::thread worker_;  // last: starts after every other member exists
};

}  // namespace bh
