// Specification of write_file_atomic: the file holds the old content or the new, never a
// part; a writer that throws leaves the old one and no temporary file; errors name the path.
#include "core/platform/atomic_file.h"

#include <gtest/gtest.h>

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <system_error>
#include <vector>

namespace bh {
namespace {

namespace fs = std::filesystem;

std::string read_text(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

class AtomicFile : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("bh_atomic_" + std::to_string(::getpid()));
    fs::remove_all(dir_);
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }
  std::size_t files() const { return std::size_t(std::distance(fs::directory_iterator(dir_), fs::directory_iterator())); }
  fs::path dir_;
};

TEST_F(AtomicFile, TextBytesAndStreamsReplaceTheFile) {
  const fs::path f = dir_ / "a.txt";
  write_file_atomic(f, "first");
  EXPECT_EQ(read_text(f), "first");
  const std::vector<std::uint8_t> bytes{'b', 0, 'c'};
  write_file_atomic(f, bytes);
  EXPECT_EQ(read_text(f), std::string("b\0c", 3));
  const std::string big(300'000, 'x');  // larger than the stream's buffer
  write_file_atomic(f, [&](std::ostream& out) { out << "head " << big << " tail"; }, {FileSync::Directory, {}});
  EXPECT_EQ(read_text(f), "head " + big + " tail");
  EXPECT_EQ(files(), 1u);  // no temporary file left
}

TEST_F(AtomicFile, AWriterThatThrowsLeavesTheOldFileAndNoTemporary) {
  const fs::path f = dir_ / "a.txt";
  write_file_atomic(f, "old");
  EXPECT_THROW(write_file_atomic(f, [](std::ostream& out) {
                 out << "half";
                 throw std::runtime_error("writer failed");
               }),
               std::runtime_error);
  EXPECT_EQ(read_text(f), "old");
  EXPECT_EQ(files(), 1u);
}

TEST_F(AtomicFile, AChosenTemporaryNameIsUsedAndGone) {
  const fs::path f = dir_ / "x.chunk";
  write_file_atomic(f, "data", {FileSync::None, dir_ / ".x.chunk.tmp-1"});
  EXPECT_EQ(read_text(f), "data");
  EXPECT_FALSE(fs::exists(dir_ / ".x.chunk.tmp-1"));
  EXPECT_NO_THROW(fsync_directory(dir_));
}

TEST_F(AtomicFile, ErrorsNameThePathAndTheReason) {
  const fs::path f = dir_ / "missing" / "a.txt";
  try {
    write_file_atomic(f, "x");
    FAIL() << "written";
  } catch (const std::system_error& e) {
    EXPECT_EQ(e.code().value(), ENOENT);
    EXPECT_NE(std::string(e.what()).find("cannot write " + f.string() + ": open"), std::string::npos) << e.what();
  }
  EXPECT_THROW(fsync_directory(dir_ / "missing"), std::system_error);
}

}  // namespace
}  // namespace bh
