// Specification of the replay window: it grows with the run between its bounds, keeps the
// newest samples, draws uniformly or towards the newest, and skips a corrupt or
// truncated chunk with a warning that names the file.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "mcts/chunk.h"
#include "training/loop/replay_buffer.h"

namespace bh {
namespace {

namespace fs = std::filesystem;

// Samples whose net_version numbers them in the order they were made.
std::vector<Sample> numbered(std::uint32_t first, int n) {
  std::vector<Sample> out;
  MatchView v = MatchView::of(Match(), AWhite, 0);
  for (int i = 0; i < n; ++i) {
    Sample s;
    v.pack(s.view);
    s.net_version = first + std::uint32_t(i);
    s.policy = {{Move::normal(E2, E4).raw(), 1.0f}};
    out.push_back(s);
  }
  return out;
}

fs::path fresh_dir(const std::string& name) {
  fs::path d = fs::temp_directory_path() / name;
  fs::remove_all(d);
  fs::create_directories(d);
  return d;
}

TEST(ReplayWindow, GrowsWithTheRunBetweenItsBounds) {
  WindowSettings w{1000, 5000, 0.5};
  EXPECT_EQ(w.size_for(0), 1000);
  EXPECT_EQ(w.size_for(1000), 1000);
  EXPECT_EQ(w.size_for(3000), 2000);  // 1000 + 0.5 x 2000
  EXPECT_EQ(w.size_for(100000), 5000);
}

TEST(ReplayBuffer, KeepsTheNewestSamples) {
  ReplayBuffer b(WindowSettings{10, 10, 0});
  b.add(numbered(0, 25));
  EXPECT_EQ(b.size(), 10u);
  EXPECT_EQ(b.total_seen(), 25);
  EXPECT_EQ(b.at(0).net_version, 15u);
  EXPECT_EQ(b.at(9).net_version, 24u);
}

TEST(ReplayBuffer, AResumedRunDecodesOnlyTheFilesTheWindowKeeps) {
  // Ten files of 100 samples, a window of 250: the newest 250 samples are kept and all
  // 1000 counted. The oldest file's body is garbage behind a valid header: it is older
  // than the window, so it is counted from its header and never decoded (no warning).
  fs::path dir = fresh_dir("replay_resume");
  for (int f = 0; f < 10; ++f) {
    char name[32];
    std::snprintf(name, sizeof name, "g%04d-s0-w0.chunk", f + 1);
    write_chunk(dir / name, numbered(std::uint32_t(100 * f), 100));
  }
  {
    std::fstream oldest(dir / "g0001-s0-w0.chunk", std::ios::in | std::ios::out | std::ios::binary);
    oldest.seekp(std::streamoff(kChunkHeaderSize) + 10);
    oldest.write("garbage!", 8);
  }
  ReplayBuffer b(WindowSettings{250, 250, 0});
  auto r = b.refresh(dir);
  EXPECT_TRUE(r.warnings.empty()) << r.warnings.front();
  EXPECT_EQ(r.files, 10);
  EXPECT_EQ(b.total_seen(), 1000);
  ASSERT_EQ(b.size(), 250u);
  EXPECT_EQ(b.at(0).net_version, 750u);
  EXPECT_EQ(b.at(249).net_version, 999u);
  fs::remove_all(dir);
}

TEST(ReplayBuffer, ReadsChunksInNameOrderOnceEach) {
  fs::path dir = fresh_dir("replay_order");
  write_chunk(dir / "g0002-a.chunk", numbered(100, 5));
  write_chunk(dir / "g0001-a.chunk", numbered(0, 5));
  ReplayBuffer b(WindowSettings{100, 100, 0});
  auto r = b.refresh(dir);
  EXPECT_EQ(r.files, 2);
  EXPECT_EQ(r.samples, 10);
  EXPECT_EQ(b.at(0).net_version, 0u);    // g0001 first
  EXPECT_EQ(b.at(5).net_version, 100u);  // then g0002
  EXPECT_EQ(b.refresh(dir).files, 0);    // nothing new
  write_chunk(dir / "g0003-a.chunk", numbered(200, 3));
  EXPECT_EQ(b.refresh(dir).samples, 3);
  EXPECT_EQ(b.size(), 13u);
  fs::remove_all(dir);
}

// The order a run made its chunks, not their names: chunks from outside the run first
// (imported games, `bughouse selfplay` output: generation 0 in the header), then a broker's
// stream entries in stream order (9 before 10), then each generation's own.
TEST(ReplayBuffer, ReadsChunksInTheOrderTheRunMadeThemWhateverTheirNames) {
  fs::path dir = fresh_dir("replay_made_order");
  write_chunk(dir / "g0002-s1-w0-000000.chunk", numbered(500, 1), ChunkProvenance{2, 1, 1, 1});
  write_chunk(dir / "g0001-s1-w0-000000.chunk", numbered(400, 1), ChunkProvenance{1, 1, 1, 0});
  write_chunk(dir / "sp-20261202-w0-000000.chunk", numbered(100, 1));
  write_chunk(dir / "1764633600000-10.chunk", numbered(300, 1));
  write_chunk(dir / "1764633600000-9.chunk", numbered(200, 1));
  write_chunk(dir / "import-club.chunk", numbered(0, 1));
  ReplayBuffer b(WindowSettings{100, 100, 0});
  b.refresh(dir);
  ASSERT_EQ(b.size(), 6u);
  const std::uint32_t expected[] = {0, 100, 200, 300, 400, 500};
  for (std::size_t i = 0; i < 6; ++i) EXPECT_EQ(b.at(i).net_version, expected[i]) << i;
  fs::remove_all(dir);
}

// A run resumed after three generations holds the window the uninterrupted run held:
// the same samples in the same order, though it reads every file at once.
TEST(ReplayBuffer, AResumedWindowIsTheFreshRunsWindow) {
  fs::path dir = fresh_dir("replay_resumed_window");
  const WindowSettings window{40, 60, 0.5};
  ReplayBuffer fresh(window);
  write_chunk(dir / "sp-imported.chunk", numbered(1000, 15));  // before the run: imported
  for (std::uint32_t g = 1; g <= 3; ++g) {
    for (int w = 0; w < 2; ++w) {
      char name[40];
      std::snprintf(name, sizeof name, "g%04u-s1-w%d-000000.chunk", g, w);
      write_chunk(dir / name, numbered(100 * g + 20 * std::uint32_t(w), 10), ChunkProvenance{g, 1, 1, g - 1});
    }
    fresh.refresh(dir);  // the fresh run reads each generation's files after playing it
  }
  ReplayBuffer resumed(window);
  resumed.refresh(dir);
  ASSERT_EQ(resumed.size(), fresh.size());
  EXPECT_EQ(resumed.total_seen(), fresh.total_seen());
  for (std::size_t i = 0; i < fresh.size(); ++i) EXPECT_EQ(resumed.at(i).net_version, fresh.at(i).net_version) << i;
  fs::remove_all(dir);
}

TEST(ReplayBuffer, SkipsCorruptAndTruncatedChunksNamingThem) {
  fs::path dir = fresh_dir("replay_corrupt");
  write_chunk(dir / "g0001-good.chunk", numbered(0, 4));
  auto bytes = encode_chunk(numbered(10, 4));
  {
    std::ofstream cut(dir / "g0001-truncated.chunk", std::ios::binary);
    cut.write(reinterpret_cast<const char*>(bytes.data()), std::streamsize(bytes.size() / 2));
  }
  bytes[bytes.size() - 3] ^= 0x5A;
  {
    std::ofstream bad(dir / "g0001-flipped.chunk", std::ios::binary);
    bad.write(reinterpret_cast<const char*>(bytes.data()), std::streamsize(bytes.size()));
  }
  std::ofstream(dir / "g0001-garbage.chunk") << "not a chunk at all";
  ReplayBuffer b(WindowSettings{100, 100, 0});
  auto r = b.refresh(dir);
  EXPECT_EQ(r.files, 1);
  EXPECT_EQ(b.size(), 4u);
  ASSERT_EQ(r.warnings.size(), 3u);
  std::string all;
  for (const auto& w : r.warnings) all += w + "\n";
  for (const char* name : {"g0001-truncated.chunk", "g0001-flipped.chunk", "g0001-garbage.chunk"})
    EXPECT_NE(all.find(name), std::string::npos) << all;
  fs::remove_all(dir);
}

TEST(ReplayBuffer, UniformDrawsCoverTheWindowEvenly) {
  ReplayBuffer b(WindowSettings{1000, 1000, 0});
  b.add(numbered(0, 1000));
  Rng rng(5);
  int newer_half = 0;
  for (const Sample* s : b.draw(20000, rng)) newer_half += s->net_version >= 500;
  EXPECT_NEAR(newer_half / 20000.0, 0.5, 0.02);
}

TEST(ReplayBuffer, RecencyWeightFavoursNewSamples) {
  ReplayBuffer b(WindowSettings{1000, 1000, 0});
  b.add(numbered(0, 1000));
  Rng rng(6);
  int newer_half = 0;
  // Density ~ exp(2x): the newer half holds (e^2 - e^1)/(e^2 - 1) = 73.1% of the mass.
  for (const Sample* s : b.draw(20000, rng, 2.0)) newer_half += s->net_version >= 500;
  EXPECT_NEAR(newer_half / 20000.0, 0.731, 0.02);
}

}  // namespace
}  // namespace bh
