// export.h — the network for engine authors (SPEC.md "Files"): a frozen TorchScript
// archive (runs with torch::jit::load or Python's torch.jit.load, no project code), an
// ONNX model (converted from the TorchScript archive by Python's torch.onnx), and the
// plain weight file that the Eigen reference forward pass (eigen_net.h) reads. All three
// compute the same function as InferenceNet::forward and carry the encoding version.
#pragma once

#include <filesystem>
#include <string>
#include <string_view>

#include <torch/csrc/jit/api/module.h>

#include "nn/model.h"
#include "nn/weight_file.h"

namespace bh {

enum class ExportFormat { TorchScript, Onnx, Weights };
// "torchscript", "onnx" or "weights"; throws std::invalid_argument otherwise.
ExportFormat parse_export_format(std::string_view text);

// The ONNX opset the export asks for (SPEC.md "ONNX").
inline constexpr int kOnnxOpset = 17;

// scripts/export_onnx.py of the source tree this was built from.
std::filesystem::path default_onnx_script();

struct OnnxOptions {
  std::filesystem::path python = "/usr/bin/python3";  // needs Debian's python3-torch
  std::filesystem::path script = default_onnx_script();
  int opset = kOnnxOpset;
};

// The frozen module: forward(planes [N, 40, 8, 16] float32) -> (policy [N, 4993],
// wdl [N, 3]) logits; attribute `encoding_version`; extra file `bughouse.txt`.
torch::jit::Module make_torchscript(const FoldedWeights& weights);
void export_torchscript(const FoldedWeights& weights, const std::filesystem::path& out);
// Runs `options.python options.script` on a temporary TorchScript archive. Throws
// std::runtime_error with the converter's output when it fails.
void export_onnx(const FoldedWeights& weights, const std::filesystem::path& out, const OnnxOptions& options = {});
WeightFile to_weight_file(const FoldedWeights& weights);
void export_weights(const FoldedWeights& weights, const std::filesystem::path& out);

// Loads a checkpoint, folds its network and writes it in `format`.
void export_checkpoint(const std::filesystem::path& checkpoint, ExportFormat format,
                       const std::filesystem::path& out, const OnnxOptions& options = {});

}  // namespace bh
