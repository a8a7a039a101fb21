// inference_net.cpp — the folded network's forward pass with plain ATen calls.
#include "nn/inference_net.h"

#include <iostream>
#include <stdexcept>

#include <ATen/ATen.h>
#include <c10/core/InferenceMode.h>
#include <torch/cuda.h>

#include "core/platform/cpu_features.h"
#include "nn/shape.h"

namespace bh {

std::string_view precision_name(Precision p) { return p == Precision::Float32 ? "fp32" : "bf16"; }

Precision parse_precision(std::string_view text, c10::Device device) {
  const bool native_bf16 = device.is_cuda() || cpu_has_native_bf16();
  if (text == "fp32") return Precision::Float32;
  if (text == "auto") return native_bf16 ? Precision::BFloat16 : Precision::Float32;
  if (text != "bf16") throw std::invalid_argument("precision must be fp32, bf16 or auto, got '" + std::string(text) + "'");
  if (!native_bf16)
    std::cerr << "bughouse: warning: precision bf16 on a CPU without AVX512_BF16 or AMX-BF16 runs far slower than "
                 "fp32 (nn/README.md); 'auto' picks fp32 here\n";
  return Precision::BFloat16;
}

c10::Device resolve_device(std::string_view name) {
  if (name == "cpu") return c10::kCPU;
  if (name.substr(0, 4) != "cuda")
    throw std::invalid_argument("device must be cpu, cuda or cuda:N, got '" + std::string(name) + "'");
  c10::Device device{std::string(name)};  // throws c10::Error for a malformed index
  if (!torch::cuda::is_available()) {
    std::cerr << "bughouse: warning: device " << name
              << " requested, but this LibTorch build has no CUDA or sees no GPU; running on the CPU\n";
    return c10::kCPU;
  }
  if (device.has_index() && device.index() >= int(torch::cuda::device_count()))
    throw std::invalid_argument("device " + std::string(name) + " requested, but only " +
                                std::to_string(torch::cuda::device_count()) + " CUDA devices are visible");
  return device;
}

InferenceNet::InferenceNet(const FoldedWeights& w, InferenceOptions options)
    : config_(w.config), options_(options) {
  const auto dtype = options_.precision == Precision::BFloat16 ? at::kBFloat16 : at::kFloat;
  std::size_t next = 0;
  auto take = [&] {
    TORCH_CHECK(next < w.tensors.size(), "inference net: too few folded tensors");
    // A private copy (copy=true): the caller's FoldedWeights may change later.
    at::Tensor t = w.tensors[next++].to(options_.device, dtype, /*non_blocking=*/false, /*copy=*/true);
    // 4-d weights in channels-last so oneDNN need not reorder them on every call.
    return t.dim() == 4 && options_.channels_last ? t.contiguous(at::MemoryFormat::ChannelsLast) : t.contiguous();
  };
  auto conv = [&](int padding) {
    at::Tensor weight = take();
    return Conv{weight, take(), padding};
  };
  auto dense = [&] {
    at::Tensor weight = take();
    return Dense{weight, take()};
  };
  stem_ = conv(1);
  for (int b = 0; b < config_.blocks; ++b) {
    Block block{conv(1), conv(1), {}, {}};
    if (config_.se) {
      block.se1 = dense();
      block.se2 = dense();
    }
    blocks_.push_back(std::move(block));
  }
  policy_conv_ = conv(1);
  policy_out_ = conv(0);
  value_conv_ = conv(0);
  value_fc1_ = dense();
  value_fc2_ = dense();
  TORCH_CHECK(next == w.tensors.size(), "inference net: ", w.tensors.size() - next, " folded tensors left over");
}

std::shared_ptr<const InferenceNet> InferenceNet::create(const Network& net, InferenceOptions options) {
  return std::make_shared<const InferenceNet>(net->fold(), options);
}

at::Tensor InferenceNet::conv(const Conv& c, const at::Tensor& x) const {
  return at::conv2d(x, c.weight, c.bias, {1, 1}, {c.padding, c.padding});
}

NetOutput InferenceNet::forward(const at::Tensor& planes) const {
  c10::InferenceMode guard;
  TORCH_CHECK(planes.dim() == 4 && planes.size(1) == kInputPlanes && planes.size(2) == kInputHeight &&
                  planes.size(3) == kInputWidth,
              "inference net: input must be [N, ", kInputPlanes, ", 8, 16], got ", planes.sizes());
  const auto dtype = options_.precision == Precision::BFloat16 ? at::kBFloat16 : at::kFloat;
  at::Tensor x = planes.to(options_.device, dtype);
  if (options_.channels_last) x = x.contiguous(at::MemoryFormat::ChannelsLast);

  // In-place activations: each intermediate has one use, so no extra buffers.
  x = conv(stem_, x).relu_();
  for (const Block& b : blocks_) {
    at::Tensor y = conv(b.conv2, conv(b.conv1, x).relu_());
    if (config_.se) {
      at::Tensor s = at::linear(y.mean({2, 3}), b.se1.weight, b.se1.bias).relu_();
      at::Tensor gate = at::linear(s, b.se2.weight, b.se2.bias).sigmoid_();
      y.mul_(gate.unsqueeze(-1).unsqueeze(-1));
    }
    x = y.add_(x).relu_();
  }
  at::Tensor policy = flatten_policy(conv(policy_out_, conv(policy_conv_, x).relu_()));
  at::Tensor v = conv(value_conv_, x).relu_().flatten(1);
  at::Tensor wdl =
      at::linear(at::linear(v, value_fc1_.weight, value_fc1_.bias).relu_(), value_fc2_.weight, value_fc2_.bias);
  return {policy.to(at::kFloat), wdl.to(at::kFloat)};
}

}  // namespace bh
