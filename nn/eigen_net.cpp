// eigen_net.cpp — the Eigen forward pass (SPEC.md "Network" is the graph it follows).
#include "nn/eigen_net.h"

#include <stdexcept>

namespace bh {

namespace {

using Matrix = EigenNet::Matrix;
using Vector = EigenNet::Vector;

void relu(Matrix& m) { m = m.cwiseMax(0.0f); }

Eigen::Map<const Matrix> as_matrix(const WeightTensor& t, int rows) {
  return {t.data.data(), rows, Eigen::Index(t.data.size() / std::size_t(rows))};
}

}  // namespace

EigenNet::Conv EigenNet::conv(const WeightFile& w, const std::string& name, int kernel) {
  const WeightTensor& weight = w.get(name + ".weight");
  const WeightTensor& bias = w.get(name + ".bias");
  return {as_matrix(weight, weight.shape[0]), Eigen::Map<const Vector>(bias.data.data(), Eigen::Index(bias.data.size())),
          kernel};
}

EigenNet::Dense EigenNet::dense(const WeightFile& w, const std::string& name) {
  const WeightTensor& weight = w.get(name + ".weight");
  const WeightTensor& bias = w.get(name + ".bias");
  return {as_matrix(weight, weight.shape[0]), Eigen::Map<const Vector>(bias.data.data(), Eigen::Index(bias.data.size()))};
}

EigenNet::EigenNet(const WeightFile& w) : config_(w.config) {
  w.validate();
  stem_ = conv(w, "stem", 3);
  for (int b = 0; b < config_.blocks; ++b) {
    const std::string p = "block" + std::to_string(b);
    Block block{conv(w, p + ".conv1", 3), conv(w, p + ".conv2", 3), {}, {}};
    if (config_.se) {
      block.se1 = dense(w, p + ".se1");
      block.se2 = dense(w, p + ".se2");
    }
    blocks_.push_back(std::move(block));
  }
  policy_conv_ = conv(w, "policy.conv", 3);
  policy_out_ = conv(w, "policy.out", 1);
  value_conv_ = conv(w, "value.conv", 1);
  value_fc1_ = dense(w, "value.fc1");
  value_fc2_ = dense(w, "value.fc2");
}

Matrix EigenNet::apply(const Conv& c, const Matrix& x) {
  Matrix out;
  if (c.kernel == 1) {
    out = c.weight * x;
  } else {
    // im2col: row (in * 9 + ky * 3 + kx) holds input plane `in` shifted by (ky-1, kx-1),
    // zero outside the 8 x 16 image (padding 1), matching PyTorch's weight order.
    const Eigen::Index in = x.rows();
    Matrix cols = Matrix::Zero(in * 9, kInputSquares);
    for (Eigen::Index i = 0; i < in; ++i)
      for (int ky = 0; ky < 3; ++ky)
        for (int kx = 0; kx < 3; ++kx)
          for (int y = 0; y < kInputHeight; ++y) {
            const int sy = y + ky - 1;
            if (sy < 0 || sy >= kInputHeight) continue;
            for (int xx = 0; xx < kInputWidth; ++xx) {
              const int sx = xx + kx - 1;
              if (sx < 0 || sx >= kInputWidth) continue;
              cols(i * 9 + ky * 3 + kx, y * kInputWidth + xx) = x(i, sy * kInputWidth + sx);
            }
          }
    out = c.weight * cols;
  }
  out.colwise() += c.bias;
  return out;
}

void EigenNet::forward(std::span<const float, kInputSize> planes, Output& out) const {
  Matrix x = Eigen::Map<const Matrix>(planes.data(), kInputPlanes, kInputSquares);
  x = apply(stem_, x);
  relu(x);
  for (const Block& b : blocks_) {
    Matrix y = apply(b.conv1, x);
    relu(y);
    y = apply(b.conv2, y);
    if (config_.se) {
      // Squeeze (mean per plane), excite (two dense layers), gate every plane.
      Vector s = (b.se1.weight * y.rowwise().mean() + b.se1.bias).cwiseMax(0.0f);
      Vector g = b.se2.weight * s + b.se2.bias;
      g = (1.0f + (-g.array()).exp()).inverse().matrix();
      y = g.asDiagonal() * y;
    }
    x += y;
    relu(x);
  }

  Matrix p = apply(policy_conv_, x);
  relu(p);
  p = apply(policy_out_, p);
  out.policy.resize(kPolicySize);
  // The left half (the mover's board) of each of the 78 move and drop planes.
  for (int plane = 0; plane < kMovePlanes + kDropPlanes; ++plane)
    for (int rank = 0; rank < 8; ++rank)
      for (int file = 0; file < 8; ++file)
        out.policy[std::size_t(plane * 64 + rank * 8 + file)] = p(plane, rank * kInputWidth + file);
  out.policy[kWaitIndex] = p.row(kPolicyPlanes - 1).mean();

  Matrix v = apply(value_conv_, x);
  relu(v);
  // Flatten plane-major (as PyTorch flattens NCHW): the row-major storage order.
  Eigen::Map<const Vector> flat(v.data(), v.size());
  Vector h = (value_fc1_.weight * flat + value_fc1_.bias).cwiseMax(0.0f);
  Vector wdl = value_fc2_.weight * h + value_fc2_.bias;
  for (int i = 0; i < kWdlOutputs; ++i) out.wdl[std::size_t(i)] = wdl[i];
}

}  // namespace bh
