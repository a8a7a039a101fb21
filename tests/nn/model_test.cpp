// Specification of the network and its inference form: the folded net computes what the
// trainable net computes in eval mode, in either memory format; bf16 inference stays
// within a bounded distance of fp32, and "auto" chooses it only where the hardware has
// it; NetConfig's text form round-trips and is checked.
#include <gtest/gtest.h>

#include <ATen/ATen.h>
#include <torch/cuda.h>

#include "core/platform/cpu_features.h"
#include "nn/encoding.h"
#include "nn/inference_net.h"
#include "tests/nn/nn_test_util.h"

namespace bh {
namespace {

at::Tensor encode_batch(const std::vector<MatchView>& views) {
  at::Tensor x = at::empty({std::int64_t(views.size()), kInputPlanes, kInputHeight, kInputWidth});
  for (std::size_t i = 0; i < views.size(); ++i)
    encode(views[i], std::span<float, kInputSize>(x.data_ptr<float>() + i * kInputSize, kInputSize));
  return x;
}

double max_diff(const at::Tensor& a, const at::Tensor& b) { return (a - b).abs().max().item<double>(); }

TEST(Model, OutputShapes) {
  Network net = test::random_network(test::tiny_config(), 1);
  NetOutput out = net->forward(encode_batch(test::sample_views(3)));
  EXPECT_EQ(out.policy.sizes(), (std::vector<std::int64_t>{3, kPolicySize}));
  EXPECT_EQ(out.wdl.sizes(), (std::vector<std::int64_t>{3, 3}));
}

// Folding is algebra, not approximation: the folded net equals the eval-mode net up to
// float rounding, with and without squeeze-excitation, in both memory formats.
TEST(Model, BatchNormFoldingIsExact) {
  const at::Tensor x = encode_batch(test::sample_views(16));
  for (bool se : {false, true}) {
    Network net = test::random_network(test::tiny_config(se), 2);
    torch::NoGradGuard no_grad;
    NetOutput reference = net->forward(x);
    for (bool channels_last : {false, true}) {
      InferenceNet folded(net->fold(), {c10::kCPU, Precision::Float32, channels_last});
      NetOutput out = folded.forward(x);
      EXPECT_LT(max_diff(out.policy, reference.policy), 1e-5) << "se " << se << " channels_last " << channels_last;
      EXPECT_LT(max_diff(out.wdl, reference.wdl), 1e-5) << "se " << se << " channels_last " << channels_last;
    }
  }
}

// bf16 keeps 8 bits of mantissa: logits move by a few thousandths on nets of this depth.
// The bound is loose enough for any correct bf16 kernel and far below what a wrong
// layout or a dropped layer would cause (logits of order 1).
TEST(Model, Bf16StaysCloseToFp32) {
  Network net = test::random_network(test::tiny_config(), 3);
  const at::Tensor x = encode_batch(test::sample_views(32));
  InferenceNet fp32(net->fold(), {c10::kCPU, Precision::Float32, true});
  InferenceNet bf16(net->fold(), {c10::kCPU, Precision::BFloat16, true});
  NetOutput a = fp32.forward(x), b = bf16.forward(x);
  ASSERT_EQ(b.policy.scalar_type(), at::kFloat);
  const double policy_error = max_diff(a.policy, b.policy), wdl_error = max_diff(a.wdl, b.wdl);
  const double scale = std::max(1.0, a.policy.abs().max().item<double>());
  EXPECT_LT(policy_error, 0.05 * scale);
  EXPECT_LT(wdl_error, 0.05 * scale);
  EXPECT_GT(policy_error, 0.0) << "bf16 gave fp32's exact results: is it really running in bf16?";
  const double prob_error = max_diff(at::softmax(a.policy, 1), at::softmax(b.policy, 1));
  EXPECT_LT(prob_error, 0.01);
  RecordProperty("bf16_max_policy_logit_error", std::to_string(policy_error));
}

TEST(Model, DeviceNames) {
  EXPECT_EQ(resolve_device("cpu"), c10::Device(c10::kCPU));
  EXPECT_THROW(resolve_device("tpu"), std::invalid_argument);
  // Without CUDA in this LibTorch (or without a GPU) "cuda" falls back to the CPU.
  if (!torch::cuda::is_available()) {
    EXPECT_EQ(resolve_device("cuda"), c10::Device(c10::kCPU));
  }
}

// "auto" picks bf16 only where it is the fast path: a CUDA device, or a CPU with bf16 in
// hardware (core/platform/cpu_features.h, tested against the kernel's flags); the CPUs
// without it run bf16 many times slower than fp32 (nn/README.md).
TEST(Model, PrecisionNames) {
  EXPECT_EQ(parse_precision("fp32"), Precision::Float32);
  EXPECT_EQ(parse_precision("bf16"), Precision::BFloat16);
  EXPECT_EQ(parse_precision("auto", c10::kCPU), cpu_has_native_bf16() ? Precision::BFloat16 : Precision::Float32);
  EXPECT_EQ(parse_precision("auto", c10::Device(c10::kCUDA, 0)), Precision::BFloat16);
  EXPECT_EQ(parse_precision("fp32", c10::Device(c10::kCUDA, 0)), Precision::Float32);
  try {
    parse_precision("fp16");
    ADD_FAILURE() << "fp16 was accepted";
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("'fp16'"), std::string::npos) << e.what();
  }
}

TEST(NetConfig, TextRoundTripAndValidation) {
  for (const NetConfig& c : {NetConfig::small(), NetConfig::medium(), test::tiny_config()})
    EXPECT_EQ(NetConfig::from_text(c.to_text()), c);
  EXPECT_THROW(NetConfig::from_text("blocks=6\n"), std::invalid_argument);
  EXPECT_THROW(NetConfig::from_text(NetConfig().to_text() + "colour=blue\n"), std::invalid_argument);
  // tactical_residual: written only when set (files of other nets are as they were), read
  // back either way, and 0 when missing.
  NetConfig residual = NetConfig::small();
  residual.tactical_residual = true;
  EXPECT_EQ(NetConfig::from_text(residual.to_text()), residual);
  EXPECT_EQ(NetConfig::small().to_text().find("tactical_residual"), std::string::npos);
  EXPECT_FALSE(NetConfig::from_text(NetConfig::small().to_text()).tactical_residual);
  EXPECT_EQ(residual.short_name(), "6x64-tr");
  // tactical_scale: a residual net's text carries it; one without it was made on the
  // tactical value tanh(score / 600), before the calibration, and is read as such.
  EXPECT_NE(residual.to_text().find("tactical_scale=1896\n"), std::string::npos);
  const std::string before_calibration = NetConfig::small().to_text() + "tactical_residual=1\n";
  EXPECT_EQ(NetConfig::from_text(before_calibration).tactical_scale, 600);
  EXPECT_EQ(NetConfig::from_text(before_calibration).short_name(), "6x64-tr600-np");
  EXPECT_THROW(NetConfig::from_text(residual.to_text() + "tactical_scale=0\n"), std::invalid_argument);
  // tactical_placement: a residual net's text carries it; one without it was made before
  // the tactical evaluator counted where the pieces stand, and is read as such.
  EXPECT_NE(residual.to_text().find("tactical_placement=1\n"), std::string::npos);
  EXPECT_TRUE(NetConfig::from_text(residual.to_text()).tactical_placement);
  EXPECT_FALSE(NetConfig::from_text(before_calibration).tactical_placement);
  const std::string before_placement = before_calibration + "tactical_scale=1896\n";
  EXPECT_FALSE(NetConfig::from_text(before_placement).tactical_placement);
  EXPECT_EQ(NetConfig::from_text(before_placement).short_name(), "6x64-tr-np");
  EXPECT_THROW(NetConfig::from_text(residual.to_text() + "tactical_placement=2\n"), std::invalid_argument);
  EXPECT_THROW(NetConfig::from_text(NetConfig().to_text() + "tactical_residual=2\n"), std::invalid_argument);
  NetConfig bad;
  bad.channels = 0;
  EXPECT_THROW(bad.validate(), std::invalid_argument);
  EXPECT_THROW(Network{bad}, std::invalid_argument);
}

// The cost model the benchmark reports, worked by hand for 6 x 64 (8 x 16 image):
// stem 40*64*9*128, blocks 6*2*64*64*9*128, policy 64*64*9*128 + 64*79*128,
// value 64*8*128 + 8*128*128 + 128*3.
TEST(NetConfig, MacsPerPosition) {
  const std::int64_t expected = 40LL * 64 * 9 * 128 + 6LL * 2 * 64 * 64 * 9 * 128 + 64LL * 64 * 9 * 128 +
                                64LL * 79 * 128 + 64LL * 8 * 128 + 8LL * 128 * 128 + 128 * 3;
  EXPECT_EQ(NetConfig::small().macs_per_position(), expected);
}

}  // namespace
}  // namespace bh
