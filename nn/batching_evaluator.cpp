// batching_evaluator.cpp — queue, deadline, one worker thread.
#include "nn/batching_evaluator.h"

#include <algorithm>
#include <exception>
#include <stdexcept>

#include <ATen/Parallel.h>

namespace bh {

BatchingEvaluator::BatchingEvaluator(std::shared_ptr<const InferenceNet> net, BatchingOptions options)
    : options_(options),
      evaluator_(std::move(net), TorchEvaluatorOptions{options.threads, std::max(1, options.max_batch)}) {
  if (options_.max_batch < 1) throw std::invalid_argument("BatchingEvaluator: max_batch must be at least 1");
  if (options_.deadline.count() < 0) throw std::invalid_argument("BatchingEvaluator: negative deadline");
  worker_ = std::thread([this] { work(); });
}

BatchingEvaluator::~BatchingEvaluator() {
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
  }
  wake_worker_.notify_one();
  worker_.join();
}

std::string BatchingEvaluator::name() const { return "batching(" + evaluator_.name() + ")"; }

BatchingEvaluator::Stats BatchingEvaluator::stats() const {
  std::lock_guard lock(mutex_);
  return stats_;
}

void BatchingEvaluator::evaluate(std::span<const EvalRequest> batch, std::span<Evaluation> out) {
  if (out.size() != batch.size()) throw std::invalid_argument("evaluator: out.size() != batch.size()");
  if (batch.empty()) return;
  Job job{batch, out, std::chrono::steady_clock::now(), false, nullptr};
  std::unique_lock lock(mutex_);
  if (stopping_) throw std::logic_error("BatchingEvaluator: evaluate() during destruction");
  queue_.push_back(&job);
  queued_requests_ += batch.size();
  if (queued_requests_ >= std::size_t(options_.max_batch) || queue_.size() == 1) wake_worker_.notify_one();
  wake_callers_.wait(lock, [&] { return job.done; });
  if (job.error) std::rethrow_exception(job.error);
}

void BatchingEvaluator::work() {
  at::set_num_threads(options_.threads);
  std::vector<Job*> jobs;
  std::vector<EvalRequest> requests;
  std::vector<Evaluation*> outputs;
  std::unique_lock lock(mutex_);
  for (;;) {
    wake_worker_.wait(lock, [&] { return stopping_ || !queue_.empty(); });
    if (queue_.empty()) return;  // stopping, nothing left to serve
    // Wait for a full batch, but never longer than the deadline after the oldest request.
    const auto until = queue_.front()->queued + options_.deadline;
    wake_worker_.wait_until(lock, until, [&] {
      return stopping_ || queued_requests_ >= std::size_t(options_.max_batch);
    });
    // Take whole jobs up to max_batch requests (at least one job, however large: the
    // TorchEvaluator slices it).
    jobs.clear();
    std::size_t taken = 0;
    while (!queue_.empty() &&
           (jobs.empty() || taken + queue_.front()->batch.size() <= std::size_t(options_.max_batch))) {
      jobs.push_back(queue_.front());
      taken += queue_.front()->batch.size();
      queue_.pop_front();
    }
    queued_requests_ -= taken;
    lock.unlock();

    requests.clear();
    outputs.clear();
    for (Job* j : jobs)
      for (std::size_t i = 0; i < j->batch.size(); ++i) {
        requests.push_back(j->batch[i]);
        outputs.push_back(&j->out[i]);
      }
    std::exception_ptr error;
    try {
      evaluator_.evaluate(requests, outputs);
    } catch (...) {
      error = std::current_exception();
    }

    lock.lock();
    for (Job* j : jobs) {
      j->error = error;
      j->done = true;
    }
    ++stats_.batches;
    stats_.requests += std::int64_t(taken);
    wake_callers_.notify_all();
  }
}

}  // namespace bh
