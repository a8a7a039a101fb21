// residual_evaluator.h — a network that corrects the tactical evaluator instead of
// replacing it (a net whose NetConfig says tactical_residual, nn/SPEC.md "Tactical
// residual"). Its outputs are added, as logits, to the tactical evaluator's answer: the
// policy's to the log of the tactical priors, the win/draw/loss logits to (s, 0, -s)
// with s = the tactical score / the net's tactical scale (so that tanh(s) is the tactical
// value at that scale: nn/net_config.h tactical_scale, mcts/simple_evaluators.h). On
// probabilities that is: priors proportional to the network's x the tactical priors, and
// win/draw/loss proportional to the network's x (e^s, 1, e^-s). A network whose outputs
// are constant (a residual net before training: its last layers start at zero, the draw
// logit far below) leaves the tactical evaluator's answer as it is; training can only add.
#pragma once

#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "mcts/evaluator.h"
#include "mcts/simple_evaluators.h"

namespace bh {

// The tactical evaluator's answer as biases on a network's logits.
struct TacticalBias {
  std::vector<float> log_priors;  // per action of the request, in its order
  float value_logit = 0;          // s: the win logit's bias (the loss logit's is -s)
};

// The biases for each request (computed by one TacticalEvaluator call).
void tactical_biases(TacticalEvaluator& tactical, std::span<const EvalRequest> batch, std::vector<Evaluation>& scratch,
                     std::vector<TacticalBias>& out);

// Which of the network's corrections apply: both (the net as trained), or one of them
// with the tactical evaluator's answer in place of the other (an ablation: which half of
// what a net learned makes it play better or worse; training/loop/README.md
// "Experiments").
enum class ResidualPart { Both, Value, Policy };

// "both", "value" or "policy"; throws std::invalid_argument naming the word otherwise.
ResidualPart parse_residual_part(std::string_view word);
const char* to_string(ResidualPart part);

class ResidualEvaluator final : public Evaluator {
 public:
  // `tactical_scale`: the one the net was trained on (its NetConfig's).
  // `tactical_placement`: whether that evaluator counted the placement (the NetConfig's).
  ResidualEvaluator(std::unique_ptr<Evaluator> network, double tactical_scale, bool tactical_placement = true,
                    ResidualPart part = ResidualPart::Both);
  void evaluate(std::span<const EvalRequest> batch, std::span<Evaluation> out) override;
  std::string name() const override;

 private:
  std::unique_ptr<Evaluator> network_;
  TacticalEvaluator tactical_;
  ResidualPart part_;
  std::vector<Evaluation> scratch_;
  std::vector<TacticalBias> biases_;
};

}  // namespace bh
