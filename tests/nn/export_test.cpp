// Specification of the exports: the TorchScript archive (reloaded by LibTorch and by
// Python's torch.jit.load), the plain weight file run by the Eigen reference pass, and
// the ONNX model run by onnxruntime-node all reproduce InferenceNet's outputs, and each
// carries the encoding version.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include <unistd.h>

#include <ATen/ATen.h>
#include <torch/csrc/jit/serialization/import.h>

#include "core/platform/child_process.h"
#include "nn/eigen_net.h"
#include "nn/encoding.h"
#include "nn/export.h"
#include "nn/inference_net.h"
#include "tests/nn/nn_test_util.h"

namespace bh {
namespace {

namespace fs = std::filesystem;

class ExportTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("bh_export_" + std::to_string(::getpid()) + "_" +
                                        ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::create_directories(dir_);
    net_ = test::random_network(test::tiny_config(), 31);
    weights_ = net_->fold();
    auto views = test::sample_views(kBatch);
    planes_ = at::empty({kBatch, kInputPlanes, kInputHeight, kInputWidth});
    for (std::size_t i = 0; i < views.size(); ++i)
      encode(views[i], std::span<float, kInputSize>(planes_.data_ptr<float>() + i * kInputSize, kInputSize));
    reference_ = InferenceNet(weights_, {c10::kCPU, Precision::Float32, true}).forward(planes_);
  }
  void TearDown() override { fs::remove_all(dir_); }

  static double max_diff(const at::Tensor& a, const at::Tensor& b) { return (a - b).abs().max().item<double>(); }

  static void write_raw(const fs::path& p, const at::Tensor& t) {
    at::Tensor c = t.contiguous();
    std::ofstream(p, std::ios::binary).write(reinterpret_cast<const char*>(c.data_ptr<float>()),
                                             std::streamsize(c.numel() * sizeof(float)));
  }
  static at::Tensor read_raw(const fs::path& p, std::vector<std::int64_t> shape) {
    at::Tensor t = at::empty(shape);
    std::ifstream in(p, std::ios::binary);
    in.read(reinterpret_cast<char*>(t.data_ptr<float>()), std::streamsize(t.numel() * sizeof(float)));
    EXPECT_EQ(in.gcount(), std::streamsize(t.numel() * sizeof(float))) << p;
    return t;
  }
  // Runs a program to its end: its exit code (shell style), or -1 when it cannot start.
  // `quiet`: its output goes to /dev/null.
  static int run_program(const std::vector<std::string>& argv, bool quiet = false,
                         std::vector<std::string> environment = {}) {
    ChildOptions o;
    if (quiet) o.output = ChildOptions::Output::Null;
    o.stderr_to_output = quiet;
    o.environment = std::move(environment);
    try {
      return ChildProcess(argv, o).wait().shell_code();
    } catch (const ChildProcessError&) {
      return -1;
    }
  }
  static bool python_has_torch() { return run_program({"/usr/bin/python3", "-c", "import torch"}, true) == 0; }
  static std::string joined(const std::vector<std::string>& argv) {
    std::string text;
    for (const std::string& a : argv) text += (text.empty() ? "" : " ") + a;
    return text;
  }

