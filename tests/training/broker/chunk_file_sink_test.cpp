// The file half of exactly-once: one complete file per entry id, a second write is a no-op,
// temporary leftovers of a crash are cleared, and ids cannot escape the directory.
#include <gtest/gtest.h>

#include <fstream>
#include <iterator>

#include "temp_dir.h"
#include "training/broker/chunk_file_sink.h"

namespace bh {
namespace {

std::span<const std::uint8_t> bytes_of(std::string_view s) {
  return {reinterpret_cast<const std::uint8_t*>(s.data()), s.size()};
}

std::string read_all(const std::filesystem::path& p) {
  std::ifstream in(p, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), {}};
}

TEST(ChunkFileSink, WritesOnceAndKeepsTheFirstBytes) {
  test::TempDir tmp;
  ChunkFileSink sink(tmp.path() / "run" / "chunks");
  EXPECT_FALSE(sink.contains("1700000000000-0"));
  EXPECT_TRUE(sink.write("1700000000000-0", bytes_of("first")));
  EXPECT_TRUE(sink.contains("1700000000000-0"));
  EXPECT_FALSE(sink.write("1700000000000-0", bytes_of("second")));
  EXPECT_EQ(read_all(sink.path_for("1700000000000-0")), "first");
  EXPECT_EQ(sink.path_for("1700000000000-0").filename(), "1700000000000-0.chunk");
  EXPECT_TRUE(sink.write("1700000000000-1", bytes_of(std::string(300'000, 'z'))));
  std::vector<std::string> ids = sink.entry_ids();
  std::sort(ids.begin(), ids.end());
  EXPECT_EQ(ids, (std::vector<std::string>{"1700000000000-0", "1700000000000-1"}));
}

TEST(ChunkFileSink, ABatchWritesOnlyTheNewEntries) {
  test::TempDir tmp;
  ChunkFileSink sink(tmp.path());
  sink.write("2-0", bytes_of("old"));
  std::vector<ChunkEntry> batch(3);
  batch[0].id = "1-0";
  batch[1].id = "2-0";
  batch[2].id = "3-0";
  for (ChunkEntry& e : batch) e.data = {'n', 'e', 'w'};
  EXPECT_EQ(sink.write_batch(batch), (std::vector<bool>{true, false, true}));
  EXPECT_EQ(read_all(sink.path_for("1-0")), "new");
  EXPECT_EQ(read_all(sink.path_for("2-0")), "old");
  EXPECT_EQ(sink.entry_ids().size(), 3u);
}

TEST(ChunkFileSink, LeftoverTemporaryFilesOfACrashAreRemovedOnOpen) {
  test::TempDir tmp;
  std::ofstream(tmp.path() / ".5-0.chunk.tmp-123-0") << "half a chunk";
  std::ofstream(tmp.path() / "notes.txt") << "not ours";
  ChunkFileSink sink(tmp.path());
  EXPECT_FALSE(std::filesystem::exists(tmp.path() / ".5-0.chunk.tmp-123-0"));
  EXPECT_TRUE(std::filesystem::exists(tmp.path() / "notes.txt"));
  EXPECT_TRUE(sink.entry_ids().empty());
}

TEST(ChunkFileSink, OnlyStreamIdsBecomeFileNames) {
  test::TempDir tmp;
  ChunkFileSink sink(tmp.path(), false);
  for (std::string_view bad : {"../../etc/passwd", "", "1-", "-1", "1-2-3", "a-1", "1-0/x"})
    EXPECT_THROW(sink.write(bad, bytes_of("x")), std::invalid_argument) << bad;
}

}  // namespace
}  // namespace bh
