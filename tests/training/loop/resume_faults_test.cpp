// Resume is exact at every write boundary. A tiny two-generation run is traced once to
// list every boundary between the steps of its writes (core/platform/write_boundary.h: before and
// after each chunk, each BPGN record, each checkpoint's temporary file and rename, each
// metrics line, the report and the run's own files). Then, for each boundary in turn, a
// fresh run is killed with SIGKILL exactly there and resumed until it finishes, and the
// result must be the run that was never killed: every generation with exactly its
// configured matches, each once, each with its record; the same step count; one metrics
// line per generation; best.ckpt the best generation's checkpoint; nothing half-written or
// pending left behind.
//
// One self-play worker and one arena thread make the order of writes the same in every
// run. The boundaries are split over four tests so ctest can run them side by side.
#include <gtest/gtest.h>

#include <signal.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <string>

#include "core/bpgn.h"
#include "mcts/chunk.h"
#include "nn/checkpoint.h"
#include "training/report/report.h"
#include "tests/training/commands/process.h"

namespace bh {
namespace {

namespace fs = std::filesystem;

constexpr int kShards = 4;
constexpr int kMatches = 3;
constexpr int kSteps = 2;

constexpr const char* kConfig = R"(
[clock]
initial_seconds = 20
[search]
visits = 4
max_leaves_per_tree = 2
[selfplay]
workers = 1
cheap_visits = 2
concurrent_matches = 2
matches_per_chunk = 2
[network]
blocks = 1
channels = 8
value_hidden = 16
precision = "fp32"
[training]
batch_size = 16
steps_per_generation = 2
window_min = 50
threads = 1
[evaluation]
games_vs_best = 2
promote_score = 0  # every new net becomes the best: best.ckpt is replaced each generation
games_vs_tactical = 0
games_vs_random = 0
games_vs_greedy = 0
visits = 2
threads = 1
[run]
matches_per_generation = 3
generations = 2
)";

struct Case {
  fs::path dir, config, run;
};

Case make_case(const std::string& name) {
  Case c;
  c.dir = fresh_dir(name);
  c.config = c.dir / "fault.toml";
  std::ofstream(c.config) << kConfig;
  c.run = c.dir / "run";
  return c;
}

std::vector<std::string> train_args(const Case& c, bool resume) {
  std::vector<std::string> args{"train", "--config", c.config.string(), "--run", c.run.string()};
  if (resume) args.push_back("--resume");
  return args;
}

// The number of boundaries of a whole run, from its trace.
int boundary_count(int shard) {
  {
    Case c = make_case("resume_faults_trace_" + std::to_string(shard));
    const fs::path trace = c.dir / "trace.txt";
    const int status = run(train_args(c, false), c.dir / "out.txt", {{"BUGHOUSE_WRITE_TRACE", trace.string()}});
    EXPECT_EQ(status, 0) << read_text(c.dir / "out.txt");
    int lines = 0;
    std::ifstream in(trace);
    for (std::string line; std::getline(in, line);) ++lines;
    fs::remove_all(c.dir);
    return lines;
  }
}

// What a finished run must look like, however often it was killed on the way.
void expect_exact_run(const Case& c, const std::string& context) {
  SCOPED_TRACE(context);
  LoadedCheckpoint last(c.run / "checkpoints" / "gen-0002.ckpt");
  EXPECT_EQ(last.info().meta.step, 2 * kSteps);
  std::map<std::uint32_t, std::uint32_t> matches;
  std::set<std::string> chunk_names;
  for (const auto& e : fs::directory_iterator(c.run / "chunks")) {
    ASSERT_EQ(e.path().extension(), ".chunk") << e.path();
    const ChunkHeader h = read_chunk_header(e.path());
    matches[h.provenance.generation] += h.provenance.matches;
    EXPECT_NO_THROW(read_chunk(e.path()));
    chunk_names.insert(e.path().stem().string());
  }
  EXPECT_EQ(matches, (std::map<std::uint32_t, std::uint32_t>{{1, kMatches}, {2, kMatches}}));
  std::map<char, int> records;  // by generation digit
  for (const auto& e : fs::directory_iterator(c.run / "games")) {
    ASSERT_EQ(e.path().extension(), ".bpgn") << e.path();
    EXPECT_TRUE(chunk_names.count(e.path().stem().string())) << "a record without its chunk: " << e.path();
    records[e.path().filename().string()[4]] += int(read_bpgn_file(e.path().string()).size());
  }
  EXPECT_EQ(records, (std::map<char, int>{{'1', kMatches}, {'2', kMatches}}));
  std::map<double, int> generations, steps;
  int best = -1;  // the last generation line's best net
  for (const auto& line : read_metrics((c.run / "metrics.jsonl").string())) {
    if (line.text("kind") == "generation") {
      ++generations[*line.number("generation")];
      best = int(line.number("best_generation").value_or(-1));
    }
    if (line.text("kind") == "step") ++steps[*line.number("step")];
  }
  EXPECT_EQ(generations, (std::map<double, int>{{1, 1}, {2, 1}}));
  ASSERT_EQ(best, 2);  // promote_score = 0
  EXPECT_TRUE(read_text(c.run / "checkpoints" / "best.ckpt") ==
              read_text(c.run / "checkpoints" / ("gen-000" + std::to_string(best) + ".ckpt")))
      << "best.ckpt is not generation " << best << "'s checkpoint";
  for (const auto& [step, n] : steps) EXPECT_EQ(n, 1) << "step " << step << " logged twice";
  for (const auto& e : fs::recursive_directory_iterator(c.run)) {
    const std::string name = e.path().filename().string();
    EXPECT_EQ(name.find(".tmp."), std::string::npos) << e.path();
    EXPECT_EQ(name.find(".pending"), std::string::npos) << e.path();
  }
}

class ResumeFaults : public testing::TestWithParam<int> {};

TEST_P(ResumeFaults, KilledAtEveryWriteBoundaryTheResumedRunIsExact) {
  const int boundaries = boundary_count(GetParam());
  ASSERT_GT(boundaries, 30) << "the trace lists too few boundaries to be a whole run";
  for (int n = 1 + GetParam(); n <= boundaries; n += kShards) {
    Case c = make_case("resume_faults_" + std::to_string(GetParam()));
    const std::string context = "killed at boundary " + std::to_string(n) + " of " + std::to_string(boundaries);
    ASSERT_EQ(run(train_args(c, false), c.dir / "first.txt", {{"BUGHOUSE_KILL_AT_WRITE", std::to_string(n)}}), 128 + SIGKILL)
        << context << "\n" << read_text(c.dir / "first.txt");
    ASSERT_EQ(run(train_args(c, true), c.dir / "second.txt"), 0) << context << "\n" << read_text(c.dir / "second.txt");
    expect_exact_run(c, context);
    if (HasFailure()) return;  // one broken boundary says enough
    fs::remove_all(c.dir);
  }
}

INSTANTIATE_TEST_SUITE_P(Shard, ResumeFaults, testing::Range(0, kShards));

}  // namespace
}  // namespace bh
