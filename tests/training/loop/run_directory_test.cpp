// The run directory: progress is read from chunk headers alone (never from file names or
// BPGN records), recovery after a kill removes half-written files and settles pending
// records, one process holds a run at a time, and a resumed run's metrics keep no line of
// work that is redone.
#include <gtest/gtest.h>

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "core/platform/child_process.h"
#include "training/loop/metrics_file.h"
#include "training/loop/run_directory.h"
#include "training/loop/run_lock.h"

namespace bh {
namespace {

namespace fs = std::filesystem;

fs::path fresh(const std::string& name) {
  const fs::path d = fs::temp_directory_path() / (name + "_" + std::to_string(::getpid()));
  fs::remove_all(d);
  fs::create_directories(d);
  return d;
}

std::string text_of(const fs::path& p) {
  std::ifstream in(p);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

TEST(RunDirectory, ProgressComesFromChunkHeadersOnly) {
  const fs::path root = fresh("bh_rundir_progress");
  RunDirectory dir(root);
  dir.create_subdirectories();
  write_chunk(dir.chunks() / "g0001-s0-w0-000000.chunk", {}, {1, 0, 4, 0});
  write_chunk(dir.chunks() / "g0002-s0-w0-000000.chunk", {}, {2, 0, 3, 1});
  write_chunk(dir.chunks() / "g0002-s3-w1-000000.chunk", {}, {2, 3, 2, 1});
  // A name that says generation 2 but a header that says 5: the header counts.
  write_chunk(dir.chunks() / "g0002-s9-w0-000000.chunk", {}, {5, 1, 7, 4});
  // Imported games (no generation) and BPGN records count for nothing.
  write_chunk(dir.chunks() / "imported-000000.chunk", {}, {});
  std::ofstream(root / "games" / "g0002-s0-w0-000000.bpgn") << "[Event \"x\"]\n1A. e4\n";
  std::ofstream(dir.chunks() / "broken.chunk") << "not a chunk";

  const RunProgress p = dir.scan();
  EXPECT_EQ(p.matches_of(1), 4);
  EXPECT_EQ(p.matches_of(2), 5);
  EXPECT_EQ(p.matches_of(5), 7);
  EXPECT_EQ(p.matches_of(3), 0);
  EXPECT_EQ(p.highest_session, 3);
  ASSERT_EQ(p.warnings.size(), 1u);
  EXPECT_NE(p.warnings[0].find("broken.chunk"), std::string::npos) << p.warnings[0];
  fs::remove_all(root);
}

TEST(RunDirectory, RecoveryRemovesHalfWrittenFilesAndSettlesRecords) {
  const fs::path root = fresh("bh_rundir_recover");
  RunDirectory dir(root);
  dir.create_subdirectories();
  std::ofstream(root / "checkpoints" / "gen-0003.ckpt.tmp.4242") << "half";
  std::ofstream(dir.chunks() / "g0001-s0-w0-000001.chunk.tmp.4242") << "half";
  std::ofstream(root / "report.html.tmp.17") << "half";
  write_chunk(dir.chunks() / "g0001-s0-w0-000000.chunk", {}, {1, 0, 1, 0});
  std::ofstream(pending_record_path(root, "g0001-s0-w0-000000")) << "[Event \"done\"]\n";
  std::ofstream(pending_record_path(root, "g0001-s0-w0-000001")) << "[Event \"never committed\"]\n";
  std::ofstream(root / "checkpoints" / "gen-0002.ckpt") << "kept";

  const Recovery r = dir.recover();
  EXPECT_EQ(r.temporary_files, 3);
  EXPECT_EQ(r.records.completed, 1);
  EXPECT_EQ(r.records.dropped, 1);
  EXPECT_TRUE(fs::exists(root / "games" / "g0001-s0-w0-000000.bpgn"));
  EXPECT_TRUE(fs::exists(root / "checkpoints" / "gen-0002.ckpt"));
  EXPECT_EQ(dir.latest_checkpoint(), 2);
  fs::remove_all(root);
}

TEST(RunLock, ASecondHolderIsRefusedNamingTheFirst) {
  const fs::path root = fresh("bh_rundir_lock");
  {
    RunLock first(root, "bughouse train");
    try {
      RunLock second(root, "bughouse train");
      ADD_FAILURE() << "a second lock was granted";
    } catch (const std::runtime_error& e) {
      const std::string msg = e.what();
      EXPECT_NE(msg.find(root.string()), std::string::npos) << msg;
      EXPECT_NE(msg.find("pid " + std::to_string(::getpid())), std::string::npos) << msg;
    }
  }
  // Released with its holder: the next one gets it.
  EXPECT_NO_THROW(RunLock again(root, "bughouse train"));
  fs::remove_all(root);
}

TEST(RunLock, AKilledHolderLeavesNoStaleLock) {
  const fs::path root = fresh("bh_rundir_lock_kill");
  int ready[2];
  ASSERT_EQ(::pipe(ready), 0);
  ChildProcess holder = ChildProcess::fork([&] {
    RunLock held(root, "child");
    (void)!::write(ready[1], "x", 1);
    ::pause();
  });
  char byte = 0;
  ASSERT_EQ(::read(ready[0], &byte, 1), 1);  // the child holds the lock now
  EXPECT_THROW(RunLock(root, "parent"), std::runtime_error);
  holder.kill();
  EXPECT_NO_THROW(RunLock(root, "parent"));
  ::close(ready[0]);
  ::close(ready[1]);
  fs::remove_all(root);
}

TEST(MetricsFile, ResumeDropsTheLinesOfRedoneGenerationsAndACutLine) {
  const fs::path root = fresh("bh_metrics_trim");
  const fs::path file = root / "metrics.jsonl";
  std::ofstream(file) << R"({"kind":"step","generation":1,"step":10})" "\n"
                      << R"({"kind":"generation","generation":1})" "\n"
                      << R"({"kind":"selfplay","generation":2,"matches":3})" "\n"
                      << R"({"kind":"step","generation":2,"step":20})" "\n"
                      << R"({"kind":"generation","generation":2})" "\n"
                      << R"({"kind":"step","generation":3,"st)";
  EXPECT_EQ(MetricsFile::trim_for_resume(file, 1), 3);
  EXPECT_EQ(text_of(file), R"({"kind":"step","generation":1,"step":10})" "\n"
                           R"({"kind":"generation","generation":1})" "\n"
                           R"({"kind":"selfplay","generation":2,"matches":3})" "\n");
  EXPECT_EQ(MetricsFile::trim_for_resume(file, 1), 0);  // nothing more to drop
  fs::remove_all(root);
}

}  // namespace
}  // namespace bh
