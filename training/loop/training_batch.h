// training_batch.h — a batch of samples expanded into the tensors the trainer consumes:
// input planes (nn/encoding.h), dense policy targets over the policy map (nn/SPEC.md), the
// weight of each policy target (playout-cap randomisation: only full searches teach the
// policy), the outputs that are legal actions of the deciding seat (the policy's softmax
// runs over them alone, as the search's does), and the win/draw/loss target: the final
// result for the deciding seat's team, optionally blended with the search's own value of
// the decision (q_weight).
#pragma once

#include <span>

#include <ATen/core/Tensor.h>

#include "core/rules.h"
#include "mcts/chunk.h"
#include "mcts/simple_evaluators.h"

namespace bh {

struct TrainingBatch {
  at::Tensor planes;         // [N, kInputPlanes, 8, 16] float32
  at::Tensor policy;         // [N, kPolicySize] float32, each row sums to 1 (or is all 0)
  at::Tensor policy_weight;  // [N] float32: 1 for a full search with a target, else 0
  at::Tensor wdl;            // [N, 3] float32: win, draw, loss probabilities for the seat's team
  at::Tensor legal;          // [N, kPolicySize] bool: the seat's legal actions
  // A tactical-residual net's: the tactical evaluator's answer as biases on its logits
  // (mcts/residual_evaluator.h); undefined otherwise.
  at::Tensor prior_bias;     // [N, kPolicySize] float32: log tactical prior of each legal action
  at::Tensor value_bias;     // [N, 3] float32: (s, 0, -s)
  int size() const { return planes.defined() ? int(planes.size(0)) : 0; }
};

// What the targets of a batch are made with.
struct BatchTargets {
  double q_weight = 0;      // the value target's share of the search's value
  RuleSet rules;            // the legal moves of each sample's seat
  bool allow_wait = false;  // the wait action is one of them ([search] allow_wait on a clock)
  bool tactical_residual = false;  // the net corrects the tactical evaluator: its biases too,
  double tactical_scale = kTacticalValueScale;  // at the net's scale (nn/net_config.h tactical_scale)
  bool tactical_placement = true;                // with the net's placement terms (tactical_placement)
};

// Expands samples on TBB worker threads. The value target is (1 - q_weight) x the one-hot
// result + q_weight x the root value q as (win, draw, loss) = ((1 + q) / 2, 0, (1 - q) / 2):
// a search's value is a less noisy target than one match's end (KataGo, lc0 blend them);
// a sample no search made (visits 0: an imported game's move) keeps its result alone.
// Throws std::invalid_argument naming the sample if its view does not unpack or a policy
// move has no index for its mover or is not one of its legal actions.
TrainingBatch build_batch(std::span<const Sample* const> samples, const BatchTargets& targets = {});

}  // namespace bh
