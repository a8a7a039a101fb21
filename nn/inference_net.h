// inference_net.h — the network as the evaluators run it: batch norm folded into the
// convolutions, channels-last activations, fp32 or bf16, on the CPU or a CUDA device.
// Immutable after construction, so one instance is shared read-only (shared_ptr<const>)
// by the evaluators of many threads without locks.
#pragma once

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include <ATen/core/Tensor.h>
#include <c10/core/Device.h>

#include "nn/model.h"

namespace bh {

enum class Precision { Float32, BFloat16 };
std::string_view precision_name(Precision p);
// "fp32", "bf16" or "auto" for a net that runs on `device`; throws std::invalid_argument
// for anything else. "auto" is bf16 on a CUDA device and on a CPU with bf16 in hardware
// (core/platform/cpu_features.h), fp32 elsewhere: on a CPU without it bf16 is the slowest
// choice by far (nn/README.md "bf16 and channels-last"), which an explicit "bf16" there
// is warned of on stderr.
Precision parse_precision(std::string_view text, c10::Device device = c10::kCPU);

// "cpu", "cuda" or "cuda:N". Falls back to the CPU, saying so on stderr, when the
// LibTorch this was built against has no CUDA or sees no GPU. Throws
// std::invalid_argument for a name that is neither.
c10::Device resolve_device(std::string_view name);

struct InferenceOptions {
  c10::Device device = c10::kCPU;
  Precision precision = Precision::Float32;
  bool channels_last = true;  // measured faster with oneDNN on this CPU (nn/README.md "bf16 and channels-last")
};

class InferenceNet {
 public:
  InferenceNet(const FoldedWeights& weights, InferenceOptions options = {});
  // Folds `net` (its eval-mode statistics) and builds the shared inference net.
  static std::shared_ptr<const InferenceNet> create(const Network& net, InferenceOptions options = {});

  // planes: [N, kInputPlanes, 8, 16] float32 on any device. Returns float32 logits on
  // this net's device. Runs under c10::InferenceMode; safe to call from many threads.
  NetOutput forward(const at::Tensor& planes) const;

  const NetConfig& config() const { return config_; }
  const InferenceOptions& options() const { return options_; }

 private:
  struct Conv {
    at::Tensor weight, bias;
    int padding = 0;
  };
  struct Dense {
    at::Tensor weight, bias;
  };
  struct Block {
    Conv conv1, conv2;
    Dense se1, se2;
  };
  at::Tensor conv(const Conv& c, const at::Tensor& x) const;

  NetConfig config_;
  InferenceOptions options_;
  Conv stem_;
  std::vector<Block> blocks_;
  Conv policy_conv_, policy_out_, value_conv_;
  Dense value_fc1_, value_fc2_;
};

}  // namespace bh