  static constexpr int kBatch = 5;
  fs::path dir_;
  Network net_{nullptr};
  FoldedWeights weights_;
  at::Tensor planes_;
  NetOutput reference_;
};

TEST_F(ExportTest, TorchScriptReloadsAndMatches) {
  const fs::path path = dir_ / "net.pt";
  export_torchscript(weights_, path);
  torch::jit::ExtraFilesMap extra{{"bughouse.txt", ""}};
  torch::jit::Module m = torch::jit::load(path.string(), c10::nullopt, extra);
  EXPECT_EQ(m.attr("encoding_version").toInt(), kEncodingVersion);
  EXPECT_NE(extra["bughouse.txt"].find("encoding_version=" + std::to_string(kEncodingVersion) + "\n"), std::string::npos);
  auto out = m.forward({planes_}).toTuple();
  EXPECT_LT(max_diff(out->elements()[0].toTensor(), reference_.policy), 1e-5);
  EXPECT_LT(max_diff(out->elements()[1].toTensor(), reference_.wdl), 1e-5);
}

TEST_F(ExportTest, PythonLoadsTheTorchScriptArchive) {
  if (!python_has_torch()) GTEST_SKIP() << "/usr/bin/python3 with torch (Debian python3-torch) is not installed";
  const fs::path model = dir_ / "net.pt";
  export_torchscript(weights_, model);
  write_raw(dir_ / "in.bin", planes_);
  const std::string script =
      "import sys, torch\n"
      "m = torch.jit.load(sys.argv[1])\n"
      "x = torch.from_file(sys.argv[2], size=" + std::to_string(planes_.numel()) + ").reshape(" +
      std::to_string(kBatch) + ", 40, 8, 16)\n"
      "p, w = m(x)\n"
      "assert m.encoding_version == " + std::to_string(kEncodingVersion) + "\n"
      "p.contiguous().numpy().tofile(sys.argv[3])\n"
      "w.contiguous().numpy().tofile(sys.argv[4])\n";
  std::ofstream(dir_ / "run.py") << script;
  const std::vector<std::string> cmd = {"/usr/bin/python3",          (dir_ / "run.py").string(), model.string(),
                                        (dir_ / "in.bin").string(), (dir_ / "p.bin").string(),  (dir_ / "w.bin").string()};
  ASSERT_EQ(run_program(cmd), 0) << joined(cmd);
  EXPECT_LT(max_diff(read_raw(dir_ / "p.bin", {kBatch, kPolicySize}), reference_.policy), 1e-5);
  EXPECT_LT(max_diff(read_raw(dir_ / "w.bin", {kBatch, 3}), reference_.wdl), 1e-5);
}

TEST_F(ExportTest, EigenForwardMatchesLibTorch) {
  for (bool se : {true, false}) {
    Network net = test::random_network(test::tiny_config(se), 32);
    FoldedWeights w = net->fold();
    NetOutput reference = InferenceNet(w).forward(planes_);
    const fs::path path = dir_ / "net.weights";
    export_weights(w, path);
    EigenNet eigen = EigenNet::load(path);
    EXPECT_EQ(eigen.config(), w.config);
    EigenNet::Output out;
    for (int i = 0; i < kBatch; ++i) {
      eigen.forward(std::span<const float, kInputSize>(planes_.data_ptr<float>() + i * kInputSize, kInputSize), out);
      at::Tensor policy = at::from_blob(out.policy.data(), {kPolicySize});
      at::Tensor wdl = at::from_blob(out.wdl.data(), {3});
      EXPECT_LT(max_diff(policy, reference.policy[i]), 1e-4) << "se " << se << " position " << i;
      EXPECT_LT(max_diff(wdl, reference.wdl[i]), 1e-4) << "se " << se << " position " << i;
    }
  }
}

TEST_F(ExportTest, WeightFileErrorsSayWhy) {
  const fs::path path = dir_ / "net.weights";
  export_weights(weights_, path);
  std::string bytes;
  {
    std::ifstream in(path, std::ios::binary);
    bytes.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
  }
  auto expect_error = [&](const std::string& content, const std::string& phrase) {
    std::ofstream(dir_ / "bad.weights", std::ios::binary | std::ios::trunc) << content;
    try {
      read_weight_file(dir_ / "bad.weights");
      FAIL() << phrase;
    } catch (const std::runtime_error& e) {
      EXPECT_NE(std::string(e.what()).find(phrase), std::string::npos) << e.what();
    }
  };
  expect_error(bytes.substr(0, bytes.size() - 10), "truncated");
  expect_error("PK\3\4 something else", "not a bughouse weight file");
  std::string other = bytes;
  other[12] = char(kEncodingVersion + 1);  // encoding version field (after magic and format)
  expect_error(other, "encoding version " + std::to_string(kEncodingVersion + 1));
  expect_error(bytes + "extra", "unexpected bytes");
}

// onnxruntime-node is installed by the CI script (nn/README.md); without node or the
// package the test is skipped, saying which is missing.
TEST_F(ExportTest, OnnxRunsInOnnxRuntimeAndMatches) {
  const char* env = std::getenv("BUGHOUSE_NODE_MODULES");
  const fs::path modules = env ? fs::path(env) : fs::path(BUGHOUSE_NODE_MODULES);
  if (run_program({"node", "--version"}, true) != 0) GTEST_SKIP() << "node (Node.js) is not on the PATH";
  if (!fs::exists(modules / "onnxruntime-node"))
    GTEST_SKIP() << "onnxruntime-node is not installed in " << modules
                 << " (npm install --prefix <build> onnxruntime-node@1 --ignore-scripts, or set BUGHOUSE_NODE_MODULES)";
  if (!python_has_torch()) GTEST_SKIP() << "/usr/bin/python3 with torch (Debian python3-torch) is not installed";

  const fs::path model = dir_ / "net.onnx";
  export_onnx(weights_, model);
  std::ifstream in(model, std::ios::binary);
  const std::string bytes{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
  // metadata_props entry: key "bughouse.encoding_version", then field 2 of length 1 = "1".
  const std::string key = "bughouse.encoding_version";
  const auto at = bytes.find(key);
  ASSERT_NE(at, std::string::npos) << "no encoding version in the ONNX metadata";
  EXPECT_EQ(bytes.substr(at + key.size(), 3), std::string("\x12\x01") + std::to_string(kEncodingVersion));

  write_raw(dir_ / "in.bin", planes_);
  const std::vector<std::string> cmd = {"node", BUGHOUSE_ONNX_CHECK, model.string(), (dir_ / "in.bin").string(),
                                        std::to_string(kBatch), "40", "8", "16", (dir_ / "p.bin").string(),
                                        (dir_ / "w.bin").string()};
  ASSERT_EQ(run_program(cmd, false, {"NODE_PATH=" + modules.string()}), 0) << "NODE_PATH=" << modules << " " << joined(cmd);
  EXPECT_LT(max_diff(read_raw(dir_ / "p.bin", {kBatch, kPolicySize}), reference_.policy), 1e-4);
  EXPECT_LT(max_diff(read_raw(dir_ / "w.bin", {kBatch, 3}), reference_.wdl), 1e-4);
}

}  // namespace
}  // namespace bh
