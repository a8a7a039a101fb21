// fake_evaluators.h — evaluators for tests: values chosen per seat, and a wrapper that
// counts calls and batch sizes.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "mcts/evaluator.h"

namespace bh::test {

// Uniform priors; the value for the deciding seat's team is values[seat].
class SeatValueEvaluator final : public Evaluator {
 public:
  explicit SeatValueEvaluator(std::array<float, kSeats> values) : values_(values) {}
  void evaluate(std::span<const EvalRequest> batch, std::span<Evaluation> out) override {
    for (std::size_t i = 0; i < batch.size(); ++i) {
      const std::size_t n = batch[i].actions.size();
      out[i].priors.assign(n, 1.0f / float(n));
      out[i].value = values_[batch[i].view->seat];
      out[i].wdl = {0, 1, 0};
    }
  }
  std::string name() const override { return "seat-value"; }

 private:
  std::array<float, kSeats> values_;
};

// Passes batches on and remembers their sizes and the views it was asked about.
class CountingEvaluator final : public Evaluator {
 public:
  explicit CountingEvaluator(Evaluator& inner) : inner_(inner) {}
  void evaluate(std::span<const EvalRequest> batch, std::span<Evaluation> out) override {
    sizes.push_back(int(batch.size()));
    for (const EvalRequest& r : batch) views.push_back(*r.view);
    inner_.evaluate(batch, out);
  }
  std::string name() const override { return "counting(" + inner_.name() + ")"; }
  std::vector<int> sizes;
  std::vector<MatchView> views;

 private:
  Evaluator& inner_;
};

}  // namespace bh::test
