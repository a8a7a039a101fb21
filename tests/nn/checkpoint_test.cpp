// Specification of checkpoints: a reload gives bit-identical outputs and an optimiser
// that continues exactly as the original would; config, rules and metadata come back;
// truncated, foreign, corrupt and other-version files are refused with a message that
// says which.
#include <gtest/gtest.h>

#include <cstring>
#include <filesystem>
#include <fstream>

#include <unistd.h>

#include <torch/optim/adam.h>

#include "nn/checkpoint.h"
#include "nn/encoding.h"
#include "nn/export.h"
#include "tests/nn/nn_test_util.h"

namespace bh {
namespace {

namespace fs = std::filesystem;

class CheckpointTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("bh_ckpt_" + std::to_string(::getpid()) + "_" +
                                        ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }

  static at::Tensor inputs() {
    auto views = test::sample_views(6);
    at::Tensor x = at::empty({6, kInputPlanes, kInputHeight, kInputWidth});
    for (std::size_t i = 0; i < 6; ++i)
      encode(views[i], std::span<float, kInputSize>(x.data_ptr<float>() + i * kInputSize, kInputSize));
    return x;
  }

  // One optimiser step on a fixed loss (enough to fill Adam's moments).
  static void train_step(Network& net, torch::optim::Optimizer& opt, const at::Tensor& x) {
    net->train();
    opt.zero_grad();
    NetOutput out = net->forward(x);
    (out.policy.pow(2).mean() + out.wdl.pow(2).mean()).backward();
    opt.step();
  }

  std::string saved(const std::string& name, const RuleSet& rules = {}) {
    Network net = test::random_network(test::tiny_config(), 21);
    const fs::path path = dir_ / name;
    save_checkpoint(path, net, rules, {}, nullptr);
    return path.string();
  }

