// torch_evaluator.h — TorchEvaluator: the Evaluator the search calls (mcts/evaluator.h),
// running the shared InferenceNet on the calling thread. It encodes the batch into a
// buffer it owns, runs one forward pass, and turns the logits of each request's actions
// into priors with a softmax restricted to those actions.
//
// Threading (nn/README.md): one TorchEvaluator per self-play worker thread, each at
// LibTorch intra-op 1; they share one InferenceNet read-only, so nothing is locked.
#pragma once

#include <memory>
#include <span>
#include <string>
#include <vector>

#include <ATen/core/Tensor.h>

#include "mcts/evaluator.h"
#include "nn/inference_net.h"

namespace bh {

struct TorchEvaluatorOptions {
  int threads = 1;      // LibTorch intra-op threads, set on the calling thread at each call
  int max_batch = 256;  // larger batches run in slices of this size
};

class TorchEvaluator final : public Evaluator {
 public:
  explicit TorchEvaluator(std::shared_ptr<const InferenceNet> net, TorchEvaluatorOptions options = {});

  // Precondition: each request's view->seat is the side to move on its board and its
  // actions are distinct moves of that board (plus Move::wait()).
  void evaluate(std::span<const EvalRequest> batch, std::span<Evaluation> out) override;
  // The same with scattered outputs: the result of batch[i] goes to *out[i].
  void evaluate(std::span<const EvalRequest> batch, std::span<Evaluation* const> out);
  std::string name() const override;

  const InferenceNet& net() const { return *net_; }

 private:
  template <class OutAt>
  void run(std::span<const EvalRequest> batch, OutAt out_at);

  std::shared_ptr<const InferenceNet> net_;
  TorchEvaluatorOptions options_;
  at::Tensor input_;  // [max_batch, kInputPlanes, 8, 16] float32 on the CPU, reused by every call
};

// The priors of `actions`: a softmax over the policy logits at their indices (SPEC.md
// "Policy"), played by `mover`. `logits` has kPolicySize entries. Resizes `priors`
// (reusing its capacity) to actions.size(); empty actions give empty priors.
void masked_softmax(std::span<const float> logits, std::span<const Move> actions, Color mover,
                    std::vector<float>& priors);

}  // namespace bh
