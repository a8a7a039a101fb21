// torch_evaluator.cpp — encode, forward, masked softmax.
#include "nn/torch_evaluator.h"

#include <algorithm>
#include <cassert>
#include <cmath>
#include <stdexcept>

#include <ATen/ATen.h>
#include <ATen/Parallel.h>
#include <c10/core/InferenceMode.h>

#include "nn/encoding.h"
#include "nn/policy_map.h"

namespace bh {

void masked_softmax(std::span<const float> logits, std::span<const Move> actions, Color mover,
                    std::vector<float>& priors) {
  assert(logits.size() == std::size_t(kPolicySize));
  priors.resize(actions.size());
  if (actions.empty()) return;
  float max = -INFINITY;
  for (std::size_t i = 0; i < actions.size(); ++i) {
    const int index = policy_index(actions[i], mover);
    if (index < 0) throw std::invalid_argument("evaluator: an action has no policy index (Move::none?)");
    priors[i] = logits[std::size_t(index)];
    max = std::max(max, priors[i]);
  }
  float sum = 0;
  for (float& p : priors) sum += p = std::exp(p - max);  // the largest term is 1: sum >= 1
  const float scale = 1.0f / sum;
  for (float& p : priors) p *= scale;
}

TorchEvaluator::TorchEvaluator(std::shared_ptr<const InferenceNet> net, TorchEvaluatorOptions options)
    : net_(std::move(net)), options_(options) {
  if (!net_) throw std::invalid_argument("TorchEvaluator: no network");
  if (options_.threads < 1) throw std::invalid_argument("TorchEvaluator: threads must be at least 1");
  if (options_.max_batch < 1) throw std::invalid_argument("TorchEvaluator: max_batch must be at least 1");
  input_ = at::empty({options_.max_batch, kInputPlanes, kInputHeight, kInputWidth}, at::kFloat);
}

std::string TorchEvaluator::name() const {
  const InferenceOptions& o = net_->options();
  return "torch " + net_->config().short_name() + " " + std::string(precision_name(o.precision)) + " " +
         o.device.str();
}

void TorchEvaluator::evaluate(std::span<const EvalRequest> batch, std::span<Evaluation> out) {
  if (out.size() != batch.size()) throw std::invalid_argument("evaluator: out.size() != batch.size()");
  run(batch, [&](std::size_t i) -> Evaluation& { return out[i]; });
}

void TorchEvaluator::evaluate(std::span<const EvalRequest> batch, std::span<Evaluation* const> out) {
  if (out.size() != batch.size()) throw std::invalid_argument("evaluator: out.size() != batch.size()");
  run(batch, [&](std::size_t i) -> Evaluation& { return *out[i]; });
}

template <class OutAt>
void TorchEvaluator::run(std::span<const EvalRequest> batch, OutAt out_at) {
  // The thread count is a property of the calling OS thread (nn/README.md "Threads"): set it here.
  if (at::get_num_threads() != options_.threads) at::set_num_threads(options_.threads);
  c10::InferenceMode guard;
  float* buffer = input_.data_ptr<float>();
  for (std::size_t start = 0; start < batch.size(); start += std::size_t(options_.max_batch)) {
    const std::size_t n = std::min(batch.size() - start, std::size_t(options_.max_batch));
    for (std::size_t i = 0; i < n; ++i) {
      const EvalRequest& r = batch[start + i];
      // The search's contract, checked at the boundary: a view from the wrong seat would
      // be encoded from the wrong side without any error.
      if (r.view == nullptr) throw std::invalid_argument("evaluator: request without a view");
      if (r.view->own_board().side_to_move() != color_of(r.view->seat))
        throw std::invalid_argument("evaluator: seat " + std::string(seat_name(r.view->seat)) +
                                    " is not to move on its board");
      encode(*r.view, std::span<float, kInputSize>(buffer + i * kInputSize, kInputSize));
    }
    NetOutput result = net_->forward(input_.narrow(0, 0, std::int64_t(n)));
    const at::Tensor policy = result.policy.to(at::kCPU).contiguous();
    const at::Tensor wdl = at::softmax(result.wdl, 1).to(at::kCPU).contiguous();
    const float* p = policy.data_ptr<float>();
    const float* v = wdl.data_ptr<float>();
    for (std::size_t i = 0; i < n; ++i) {
      const EvalRequest& r = batch[start + i];
      Evaluation& e = out_at(start + i);
      masked_softmax(std::span<const float>(p + i * kPolicySize, kPolicySize), r.actions, color_of(r.view->seat),
                     e.priors);
      for (int k = 0; k < kWdlOutputs; ++k) e.wdl[std::size_t(k)] = v[i * kWdlOutputs + std::size_t(k)];
      e.value = e.wdl[0] - e.wdl[2];
    }
  }
}

}  // namespace bh
