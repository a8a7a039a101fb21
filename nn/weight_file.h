// weight_file.h — the plain weight file for engine authors (SPEC.md "Plain weight file"):
// the net's config, the encoding version and every tensor of the inference net (batch
// norm already folded into the convolutions) as little-endian float32, named and shaped.
// No LibTorch here: an engine reads it with this file, or with its own 50-line reader.
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

#include "nn/net_config.h"

namespace bh {

struct WeightTensor {
  std::string name;
  std::vector<int> shape;     // PyTorch order: convolutions [out, in, kh, kw], dense [out, in]
  std::vector<float> data;    // row-major (C order)
  std::size_t numel() const;
};

// Name and shape of each tensor of a config's inference net, in file order (SPEC.md
// "Weights"). The LibTorch net, the TorchScript export and the Eigen pass all use it.
struct TensorLayout {
  std::string name;
  std::vector<int> shape;
};
std::vector<TensorLayout> weight_layout(const NetConfig& config);

struct WeightFile {
  static constexpr char kMagic[8] = {'B', 'H', 'N', 'N', 'W', 'T', 'S', '\n'};
  static constexpr std::uint32_t kFormatVersion = 1;

  int encoding_version = 0;
  NetConfig config;
  std::vector<WeightTensor> tensors;  // exactly weight_layout(config), in that order

  // Throws std::invalid_argument naming the first tensor missing or of the wrong shape.
  void validate() const;
  // The tensor of that name; throws std::out_of_range naming it.
  const WeightTensor& get(std::string_view name) const;
};

// Atomic write. Throws std::runtime_error.
void write_weight_file(const std::filesystem::path& path, const WeightFile& weights);
// Throws std::runtime_error saying whether the file is not a weight file, truncated, of
// another format or encoding version, or inconsistent with its own config.
WeightFile read_weight_file(const std::filesystem::path& path);

}  // namespace bh
