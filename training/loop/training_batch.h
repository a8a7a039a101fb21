// training_batch.h — a batch of samples expanded into the tensors the trainer consumes:
// input planes (nn/encoding.h), dense policy targets over the policy map (nn/SPEC.md), the
// weight of each policy target (playout-cap randomisation: only full searches teach the
// policy), and the win/draw/loss target: the final result for the deciding seat's team,
// optionally blended with the search's own value of the decision (q_weight).
#pragma once

#include <span>

#include <ATen/core/Tensor.h>

#include "mcts/chunk.h"

namespace bh {

struct TrainingBatch {
  at::Tensor planes;         // [N, kInputPlanes, 8, 16] float32
  at::Tensor policy;         // [N, kPolicySize] float32, each row sums to 1 (or is all 0)
  at::Tensor policy_weight;  // [N] float32: 1 for a full search with a target, else 0
  at::Tensor wdl;            // [N, 3] float32: win, draw, loss probabilities for the seat's team
  int size() const { return planes.defined() ? int(planes.size(0)) : 0; }
};

// Expands samples on TBB worker threads. The value target is (1 - q_weight) x the one-hot
// result + q_weight x the root value q as (win, draw, loss) = ((1 + q) / 2, 0, (1 - q) / 2):
// a search's value is a less noisy target than one match's end (KataGo, lc0 blend them).
// Throws std::invalid_argument naming the sample if its view does not unpack or a policy
// move has no index for its mover.
TrainingBatch build_batch(std::span<const Sample* const> samples, double q_weight = 0);

}  // namespace bh