  static std::string bytes_of(const fs::path& p) {
    std::ifstream in(p, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
  }
  static void write_bytes(const fs::path& p, const std::string& bytes) {
    std::ofstream(p, std::ios::binary | std::ios::trunc).write(bytes.data(), std::streamsize(bytes.size()));
  }

  // Loads `path` expecting refusal of `kind` with `phrase` in the message.
  static void expect_refused(const fs::path& path, CheckpointError::Kind kind, const std::string& phrase) {
    try {
      LoadedCheckpoint ckpt(path);
      FAIL() << "loaded " << path;
    } catch (const CheckpointError& e) {
      EXPECT_EQ(e.kind(), kind) << e.what();
      EXPECT_NE(std::string(e.what()).find(phrase), std::string::npos) << e.what();
    }
  }

  fs::path dir_;
};

TEST_F(CheckpointTest, ResumeIsExact) {
  const at::Tensor x = inputs();
  Network net = test::random_network(test::tiny_config(), 22);
  torch::optim::Adam opt(net->parameters(), torch::optim::AdamOptions(1e-3));
  train_step(net, opt, x);
  train_step(net, opt, x);

  RuleSet rules;
  set_option(rules, "stuck_rule", "flag");
  set_option(rules, "move_limit", "400");
  CheckpointMeta meta{1234, 7, "[net]\nblocks = 2\n", {{"note", "a = b\nwith a newline"}, {"seed", "42"}}};
  const fs::path path = dir_ / "run.ckpt";
  save_checkpoint(path, net, rules, meta, &opt);
  for (const auto& entry : fs::directory_iterator(dir_))
    EXPECT_EQ(entry.path(), path) << "a temporary file was left behind";

  LoadedCheckpoint ckpt(path);
  EXPECT_EQ(ckpt.info().encoding_version, kEncodingVersion);
  EXPECT_EQ(ckpt.info().net, test::tiny_config());
  EXPECT_EQ(ckpt.info().rules, rules);
  EXPECT_EQ(ckpt.info().meta, meta);
  EXPECT_TRUE(ckpt.info().has_optimizer);

  Network restored = ckpt.network();
  torch::optim::Adam restored_opt(restored->parameters(), torch::optim::AdamOptions(1e-1));
  ckpt.restore_optimizer(restored_opt);
  {
    torch::NoGradGuard no_grad;
    net->eval();
    restored->eval();
    NetOutput a = net->forward(x), b = restored->forward(x);
    EXPECT_TRUE(torch::equal(a.policy, b.policy));
    EXPECT_TRUE(torch::equal(a.wdl, b.wdl));
  }
  // The next step must be the same step: same moments, same step count, same lr.
  train_step(net, opt, x);
  train_step(restored, restored_opt, x);
  auto p = net->parameters(), q = restored->parameters();
  ASSERT_EQ(p.size(), q.size());
  for (std::size_t i = 0; i < p.size(); ++i) EXPECT_TRUE(torch::equal(p[i], q[i])) << "parameter " << i;
}

// A run that plays an average of its trained weights stores both: the network is the
// one that plays, the trained weights come back apart for resuming.
TEST_F(CheckpointTest, HoldsTheTrainedWeightsApartFromThePlayingNet) {
  const Network playing = test::random_network(test::tiny_config(), 21);
  const Network trained = test::random_network(test::tiny_config(), 22);
  const fs::path path = dir_ / "averaged.ckpt";
  save_checkpoint(path, playing, {}, {}, nullptr, &trained);
  LoadedCheckpoint ckpt(path);
  EXPECT_TRUE(ckpt.info().has_trained_weights);
  const auto same = [](const Network& a, const Network& b) {
    auto p = a->parameters(), q = b->parameters();
    for (std::size_t i = 0; i < p.size(); ++i)
      if (!torch::equal(p[i], q[i])) return false;
    return p.size() == q.size();
  };
  EXPECT_TRUE(same(ckpt.network(), playing));
  EXPECT_TRUE(same(ckpt.trained_network(), trained));
  EXPECT_FALSE(same(playing, trained));

  LoadedCheckpoint plain(saved("plain.ckpt"));
  EXPECT_FALSE(plain.info().has_trained_weights);
  EXPECT_TRUE(same(plain.trained_network(), plain.network()));
}

TEST_F(CheckpointTest, WithoutOptimizerState) {
  LoadedCheckpoint ckpt(saved("plain.ckpt"));
  EXPECT_FALSE(ckpt.info().has_optimizer);
  Network net = ckpt.network();
  torch::optim::Adam opt(net->parameters());
  try {
    ckpt.restore_optimizer(opt);
    FAIL();
  } catch (const CheckpointError& e) {
    EXPECT_EQ(e.kind(), CheckpointError::Kind::Mismatch);
  }
  Network other(NetConfig::small());
  EXPECT_THROW(ckpt.load_weights(other), CheckpointError);
}

TEST_F(CheckpointTest, TruncatedFilesAreRefused) {
  const std::string bytes = bytes_of(saved("full.ckpt"));
  write_bytes(dir_ / "half.ckpt", bytes.substr(0, bytes.size() / 2));
  expect_refused(dir_ / "half.ckpt", CheckpointError::Kind::Truncated, "truncated");
  write_bytes(dir_ / "header.ckpt", bytes.substr(0, 12));
  expect_refused(dir_ / "header.ckpt", CheckpointError::Kind::Truncated, "truncated");
}

TEST_F(CheckpointTest, ForeignFilesAreRefused) {
  write_bytes(dir_ / "notes.txt", "these are not weights\n");
  expect_refused(dir_ / "notes.txt", CheckpointError::Kind::Foreign, "not a bughouse checkpoint");
  write_bytes(dir_ / "empty", "");
  expect_refused(dir_ / "empty", CheckpointError::Kind::Foreign, "not a bughouse checkpoint");
  export_torchscript(test::random_network(test::tiny_config(), 3)->fold(), dir_ / "net.pt");
  expect_refused(dir_ / "net.pt", CheckpointError::Kind::Foreign, "zip archive");
  expect_refused(dir_ / "missing.ckpt", CheckpointError::Kind::Unreadable, "cannot open");
}

TEST_F(CheckpointTest, OtherEncodingVersionIsRefused) {
  std::string bytes = bytes_of(saved("v.ckpt"));
  const std::uint32_t other = kEncodingVersion + 1;
  std::memcpy(bytes.data() + 12, &other, 4);  // the envelope's encoding version field
  write_bytes(dir_ / "v2.ckpt", bytes);
  expect_refused(dir_ / "v2.ckpt", CheckpointError::Kind::EncodingVersion,
                 "encoding version " + std::to_string(other));
}

TEST_F(CheckpointTest, CorruptPayloadIsRefused) {
  std::string bytes = bytes_of(saved("c.ckpt"));
  bytes[bytes.size() / 2] ^= 0x20;
  write_bytes(dir_ / "flipped.ckpt", bytes);
  expect_refused(dir_ / "flipped.ckpt", CheckpointError::Kind::Corrupt, "checksum");
  write_bytes(dir_ / "longer.ckpt", bytes_of(dir_ / "c.ckpt") + "x");
  expect_refused(dir_ / "longer.ckpt", CheckpointError::Kind::Corrupt, "after the payload");
}

}  // namespace
}  // namespace bh
