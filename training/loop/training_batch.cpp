// training_batch.cpp — samples to tensors, in parallel.
#include "training/loop/training_batch.h"

#include <algorithm>
#include <stdexcept>
#include <string>

#include <ATen/ATen.h>
#include <tbb/parallel_for.h>

#include "core/movegen.h"
#include "core/notation.h"
#include "mcts/residual_evaluator.h"
#include "nn/encoding.h"
#include "nn/policy_map.h"
#include "nn/shape.h"

namespace bh {

namespace {

// The seat's actions, as the search had them: its legal moves, then the wait if allowed.
MoveList actions_of(const MatchView& view, const BatchTargets& targets) {
  MoveList actions = legal_moves(view.own_board(), targets.rules);
  if (targets.allow_wait) actions.push(Move::wait());
  return actions;
}

// The tactical evaluator's biases of one sample into its rows (residual nets).
void tactical_row(const MatchView& view, const MoveList& actions, const BatchTargets& targets, float* prior_row,
                  float* value_row) {
  const std::vector<Move> moves(actions.begin(), actions.end());
  const EvalRequest request{&view, moves};
  TacticalEvaluator tactical(targets.tactical_scale, targets.tactical_placement);
  std::vector<Evaluation> scratch;
  std::vector<TacticalBias> bias;
  tactical_biases(tactical, {&request, 1}, scratch, bias);
  const Color mover = color_of(view.seat);
  for (std::size_t k = 0; k < moves.size(); ++k) prior_row[policy_index(moves[k], mover)] = bias[0].log_priors[k];
  value_row[0] = bias[0].value_logit;
  value_row[2] = -bias[0].value_logit;
}

}  // namespace

TrainingBatch build_batch(std::span<const Sample* const> samples, const BatchTargets& targets) {
  const auto n = std::int64_t(samples.size());
  TrainingBatch b;
  b.planes = at::empty({n, kInputPlanes, kInputHeight, kInputWidth}, at::kFloat);
  b.policy = at::zeros({n, kPolicySize}, at::kFloat);
  b.policy_weight = at::zeros({n}, at::kFloat);
  b.wdl = at::zeros({n, 3}, at::kFloat);
  b.legal = at::zeros({n, kPolicySize}, at::kBool);
  bool* legal = b.legal.data_ptr<bool>();
  if (targets.tactical_residual) {
    b.prior_bias = at::zeros({n, kPolicySize}, at::kFloat);
    b.value_bias = at::zeros({n, 3}, at::kFloat);
  }
  float* planes = b.planes.data_ptr<float>();
  float* policy = b.policy.data_ptr<float>();
  float* weight = b.policy_weight.data_ptr<float>();
  float* wdl = b.wdl.data_ptr<float>();

  tbb::parallel_for(std::int64_t(0), n, [&](std::int64_t i) {
    const Sample& s = *samples[std::size_t(i)];
    MatchView view;
    try {
      view = MatchView::unpack(s.view);
    } catch (const std::invalid_argument& e) {
      throw std::invalid_argument("training sample " + std::to_string(i) + ": " + e.what());
    }
    encode(view, std::span<float, kInputSize>(planes + i * kInputSize, kInputSize));
    const Color mover = color_of(s.seat);
    bool* legal_row = legal + i * kPolicySize;
    const MoveList actions = actions_of(view, targets);
    for (Move m : actions) legal_row[policy_index(m, mover)] = true;
    if (targets.tactical_residual)
      tactical_row(view, actions, targets, b.prior_bias.data_ptr<float>() + i * kPolicySize, b.value_bias.data_ptr<float>() + i * 3);
    float* row = policy + i * kPolicySize;
    float mass = 0;
    for (const PolicyEntry& e : s.policy) {
      const int index = policy_index(Move::from_raw(e.move), mover);
      if (index < 0 || index >= kPolicySize)
        throw std::invalid_argument("training sample " + std::to_string(i) + ": move " + std::to_string(e.move) +
                                    " has no policy index");
      if (!legal_row[index])
        throw std::invalid_argument("training sample " + std::to_string(i) + ": move " + to_uci(Move::from_raw(e.move)) +
                                    " is not a legal action of its seat under the run's rules");
      row[index] += e.probability;
      mass += e.probability;
    }
    if (s.full_search && mass > 0) {
      for (const PolicyEntry& e : s.policy) row[policy_index(Move::from_raw(e.move), mover)] /= mass;
      weight[i] = 1;
    } else {
      for (const PolicyEntry& e : s.policy) row[policy_index(Move::from_raw(e.move), mover)] = 0;
    }
    const double q_weight = s.visits > 0 ? targets.q_weight : 0;  // no search, no search value
    float* target = wdl + i * 3;
    target[s.result > 0 ? 0 : (s.result == 0 ? 1 : 2)] = float(1 - q_weight);
    const double q = std::clamp<double>(s.root_value, -1, 1);
    target[0] += float(q_weight * (1 + q) / 2);
    target[2] += float(q_weight * (1 - q) / 2);
  });
  return b;
}

}  // namespace bh
