// blended_evaluator.cpp — the network's and the tactical evaluator's answers, mixed.
#include "mcts/blended_evaluator.h"

#include <cassert>

namespace bh {

BlendedEvaluator::BlendedEvaluator(std::unique_ptr<Evaluator> network, float weight)
    : network_(std::move(network)), weight_(weight) {
  assert(weight >= 0 && weight <= 1);
}

std::string BlendedEvaluator::name() const { return network_->name() + "+tactical"; }

void BlendedEvaluator::evaluate(std::span<const EvalRequest> batch, std::span<Evaluation> out) {
  assert(batch.size() == out.size());
  network_->evaluate(batch, out);
  tactical_out_.resize(batch.size());
  tactical_.evaluate(batch, tactical_out_);
  const float w = weight_;
  for (std::size_t i = 0; i < batch.size(); ++i) {
    Evaluation& e = out[i];
    const Evaluation& t = tactical_out_[i];
    e.value = (1 - w) * e.value + w * t.value;
    for (int k = 0; k < 3; ++k) e.wdl[k] = (1 - w) * e.wdl[k] + w * t.wdl[k];
    for (std::size_t k = 0; k < e.priors.size(); ++k) e.priors[k] = (1 - w) * e.priors[k] + w * t.priors[k];
  }
}

}  // namespace bh
