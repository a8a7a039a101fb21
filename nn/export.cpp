// export.cpp — TorchScript (generated forward source), ONNX (via Python) and weights.
#include "nn/export.h"

#include <fstream>
#include <sstream>
#include <stdexcept>
#include <vector>

#include <unistd.h>

#include <torch/csrc/jit/api/module.h>
#include <torch/csrc/jit/serialization/import.h>

#include "core/platform/atomic_file.h"
#include "core/platform/child_process.h"
#include "nn/checkpoint.h"
#include "nn/shape.h"

namespace bh {

ExportFormat parse_export_format(std::string_view text) {
  if (text == "torchscript") return ExportFormat::TorchScript;
  if (text == "onnx") return ExportFormat::Onnx;
  if (text == "weights") return ExportFormat::Weights;
  throw std::invalid_argument("export format must be torchscript, onnx or weights, got '" + std::string(text) + "'");
}

std::filesystem::path default_onnx_script() { return BUGHOUSE_ONNX_SCRIPT; }

namespace {

// Tensor names of weight_layout as TorchScript attribute names ("block0.conv1.weight"
// -> "block0_conv1_weight").
std::string attribute(std::string name) {
  for (char& c : name)
    if (c == '.') c = '_';
  return name;
}

// The forward method as TorchScript source: the same graph as InferenceNet::forward.
std::string forward_source(const NetConfig& c) {
  std::ostringstream s;
  auto conv = [&](const std::string& out, const std::string& in, const std::string& name, int padding) {
    s << "    " << out << " = torch.conv2d(" << in << ", self." << attribute(name) << "_weight, self."
      << attribute(name) << "_bias, [1, 1], [" << padding << ", " << padding << "])\n";
  };
  auto dense = [&](const std::string& out, const std::string& in, const std::string& name) {
    s << "    " << out << " = torch.linear(" << in << ", self." << attribute(name) << "_weight, self."
      << attribute(name) << "_bias)\n";
  };
  s << "def forward(self, planes: Tensor) -> Tuple[Tensor, Tensor]:\n";
  conv("x", "planes", "stem", 1);
  s << "    x = torch.relu(x)\n";
  for (int b = 0; b < c.blocks; ++b) {
    const std::string p = "block" + std::to_string(b);
    conv("y", "x", p + ".conv1", 1);
    s << "    y = torch.relu(y)\n";
    conv("y", "y", p + ".conv2", 1);
    if (c.se) {
      dense("s", "torch.mean(y, [2, 3])", p + ".se1");
      s << "    s = torch.relu(s)\n";
      dense("s", "s", p + ".se2");
      s << "    y = y * torch.sigmoid(s).unsqueeze(-1).unsqueeze(-1)\n";
    }
    s << "    x = torch.relu(x + y)\n";
  }
  conv("p", "x", "policy.conv", 1);
  s << "    p = torch.relu(p)\n";
  conv("p", "p", "policy.out", 0);
  s << "    moves = torch.flatten(p[:, 0:" << kMovePlanes + kDropPlanes << ", :, 0:8], 1)\n"
    << "    wait = torch.mean(p[:, " << kPolicyPlanes - 1 << ", :, :], [1, 2]).unsqueeze(1)\n"
    << "    policy = torch.cat([moves, wait], 1)\n";
  conv("v", "x", "value.conv", 0);
  s << "    v = torch.flatten(torch.relu(v), 1)\n";
  dense("v", "v", "value.fc1");
  s << "    v = torch.relu(v)\n";
  dense("wdl", "v", "value.fc2");
  s << "    return policy, wdl\n";
  return s.str();
}

// What an engine needs to know about the archive without running it.
std::string description(const NetConfig& c) {
  std::ostringstream s;
  s << "encoding_version=" << kEncodingVersion << "\ninput_planes=" << kInputPlanes
    << "\ninput_height=" << kInputHeight << "\ninput_width=" << kInputWidth << "\npolicy_size=" << kPolicySize
    << "\n" << c.to_text();
  return s.str();
}

// Runs argv[0] with argv, its output going to `log`; returns the exit status as a shell
// reports it.
int run_process(const std::vector<std::string>& args, const std::filesystem::path& log) {
  ChildOptions o;
  o.output = ChildOptions::Output::File;
  o.output_file = log;
  o.stderr_to_output = true;
  return ChildProcess(args, o).wait().shell_code();
}

std::string read_text(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

// Removes a scratch file (the converter's input, output and log) on every exit path.
struct TempPath {
  std::filesystem::path path;
  ~TempPath() {
    std::error_code ec;
    std::filesystem::remove(path, ec);
  }
};

}  // namespace

torch::jit::Module make_torchscript(const FoldedWeights& w) {
  const auto layout = weight_layout(w.config);
  if (layout.size() != w.tensors.size()) throw std::invalid_argument("export: folded weights do not match their config");
  torch::jit::Module m("BughouseNet");
  for (std::size_t i = 0; i < layout.size(); ++i)
    m.register_parameter(attribute(layout[i].name), w.tensors[i].to(torch::kCPU, torch::kFloat).contiguous(), false);
  m.register_attribute("encoding_version", c10::IntType::get(), c10::IValue(std::int64_t(kEncodingVersion)));
  m.define(forward_source(w.config));
  m.eval();
  // Freezing inlines the weights as constants; encoding_version stays readable.
  return torch::jit::freeze(m, std::vector<std::string>{"encoding_version"});
}

void export_torchscript(const FoldedWeights& w, const std::filesystem::path& out) {
  torch::jit::Module m = make_torchscript(w);
  const torch::jit::ExtraFilesMap extra{{"bughouse.txt", description(w.config)}};
  write_file_atomic(out, [&](std::ostream& file) { m.save(file, extra); });
}

void export_onnx(const FoldedWeights& w, const std::filesystem::path& out, const OnnxOptions& options) {
  if (!std::filesystem::exists(options.python))
    throw std::runtime_error("onnx export needs " + options.python.string() + " with torch (Debian: python3-torch)");
  if (!std::filesystem::exists(options.script))
    throw std::runtime_error("onnx export script not found: " + options.script.string());
  const std::string stem = out.string() + ".tmp." + std::to_string(::getpid());
  TempPath script_input{stem + ".pt"}, onnx{stem + ".onnx"}, log{stem + ".log"};
  export_torchscript(w, script_input.path);
  int rc = run_process({options.python.string(), options.script.string(), script_input.path.string(),
                        onnx.path.string(), std::to_string(options.opset)},
                       log.path);
  if (rc != 0)
    throw std::runtime_error("onnx export: " + options.script.string() + " failed (exit " + std::to_string(rc) +
                             "):\n" + read_text(log.path));
  // The converter wrote a scratch file; the model reaches `out` whole or not at all.
  write_file_atomic(out, read_text(onnx.path));
}

WeightFile to_weight_file(const FoldedWeights& w) {
  WeightFile f;
  f.encoding_version = kEncodingVersion;
  f.config = w.config;
  const auto layout = weight_layout(w.config);
  if (layout.size() != w.tensors.size()) throw std::invalid_argument("export: folded weights do not match their config");
  for (std::size_t i = 0; i < layout.size(); ++i) {
    torch::Tensor t = w.tensors[i].to(torch::kCPU, torch::kFloat).contiguous();
    const float* p = t.data_ptr<float>();
    f.tensors.push_back({layout[i].name, layout[i].shape, std::vector<float>(p, p + t.numel())});
  }
  f.validate();
  return f;
}

void export_weights(const FoldedWeights& w, const std::filesystem::path& out) {
  write_weight_file(out, to_weight_file(w));
}

void export_checkpoint(const std::filesystem::path& checkpoint, ExportFormat format,
                       const std::filesystem::path& out, const OnnxOptions& options) {
  Network net = LoadedCheckpoint(checkpoint).network();
  net->eval();
  FoldedWeights w = net->fold();
  switch (format) {
    case ExportFormat::TorchScript: export_torchscript(w, out); break;
    case ExportFormat::Onnx: export_onnx(w, out, options); break;
    case ExportFormat::Weights: export_weights(w, out); break;
  }
}

}  // namespace bh
