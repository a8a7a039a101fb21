// eigen_net.h — the reference forward pass in plain C++ with Eigen (no LibTorch), over
// the plain weight file. It reproduces the LibTorch outputs (to 1e-4, checked by the nn
// tests) so an engine can embed the network with Eigen alone; it favours clarity over
// speed (one position at a time, im2col + GEMM per convolution).
#pragma once

#include <array>
#include <filesystem>
#include <span>
#include <vector>

#include <Eigen/Core>

#include "nn/shape.h"
#include "nn/weight_file.h"

namespace bh {

class EigenNet {
 public:
  // Throws std::invalid_argument when the tensors do not match the config.
  explicit EigenNet(const WeightFile& weights);
  static EigenNet load(const std::filesystem::path& path) { return EigenNet(read_weight_file(path)); }

  const NetConfig& config() const { return config_; }

  struct Output {
    std::vector<float> policy;          // kPolicySize logits (SPEC.md "Policy")
    std::array<float, kWdlOutputs> wdl; // win, draw, loss logits
  };
  // One position's planes (nn/encoding.h, kInputSize floats, plane-major) -> logits.
  void forward(std::span<const float, kInputSize> planes, Output& out) const;

  using Matrix = Eigen::Matrix<float, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;
  using Vector = Eigen::VectorXf;

 private:
  struct Conv {
    Matrix weight;  // [out, in * k * k]: PyTorch's [out, in, kh, kw] read row-major
    Vector bias;
    int kernel = 1;
  };
  struct Dense {
    Matrix weight;  // [out, in]
    Vector bias;
  };
  struct Block {
    Conv conv1, conv2;
    Dense se1, se2;  // empty without squeeze-excitation
  };

  static Conv conv(const WeightFile& w, const std::string& name, int kernel);
  static Dense dense(const WeightFile& w, const std::string& name);
  // Activations are [channels, 128 squares], row-major: one row is one plane.
  static Matrix apply(const Conv& c, const Matrix& x);

  NetConfig config_;
  Conv stem_;
  std::vector<Block> blocks_;
  Conv policy_conv_, policy_out_, value_conv_;
  Dense value_fc1_, value_fc2_;
};

}  // namespace bh
