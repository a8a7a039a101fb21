// model.cpp — the trainable network and batch-norm folding.
#include "nn/model.h"

#include <torch/nn/functional/activation.h>

#include "nn/shape.h"
#include "nn/weight_file.h"

namespace bh {

namespace nnf = torch::nn::functional;

ConvBnImpl::ConvBnImpl(int in, int out, int kernel) {
  conv_ = register_module(
      "conv", torch::nn::Conv2d(torch::nn::Conv2dOptions(in, out, kernel).padding(kernel / 2).bias(false)));
  bn_ = register_module("bn", torch::nn::BatchNorm2d(out));
}

torch::Tensor ConvBnImpl::forward(const torch::Tensor& x) { return bn_(conv_(x)); }

std::pair<torch::Tensor, torch::Tensor> ConvBnImpl::folded() const {
  torch::NoGradGuard no_grad;
  const auto& o = bn_->options;
  torch::Tensor scale = bn_->weight / torch::sqrt(bn_->running_var + o.eps());
  torch::Tensor weight = conv_->weight * scale.reshape({-1, 1, 1, 1});
  torch::Tensor bias = bn_->bias - bn_->running_mean * scale;
  return {weight.to(torch::kCPU, torch::kFloat).contiguous(), bias.to(torch::kCPU, torch::kFloat).contiguous()};
}

ResidualBlockImpl::ResidualBlockImpl(const NetConfig& c) {
  conv1_ = register_module("conv1", ConvBn(c.channels, c.channels, 3));
  conv2_ = register_module("conv2", ConvBn(c.channels, c.channels, 3));
  if (c.se) {
    se1_ = register_module("se1", torch::nn::Linear(c.channels, c.se_channels));
    se2_ = register_module("se2", torch::nn::Linear(c.se_channels, c.channels));
  }
}

torch::Tensor ResidualBlockImpl::forward(const torch::Tensor& x) {
  torch::Tensor y = conv2_(torch::relu(conv1_(x)));
  if (se1_) {
    torch::Tensor gate = torch::sigmoid(se2_(torch::relu(se1_(y.mean({2, 3})))));
    y = y * gate.unsqueeze(-1).unsqueeze(-1);
  }
  return torch::relu(x + y);
}

void ResidualBlockImpl::append_folded(std::vector<torch::Tensor>& out) const {
  for (const ConvBn& c : {conv1_, conv2_}) {
    auto [w, b] = c->folded();
    out.push_back(w);
    out.push_back(b);
  }
  if (se1_) {
    torch::NoGradGuard no_grad;
    for (const torch::nn::Linear& l : {se1_, se2_}) {
      out.push_back(l->weight.to(torch::kCPU, torch::kFloat).contiguous().clone());
      out.push_back(l->bias.to(torch::kCPU, torch::kFloat).contiguous().clone());
    }
  }
}

NetworkImpl::NetworkImpl(const NetConfig& config) : config_(config) {
  config_.validate();
  const int ch = config_.channels;
  stem_ = register_module("stem", ConvBn(kInputPlanes, ch, 3));
  tower_ = register_module("tower", torch::nn::ModuleList());
  for (int b = 0; b < config_.blocks; ++b) tower_->push_back(ResidualBlock(config_));
  policy_conv_ = register_module("policy_conv", ConvBn(ch, ch, 3));
  policy_out_ = register_module("policy_out", torch::nn::Conv2d(torch::nn::Conv2dOptions(ch, kPolicyPlanes, 1)));
  value_conv_ = register_module("value_conv", ConvBn(ch, config_.value_channels, 1));
  value_fc1_ = register_module("value_fc1",
                               torch::nn::Linear(config_.value_channels * kInputSquares, config_.value_hidden));
  value_fc2_ = register_module("value_fc2", torch::nn::Linear(config_.value_hidden, kWdlOutputs));
  if (config_.tactical_residual) start_as_the_tactical_evaluator();
}

// A residual net's outputs are added to the tactical evaluator's logits (SPEC.md "Tactical
// residual"): with its last layers at zero its policy is flat (the tactical priors stand)
// and its win/draw/loss logits are (0, -8, 0) (the tactical value stands, no draw mass to
// speak of), so before any training it plays as the tactical evaluator does.
void NetworkImpl::start_as_the_tactical_evaluator() {
  torch::NoGradGuard no_grad;
  policy_out_->weight.zero_();
  policy_out_->bias.zero_();
  value_fc2_->weight.zero_();
  value_fc2_->bias.copy_(torch::tensor({0.0f, -8.0f, 0.0f}));
}

NetOutput NetworkImpl::forward(const torch::Tensor& planes) {
  torch::Tensor x = torch::relu(stem_(planes));
  for (const auto& block : *tower_) x = block->as<ResidualBlock>()->forward(x);
  torch::Tensor policy = flatten_policy(policy_out_(torch::relu(policy_conv_(x))));
  torch::Tensor v = torch::relu(value_conv_(x)).flatten(1);
  torch::Tensor wdl = value_fc2_(torch::relu(value_fc1_(v)));
  return {policy, wdl};
}

FoldedWeights NetworkImpl::fold() const {
  torch::NoGradGuard no_grad;
  FoldedWeights f{config_, {}};
  auto add_conv_bn = [&](const ConvBn& c) {
    auto [w, b] = c->folded();
    f.tensors.push_back(w);
    f.tensors.push_back(b);
  };
  auto add_plain = [&](const torch::Tensor& w, const torch::Tensor& b) {
    f.tensors.push_back(w.to(torch::kCPU, torch::kFloat).contiguous().clone());
    f.tensors.push_back(b.to(torch::kCPU, torch::kFloat).contiguous().clone());
  };
  add_conv_bn(stem_);
  for (const auto& block : *tower_) block->as<ResidualBlock>()->append_folded(f.tensors);
  add_conv_bn(policy_conv_);
  add_plain(policy_out_->weight, policy_out_->bias);
  add_conv_bn(value_conv_);
  add_plain(value_fc1_->weight, value_fc1_->bias);
  add_plain(value_fc2_->weight, value_fc2_->bias);

  // The layout is the contract with the exports and the Eigen pass: check it here once.
  const auto layout = weight_layout(config_);
  TORCH_CHECK(layout.size() == f.tensors.size(), "fold: ", f.tensors.size(), " tensors, layout has ", layout.size());
  for (std::size_t i = 0; i < layout.size(); ++i) {
    std::vector<std::int64_t> shape(layout[i].shape.begin(), layout[i].shape.end());
    TORCH_CHECK(f.tensors[i].sizes() == torch::IntArrayRef(shape), "fold: tensor ", layout[i].name, " has shape ",
                f.tensors[i].sizes());
  }
  return f;
}

torch::Tensor flatten_policy(const torch::Tensor& p) {
  const std::int64_t n = p.size(0);
  torch::Tensor moves = p.slice(1, 0, kMovePlanes + kDropPlanes).slice(3, 0, 8).reshape({n, kWaitIndex});
  torch::Tensor wait = p.select(1, kPolicyPlanes - 1).mean({1, 2}).unsqueeze(1);
  return torch::cat({moves, wait}, 1);
}

}  // namespace bh
