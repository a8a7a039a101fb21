// blended_evaluator.h — a network's evaluation with the tactical evaluator's mixed in
// (simple_evaluators.h): value, win/draw/loss and priors are (1 - weight) x the network's
// + weight x the tactical evaluator's. The network judges the position as it learned to;
// the tactical part adds what a young net misses at real clocks, the captures pending at
// a leaf and the kings under attack, for a fraction of the network's cost.
#pragma once

#include <memory>
#include <span>
#include <string>
#include <vector>

#include "mcts/evaluator.h"
#include "mcts/simple_evaluators.h"

namespace bh {

class BlendedEvaluator final : public Evaluator {
 public:
  // Precondition: 0 <= weight <= 1 (training/players/model_source.h checks what users give).
  BlendedEvaluator(std::unique_ptr<Evaluator> network, float weight);
  void evaluate(std::span<const EvalRequest> batch, std::span<Evaluation> out) override;
  std::string name() const override;

 private:
  std::unique_ptr<Evaluator> network_;
  TacticalEvaluator tactical_;
  float weight_;
  std::vector<Evaluation> tactical_out_;
};

}  // namespace bh
