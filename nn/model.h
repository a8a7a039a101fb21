// model.h — the trainable network (SPEC.md "Network"): a residual tower of 3x3
// convolutions with batch norm (optionally squeeze-excitation), a convolutional policy
// head and a win/draw/loss value head, as a LibTorch module the training loop optimises.
// For inference, fold() turns it into plain tensors with batch norm folded into the
// convolutions (inference_net.h runs those; export.h writes them out).
#pragma once

#include <vector>

#include <torch/nn/module.h>
#include <torch/nn/modules/batchnorm.h>
#include <torch/nn/modules/container/modulelist.h>
#include <torch/nn/modules/conv.h>
#include <torch/nn/modules/linear.h>
#include <torch/nn/pimpl.h>

#include "nn/net_config.h"

namespace bh {

// Raw network outputs for a batch of N positions.
struct NetOutput {
  torch::Tensor policy;  // [N, kPolicySize] logits (SPEC.md "Policy")
  torch::Tensor wdl;     // [N, 3] logits of win, draw, loss for the deciding seat's team
};

// The inference net's tensors: batch norm folded in, float32, contiguous, on the CPU, in
// the order and shapes of weight_layout(config) (weight_file.h).
struct FoldedWeights {
  NetConfig config;
  std::vector<torch::Tensor> tensors;
};

// A convolution without bias followed by batch norm: the unit that folding collapses
// into one convolution with bias.
class ConvBnImpl : public torch::nn::Module {
 public:
  ConvBnImpl(int in, int out, int kernel);
  torch::Tensor forward(const torch::Tensor& x);
  // (weight, bias) of the single convolution equal to this unit in eval mode.
  std::pair<torch::Tensor, torch::Tensor> folded() const;

 private:
  torch::nn::Conv2d conv_{nullptr};
  torch::nn::BatchNorm2d bn_{nullptr};
};
TORCH_MODULE(ConvBn);

class ResidualBlockImpl : public torch::nn::Module {
 public:
  explicit ResidualBlockImpl(const NetConfig& config);
  torch::Tensor forward(const torch::Tensor& x);
  void append_folded(std::vector<torch::Tensor>& out) const;

 private:
  ConvBn conv1_{nullptr}, conv2_{nullptr};
  torch::nn::Linear se1_{nullptr}, se2_{nullptr};  // null without squeeze-excitation
};
TORCH_MODULE(ResidualBlock);

class NetworkImpl : public torch::nn::Module {
 public:
  // Throws std::invalid_argument for an invalid config. Parameters start with LibTorch's
  // default initialisation (Kaiming-uniform); seed with torch::manual_seed for repeats.
  explicit NetworkImpl(const NetConfig& config);

  // planes: [N, kInputPlanes, 8, 16] float (nn/encoding.h). Train or eval mode as set.
  NetOutput forward(const torch::Tensor& planes);
  const NetConfig& config() const { return config_; }
  // Batch norm folded with its running statistics (what eval mode computes).
  FoldedWeights fold() const;

 private:
  void start_as_the_tactical_evaluator();

  NetConfig config_;
  ConvBn stem_{nullptr};
  torch::nn::ModuleList tower_{nullptr};
  ConvBn policy_conv_{nullptr};
  torch::nn::Conv2d policy_out_{nullptr};
  ConvBn value_conv_{nullptr};
  torch::nn::Linear value_fc1_{nullptr}, value_fc2_{nullptr};
};
TORCH_MODULE(Network);

// The policy head's last step, on the raw output of its 1x1 convolution
// [N, kPolicyPlanes, 8, 16]: the mover's half of the 78 move/drop planes, flattened
// plane-major, then the wait logit (the mean of the last plane). Used by every forward.
torch::Tensor flatten_policy(const torch::Tensor& policy_planes);

}  // namespace bh
