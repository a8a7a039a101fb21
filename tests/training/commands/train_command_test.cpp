// Specification of `bughouse train` end to end, run as a separate process: a tiny run
// leaves checkpoints (the best net's copied to best.ckpt), chunks, records, metrics and a
// report; a run killed with SIGKILL in the middle of a generation resumes from its last
// checkpoint with the same step count and finishes the generation without losing or
// repeating finished matches; Ctrl-C stops cleanly; a small window caps a generation's
// steps; a bad configuration or run directory is refused with a message that says why.
// Who plays a run's self-play: train_selfplay_test.cpp.
#include <gtest/gtest.h>

#include <signal.h>

#include <chrono>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <regex>
#include <set>
#include <sstream>
#include <thread>

#include "core/bpgn.h"
#include "core/platform/cpu_features.h"
#include "mcts/chunk.h"
#include "nn/checkpoint.h"
#include "training/report/report.h"
#include "tests/training/commands/process.h"
#include "tests/training/commands/tiny_run.h"

namespace bh {
namespace {

namespace fs = std::filesystem;

int count_games(const fs::path& run, const std::string& prefix) {
  int n = 0;
  for (const auto& e : fs::directory_iterator(run / "games"))
    if (e.path().filename().string().rfind(prefix, 0) == 0 && e.path().extension() == ".bpgn")
      n += int(read_bpgn_file(e.path().string()).size());
  return n;
}

TEST(TrainCommand, TinyRunLeavesCheckpointsChunksRecordsMetricsAndReport) {
  fs::path dir = fresh_dir("train_tiny");
  fs::path config = write_config(dir, kTinyConfig);
  fs::path runs = dir / "run";
  ASSERT_EQ(run({"train", "--config", config.string(), "--run", runs.string()}, dir / "out.txt"), 0) << read_text(dir / "out.txt");

  for (int g : {0, 1, 2}) EXPECT_TRUE(fs::exists(runs / "checkpoints" / ("gen-000" + std::to_string(g) + ".ckpt"))) << g;
  LoadedCheckpoint last(runs / "checkpoints" / "gen-0002.ckpt");
  EXPECT_EQ(last.info().meta.generation, 2);
  EXPECT_EQ(last.info().meta.step, 12);  // 2 generations x 6 steps
  EXPECT_TRUE(last.info().has_optimizer);
  EXPECT_TRUE(last.info().has_trained_weights);  // the average plays; training resumes from these

  int chunks = 0;
  for (const auto& e : fs::directory_iterator(runs / "chunks")) {
    EXPECT_NO_THROW(read_chunk(e.path())) << e.path();
    ++chunks;
  }
  EXPECT_GE(chunks, 2);
  EXPECT_EQ(count_games(runs, "g0001-"), 6);
  EXPECT_EQ(count_games(runs, "g0002-"), 6);
  for (const auto& e : fs::directory_iterator(runs / "games"))
    for (const auto& g : read_bpgn_file(e.path().string())) EXPECT_NO_THROW(replay(g, RuleSet{})) << e.path();

  auto gens = generation_lines(runs);
  ASSERT_EQ(gens.size(), 2u);
  EXPECT_EQ(gens[1].number("generation"), 2);
  EXPECT_TRUE(gens[1].number("score_vs_random"));
  EXPECT_TRUE(gens[1].number("score_vs_greedy"));
  // The yardstick that does not saturate: the tactical evaluator at the same visits, its
  // score and its Elo with the interval, and its matches in the generation's arena record.
  EXPECT_EQ(gens[1].number("games_vs_tactical"), 2);
  const double tactical = gens[1].number("score_vs_tactical").value_or(-1);
  EXPECT_GE(tactical, 0);
  EXPECT_LE(tactical, 1);
  EXPECT_LE(gens[1].number("elo_vs_tactical_low").value_or(1e9), gens[1].number("elo_vs_tactical").value_or(-1e9));
  EXPECT_GE(gens[1].number("elo_vs_tactical_high").value_or(-1e9), gens[1].number("elo_vs_tactical").value_or(1e9));
  int tactical_games = 0;
  for (const auto& g : read_bpgn_file((runs / "arena" / "gen-0002.bpgn").string()))
    for (const auto& [tag, value] : g.tags) tactical_games += tag == "WhiteA" && value == "tactical";
  EXPECT_EQ(tactical_games, 1);  // of two, one with the tactical evaluator as team 1
  EXPECT_TRUE(gens[1].number("elo"));
  EXPECT_TRUE(gens[1].number("loss"));
  // The player the run makes: checkpoints/best.ckpt, the best generation's checkpoint.
  const int best = int(gens[1].number("best_generation").value_or(-1));
  ASSERT_TRUE(best >= 0 && best <= 2) << best;
  EXPECT_EQ(LoadedCheckpoint(runs / "checkpoints" / "best.ckpt").info().meta.generation, best);
  EXPECT_TRUE(read_text(runs / "checkpoints" / "best.ckpt") ==
              read_text(runs / "checkpoints" / ("gen-000" + std::to_string(best) + ".ckpt")));
  for (const char* f : {"config.toml", "rules.txt", "revision.txt", "report.html"}) EXPECT_TRUE(fs::exists(runs / f)) << f;
  EXPECT_EQ(read_text(runs / "config.toml"), kTinyConfig);
  EXPECT_NE(read_text(runs / "rules.txt").find("mate_rule=bughouse"), std::string::npos);
  EXPECT_NE(read_text(runs / "report.html").find("<svg"), std::string::npos);
  fs::remove_all(dir);
}

// The players named in generation g's self-play records ("gen N (1x8)" or the teacher).
// The boundary of the trace line that says `what` about `file` (the first such line).
int boundary_of(const fs::path& trace, const std::string& what, const std::string& file) {
  std::ifstream in(trace);
  int n = 0;
  std::string w, f;
  while (in >> n >> w >> f)
    if (w == what && f == file) return n;
  return -1;
}

TEST(TrainCommand, KilledMidGenerationResumesFromTheLastCheckpoint) {
  fs::path dir = fresh_dir("train_kill");
  std::string text = kTinyConfig;
  text.replace(text.find("generations = 2"), 15, "generations = 3");
  text.replace(text.find("matches_per_generation = 6"), 26, "matches_per_generation = 12");
  text.replace(text.find("[selfplay]\n"), 11, "[selfplay]\nworkers = 1\n");  // one order of writes
  fs::path config = write_config(dir, text);
  fs::path runs = dir / "run";

  // Where to kill: once generation 1 is saved and generation 2 has committed 5 matches
  // (its fifth chunk renamed into place), found in a trace of the same run.
  const fs::path trace = dir / "trace.txt";
  ASSERT_EQ(run({"train", "--config", config.string(), "--run", (dir / "traced").string()}, dir / "traced.txt",
                {{"BUGHOUSE_WRITE_TRACE", trace.string()}}),
            0)
      << read_text(dir / "traced.txt");
  const int kill_at = boundary_of(trace, "renamed", "g0002-s0-w0-000004.chunk");
  ASSERT_GT(kill_at, 0) << read_text(trace);
  EXPECT_EQ(run({"train", "--config", config.string(), "--run", runs.string()}, dir / "first.txt",
                {{"BUGHOUSE_KILL_AT_WRITE", std::to_string(kill_at)}}),
            128 + SIGKILL);
  ASSERT_TRUE(fs::exists(runs / "checkpoints" / "gen-0001.ckpt"));
  ASSERT_FALSE(fs::exists(runs / "checkpoints" / "gen-0002.ckpt"));
  EXPECT_EQ(count_games(runs, "g0002-"), 4);  // the fifth chunk's record was still pending

  // A fresh start in the same directory is refused; --resume continues.
  EXPECT_EQ(run({"train", "--config", config.string(), "--run", runs.string()}, dir / "refused.txt"), 1);
  EXPECT_NE(read_text(dir / "refused.txt").find("use --resume"), std::string::npos);
  ASSERT_EQ(run({"train", "--run", runs.string(), "--resume"}, dir / "second.txt"), 0) << read_text(dir / "second.txt");
  const std::string second = read_text(dir / "second.txt");
  EXPECT_NE(second.find("1 records completed"), std::string::npos) << second;
  EXPECT_NE(second.find("resumed " + runs.string() + " at generation 1, step 6"), std::string::npos) << second;
  EXPECT_NE(second.find("generation 2 has 5 of 12 matches"), std::string::npos) << second;

  LoadedCheckpoint last(runs / "checkpoints" / "gen-0003.ckpt");
  EXPECT_EQ(last.info().meta.step, 18);
  // The matches finished before the kill count towards generation 2: none is lost, none
  // is played twice.
  EXPECT_EQ(count_games(runs, "g0002-"), 12);
  EXPECT_EQ(count_games(runs, "g0002-s0-"), 5);
  EXPECT_EQ(count_games(runs, "g0002-s1-"), 7);
  auto gens = generation_lines(runs);
  ASSERT_EQ(gens.size(), 3u);
  for (int g = 0; g < 3; ++g) EXPECT_EQ(gens[std::size_t(g)].number("generation"), g + 1);
  fs::remove_all(dir);
}

TEST(TrainCommand, ASecondTrainerOnTheSameRunIsRefused) {
  fs::path dir = fresh_dir("train_twice");
  std::string text = kTinyConfig;
  text.replace(text.find("generations = 2"), 15, "generations = 0");  // runs until stopped
  fs::path config = write_config(dir, text);
  fs::path runs = dir / "run";
  Process first = start({"train", "--config", config.string(), "--run", runs.string()}, dir / "first.txt");
  ASSERT_TRUE(wait_until_exists(runs / "checkpoints" / "gen-0000.ckpt")) << read_text(dir / "first.txt");
  EXPECT_EQ(run({"train", "--config", config.string(), "--run", runs.string(), "--resume"}, dir / "second.txt"), 1);
  const std::string second = read_text(dir / "second.txt");
  EXPECT_NE(second.find("in use by bughouse train (pid " + std::to_string(first.pid()) + ")"), std::string::npos) << second;
  first.signal(SIGKILL);
  EXPECT_EQ(wait_for(first), 128 + SIGKILL);
  // The kernel released the lock with the process: the run resumes.
  std::string two = kTinyConfig;
  two.replace(two.find("generations = 2"), 15, "generations = 1");
  EXPECT_EQ(run({"train", "--config", write_config(dir, two).string(), "--run", runs.string(), "--resume"}, dir / "third.txt"), 0)
      << read_text(dir / "third.txt");
  fs::remove_all(dir);
}

TEST(TrainCommand, CtrlCStopsCleanlyAndResumes) {
  fs::path dir = fresh_dir("train_interrupt");
  std::string text = kTinyConfig;
  text.replace(text.find("generations = 2"), 15, "generations = 0");  // no budget: runs until stopped
  fs::path config = write_config(dir, text);
  fs::path runs = dir / "run";
  Process p = start({"train", "--config", config.string(), "--run", runs.string()}, dir / "first.txt");
  ASSERT_TRUE(wait_until_exists(runs / "checkpoints" / "gen-0001.ckpt")) << read_text(dir / "first.txt");
  p.signal(SIGINT);
  EXPECT_EQ(wait_for(p), 130);
  EXPECT_NE(read_text(dir / "first.txt").find("resume with --resume"), std::string::npos) << read_text(dir / "first.txt");
  EXPECT_NO_THROW(LoadedCheckpoint(runs / "checkpoints" / "gen-0001.ckpt"));

  // SIGTERM (timeout, systemd, a container stop) is the same clean stop, here of the resumed run.
  Process again = start({"train", "--config", config.string(), "--run", runs.string(), "--resume"}, dir / "second.txt");
  ASSERT_TRUE(wait_until_exists(runs / "checkpoints" / "gen-0002.ckpt")) << read_text(dir / "second.txt");
  again.signal(SIGTERM);
  EXPECT_EQ(wait_for(again), 130);
  const std::string second = read_text(dir / "second.txt");
  EXPECT_NE(second.find("resumed " + runs.string() + " at generation 1"), std::string::npos) << second;
  EXPECT_NE(second.find("resume with --resume"), std::string::npos) << second;
  EXPECT_NO_THROW(LoadedCheckpoint(runs / "checkpoints" / "gen-0002.ckpt"));
  fs::remove_all(dir);
}

TEST(TrainCommand, ARefusedResumeLeavesTheRunAsItWasAndSessionsNeverRepeat) {
  fs::path dir = fresh_dir("train_refused");
  std::string text = kTinyConfig;
  text.replace(text.find("generations = 2"), 15, "generations = 1");
  fs::path runs = dir / "run";
  ASSERT_EQ(run({"train", "--config", write_config(dir, text).string(), "--run", runs.string()}, dir / "out.txt"), 0)
      << read_text(dir / "out.txt");
  const std::string saved = read_text(runs / "config.toml");

  // Another optimiser's state cannot be continued: refused with the reason, nothing written.
  std::string adamw = text;
  adamw.replace(adamw.find("[training]\n"), 11, "[training]\noptimizer = \"adamw\"\n");
  adamw.replace(adamw.find("generations = 1"), 15, "generations = 2");
  EXPECT_EQ(run({"train", "--config", write_config(dir, adamw).string(), "--run", runs.string(), "--resume"}, dir / "out2.txt"), 1);
  EXPECT_NE(read_text(dir / "out2.txt").find("optimiser state"), std::string::npos) << read_text(dir / "out2.txt");
  EXPECT_EQ(read_text(runs / "config.toml"), saved);

  // A session stopped before its generation's checkpoint left a chunk of session 1 (its
  // header says so); the next session is s2, not s1 again (it would replay the same matches
  // over the same files).
  write_chunk(runs / "chunks" / "g0002-s1-w0-000000.chunk", {}, ChunkProvenance{2, 1, 0, 1});
  std::string two = text;
  two.replace(two.find("generations = 1"), 15, "generations = 2");
  ASSERT_EQ(run({"train", "--config", write_config(dir, two).string(), "--run", runs.string(), "--resume"}, dir / "out3.txt"), 0)
      << read_text(dir / "out3.txt");
  EXPECT_EQ(count_games(runs, "g0002-s2-"), 6);
  fs::remove_all(dir);
}

// [evaluation] validation: the held-out matches are copied into the run (relative to the
// configuration's folder), every generation's line carries the net's figures on them and
// the tactical evaluator's, and a resumed run measures its own copy whatever its
// configuration names now.
TEST(TrainCommand, MeasuresHeldOutPositionsEveryGenerationFromItsOwnCopy) {
  fs::path dir = fresh_dir("train_validation");
  fs::copy_file(fs::path(BUGHOUSE_TEST_DATA) / "match_replays.bpgn", dir / "held-out.bpgn");
  std::string text = kTinyConfig;
  text.replace(text.find("generations = 2"), 15, "generations = 1");
  text.replace(text.find("[evaluation]"), 12, "[evaluation]\nvalidation = \"held-out.bpgn\"");
  fs::path config = write_config(dir, text);
  fs::path runs = dir / "run";
  ASSERT_EQ(run({"train", "--config", config.string(), "--run", runs.string()}, dir / "out.txt"), 0) << read_text(dir / "out.txt");
  EXPECT_EQ(read_text(runs / "validation.bpgn"), read_text(dir / "held-out.bpgn"));
  // 44 of the 50 shared matches replay under the default rules (the other six, refereed
  // under stuck_rule = flag, are skipped and named): the same positions bughouse import takes.
  const std::string out = read_text(dir / "out.txt");
  EXPECT_NE(out.find("validation: 2915 held-out positions"), std::string::npos) << out;
  auto gens = generation_lines(runs);
  ASSERT_EQ(gens.size(), 1u);
  EXPECT_EQ(gens[0].number("val_positions"), 2915);
  for (const char* key : {"val_value_loss", "val_score_loss", "val_policy_loss", "val_top1", "val_tactical_score_loss",
                          "val_tactical_top1"})
    EXPECT_TRUE(gens[0].number(key)) << key;

  // Resumed for one more generation with the key gone and the source file removed.
  fs::remove(dir / "held-out.bpgn");
  std::string more = read_text(runs / "config.toml");
  const std::string key = "validation = \"held-out.bpgn\"\n";
  more.replace(more.find(key), key.size(), "");
  more.replace(more.find("generations = 1"), 15, "generations = 2");
  write_config(dir, more);
  ASSERT_EQ(run({"train", "--config", (dir / "tiny.toml").string(), "--run", runs.string(), "--resume"}, dir / "again.txt"), 0)
      << read_text(dir / "again.txt");
  gens = generation_lines(runs);
  ASSERT_EQ(gens.size(), 2u);
  EXPECT_EQ(gens[1].number("val_positions"), 2915);
  EXPECT_EQ(gens[1].number("val_tactical_score_loss"), gens[0].number("val_tactical_score_loss"));
  fs::remove_all(dir);
}

// While the window is small a generation draws it at most max_window_passes times: it trains
// ceil(passes x window / batch_size) steps, steps_per_generation at most (training_stage.h),
// and the run's step count is the sum.
TEST(TrainCommand, ASmallWindowIsDrawnAtMostMaxWindowPassesTimesAGeneration) {
  fs::path dir = fresh_dir("train_passes");
  std::string text = kTinyConfig;
  text.replace(text.find("steps_per_generation = 6"), 24, "steps_per_generation = 6\nmax_window_passes = 0.1");
  fs::path config = write_config(dir, text);
  fs::path runs = dir / "run";
  ASSERT_EQ(run({"train", "--config", config.string(), "--run", runs.string()}, dir / "out.txt"), 0) << read_text(dir / "out.txt");
  const auto gens = generation_lines(runs);
  ASSERT_EQ(gens.size(), 2u);
  double steps = 0;
  for (const auto& g : gens) {
    const double window = g.number("window").value_or(0);
    const double expected = std::min(6.0, std::ceil(0.1 * window / 32));
    EXPECT_EQ(g.number("train_steps").value_or(-1), expected) << "window " << window;
    steps += expected;
  }
  EXPECT_LT(gens[0].number("train_steps").value_or(6), 6) << "the cap binds in the first generation";
  EXPECT_EQ(double(LoadedCheckpoint(runs / "checkpoints" / "gen-0002.ckpt").info().meta.step), steps);
  fs::remove_all(dir);
}

// `text` with the value of `key` in [section] replaced (the key's line must be there).
std::string with_key(std::string text, const std::string& section, const std::string& key, const std::string& value) {
  const auto start = text.find("[" + section + "]\n");
  EXPECT_NE(start, std::string::npos) << section;
  const auto end = std::min(text.find("\n[", start + 1), text.size());
  std::string part = text.substr(start, end - start);
  const std::regex line("\n" + key + " *= *[^#\n]*");
  EXPECT_TRUE(std::regex_search(part, line)) << section << "." << key;
  part = std::regex_replace(part, line, "\n" + key + " = " + value + " ", std::regex_constants::format_first_only);
  return text.replace(start, end - start, part);
}

// configs/default.toml, the GPU machine's configuration, shrunk to a tiny net and a few
// matches on the CPU: it runs as it is otherwise written (its rules, search, optimiser,
// schedule and evaluation keys), starts from the tactical evaluator (a tactical-residual
// net) and measures its held-out positions.
TEST(TrainCommand, TheGpuConfigurationRunsTinyOnTheCpu) {
  fs::path dir = fresh_dir("train_default");
  std::string text = read_text(fs::path(BUGHOUSE_CONFIGS) / "default.toml");
  const std::vector<std::array<std::string, 3>> tiny = {
      {"clock", "initial_seconds", "30"},     {"search", "visits", "8"},
      {"search", "max_leaves_per_tree", "2"}, {"selfplay", "cheap_visits", "4"},
      {"selfplay", "workers", "1"},           {"selfplay", "concurrent_matches", "2"},
      {"network", "blocks", "1"},             {"network", "channels", "8"},
      {"network", "se_channels", "4"},        {"network", "value_channels", "4"},
      {"network", "value_hidden", "16"},      {"network", "device", "\"cpu\""},
      {"training", "batch_size", "32"},       {"training", "steps_per_generation", "2"},
      {"training", "warmup_steps", "1"},      {"training", "window_min", "100"},
      {"training", "threads", "1"},           {"evaluation", "games_vs_tactical", "2"},
      {"evaluation", "games_vs_best", "2"},   {"evaluation", "games_vs_random", "0"},
      {"evaluation", "games_vs_greedy", "0"}, {"evaluation", "visits", "8"},
      {"evaluation", "threads", "1"},         {"run", "matches_per_generation", "4"},
      {"run", "generations", "1"}};
  for (const auto& [section, key, value] : tiny) text = with_key(text, section, key, value);
  fs::copy_file(fs::path(BUGHOUSE_CONFIGS) / "validation.bpgn", dir / "validation.bpgn");
  fs::path config = write_config(dir, text);
  fs::path runs = dir / "run";
  ASSERT_EQ(run({"train", "--config", config.string(), "--run", runs.string()}, dir / "out.txt"), 0) << read_text(dir / "out.txt");
  const std::string out = read_text(dir / "out.txt");
  EXPECT_NE(out.find("new run " + runs.string() + ": 1x8-se4-tr net"), std::string::npos) << out;
  // precision = "auto" and bf16_autocast: bf16 only on a CPU that has it in hardware, where
  // it is the fast path (nn/README.md "bf16 and channels-last").
  const std::string arithmetic = cpu_has_native_bf16()
                                     ? "network: inference bf16 on cpu, training bf16 autocast\n"
                                     : "network: inference fp32 on cpu, training fp32 (this CPU has no bf16 in hardware)\n";
  EXPECT_NE(out.find(arithmetic), std::string::npos) << out;
  auto gens = generation_lines(runs);
  ASSERT_EQ(gens.size(), 1u);
  EXPECT_EQ(gens[0].number("games_vs_tactical"), 2);
  EXPECT_EQ(gens[0].number("val_positions"), 6789);
  fs::remove_all(dir);
}

TEST(TrainCommand, RefusesBadConfigurationsAndRunDirectories) {
  fs::path dir = fresh_dir("train_errors");
  fs::path bad = write_config(dir, "[training]\nlearning_rat = 0.1\n");
  EXPECT_EQ(run({"train", "--config", bad.string(), "--run", (dir / "r").string()}, dir / "out.txt"), 1);
  const std::string out = read_text(dir / "out.txt");
  EXPECT_NE(out.find("tiny.toml:2:"), std::string::npos) << out;
  EXPECT_NE(out.find("unknown key training.learning_rat"), std::string::npos) << out;

  EXPECT_EQ(run({"train", "--run", (dir / "nothing").string(), "--resume", "--config", write_config(dir, kTinyConfig).string()},
                dir / "out2.txt"),
            1);
  EXPECT_NE(read_text(dir / "out2.txt").find("nothing to resume"), std::string::npos) << read_text(dir / "out2.txt");
  fs::remove_all(dir);
}

}  // namespace
}  // namespace bh
