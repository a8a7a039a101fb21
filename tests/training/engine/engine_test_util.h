// engine_test_util.h — what the engine tests share: an output collector that a test can
// wait on (generous deadlines only, against hangs; never a timing assertion), and
// evaluators with a known preference (the wait action, or nothing in particular).
#pragma once

#include <chrono>
#include <condition_variable>
#include <functional>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "mcts/evaluator.h"
#include "training/engine/line_writer.h"

namespace bh::test {

// Collects an engine's output lines; tests wait for the line they expect.
class Lines {
 public:
  Lines() : writer_([this](std::string_view l) { push(std::string(l)); }) {}
  LineWriter& writer() { return writer_; }

  // Waits (at most `limit`) for a line not yet taken that starts with `prefix`; returns
  // it and forgets every line before it. nullopt if it never came.
  std::optional<std::string> next(std::string_view prefix, std::chrono::milliseconds limit = std::chrono::seconds(20)) {
    std::unique_lock lock(mutex_);
    std::optional<std::string> found;
    cv_.wait_for(lock, limit, [&] {
      for (std::size_t i = taken_; i < lines_.size(); ++i)
        if (lines_[i].rfind(prefix, 0) == 0) {
          found = lines_[i];
          taken_ = i + 1;
          return true;
        }
      return false;
    });
    return found;
  }
  // Every line so far (taken or not).
  std::vector<std::string> all() const {
    std::lock_guard lock(mutex_);
    return lines_;
  }
  // Lines not yet taken, which are then taken.
  std::vector<std::string> take() {
    std::lock_guard lock(mutex_);
    std::vector<std::string> out(lines_.begin() + std::ptrdiff_t(taken_), lines_.end());
    taken_ = lines_.size();
    return out;
  }

 private:
  void push(std::string line) {
    {
      std::lock_guard lock(mutex_);
      lines_.push_back(std::move(line));
    }
    cv_.notify_all();
  }
  mutable std::mutex mutex_;
  std::condition_variable cv_;
  std::vector<std::string> lines_;
  std::size_t taken_ = 0;
  LineWriter writer_;
};

// Puts (nearly) all prior on the wait action when it is offered, value 0: a network that
// wants to sit.
class SittingEvaluator final : public Evaluator {
 public:
  void evaluate(std::span<const EvalRequest> batch, std::span<Evaluation> out) override {
    for (std::size_t i = 0; i < batch.size(); ++i) {
      const auto& actions = batch[i].actions;
      out[i].priors.assign(actions.size(), 0.0f);
      bool has_wait = false;
      for (std::size_t k = 0; k < actions.size(); ++k)
        if (actions[k].is_wait()) out[i].priors[k] = 1.0f, has_wait = true;
      if (!has_wait) out[i].priors.assign(actions.size(), 1.0f / float(actions.size()));
      out[i].wdl = {0, 1, 0};
      out[i].value = 0;
    }
  }
  std::string name() const override { return "sitting"; }
};

inline bool starts_with(std::string_view s, std::string_view p) { return s.rfind(p, 0) == 0; }

}  // namespace bh::test
