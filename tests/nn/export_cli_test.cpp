// Specification of `bughouse export`: from a checkpoint, the torchscript and weights
// formats produce files that reproduce the checkpoint's folded network, and a file that
// is not a checkpoint fails with a message saying so.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <unistd.h>

#include <torch/csrc/jit/serialization/import.h>

#include "core/platform/child_process.h"
#include "nn/checkpoint.h"
#include "nn/eigen_net.h"
#include "nn/encoding.h"
#include "nn/inference_net.h"
#include "tests/nn/nn_test_util.h"

namespace bh {
namespace {

namespace fs = std::filesystem;

struct CliRun {
  int status;
  std::string output;
};

// `bughouse export <args>`, its output (and errors) in `log`.
CliRun run_cli(const std::vector<std::string>& args, const fs::path& log) {
  std::vector<std::string> argv{BUGHOUSE_CLI, "export"};
  argv.insert(argv.end(), args.begin(), args.end());
  ChildOptions o;
  o.output = ChildOptions::Output::File;
  o.output_file = log;
  o.stderr_to_output = true;
  const ExitStatus status = ChildProcess(argv, o).wait();
  std::ifstream in(log);
  std::stringstream s;
  s << in.rdbuf();
  return {status.exited() ? status.exit_code() : -1, s.str()};
}

TEST(ExportCli, WritesTorchScriptAndWeightsFromACheckpoint) {
  const fs::path dir = fs::temp_directory_path() / ("bh_cli_" + std::to_string(::getpid()));
  fs::create_directories(dir);
  Network net = test::random_network(test::tiny_config(), 41);
  save_checkpoint(dir / "net.ckpt", net, RuleSet{}, {});
  const auto views = test::sample_views(3);
  at::Tensor x = at::empty({3, kInputPlanes, kInputHeight, kInputWidth});
  for (std::size_t i = 0; i < 3; ++i)
    encode(views[i], std::span<float, kInputSize>(x.data_ptr<float>() + i * kInputSize, kInputSize));
  const NetOutput reference = InferenceNet(net->fold()).forward(x);

  CliRun ts = run_cli({"--checkpoint", (dir / "net.ckpt").string(), "--format", "torchscript", "--out",
                      (dir / "net.pt").string()},
                     dir / "log");
  ASSERT_EQ(ts.status, 0) << ts.output;
  auto out = torch::jit::load((dir / "net.pt").string()).forward({x}).toTuple();
  EXPECT_LT((out->elements()[0].toTensor() - reference.policy).abs().max().item<double>(), 1e-5);

  CliRun w = run_cli({"--checkpoint", (dir / "net.ckpt").string(), "--format", "weights", "--out",
                     (dir / "net.weights").string()},
                    dir / "log");
  ASSERT_EQ(w.status, 0) << w.output;
  EigenNet eigen = EigenNet::load(dir / "net.weights");
  EigenNet::Output e;
  eigen.forward(std::span<const float, kInputSize>(x.data_ptr<float>(), kInputSize), e);
  EXPECT_NEAR(e.wdl[0], reference.wdl[0][0].item<float>(), 1e-4);

  std::ofstream(dir / "notes.txt") << "not a checkpoint";
  CliRun bad = run_cli({"--checkpoint", (dir / "notes.txt").string(), "--format", "weights", "--out",
                       (dir / "x.weights").string()},
                      dir / "log");
  EXPECT_NE(bad.status, 0);
  EXPECT_NE(bad.output.find("not a bughouse checkpoint"), std::string::npos) << bad.output;
  EXPECT_FALSE(fs::exists(dir / "x.weights"));
  fs::remove_all(dir);
}

}  // namespace
}  // namespace bh
