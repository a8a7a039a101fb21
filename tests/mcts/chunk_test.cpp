// Chunk files: a round trip keeps every field, the header's provenance included; files of
// format version 1 still read; foreign, truncated, corrupt and newer files are rejected
// with an error that names the file; writes are atomic.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <iterator>

#include <unistd.h>

#include "mcts/chunk.h"
#include "core/platform/crc32.h"

namespace bh {
namespace {

namespace fs = std::filesystem;

std::vector<Sample> some_samples() {
  std::vector<Sample> out;
  Match m(RuleSet{}, TimeControl{});
  m.play(BoardA, Move::normal(E2, E4), 1200);
  for (int i = 0; i < 50; ++i) {
    Sample s;
    MatchView::of(m, Seat(i % 4 == 0 ? ABlack : BWhite), 1500 + i).pack(s.view);
    s.seat = Seat(i % 4);
    s.result = std::int8_t(i % 3 - 1);
    s.full_search = i % 2;
    s.net_version = 7;
    s.visits = 100 + i;
    s.root_value = -0.5f + 0.01f * i;
    s.policy = {{Move::normal(E7, E5).raw(), 0.75f}, {Move::wait().raw(), 0.25f}};
    if (i % 5 == 0) s.policy.clear();  // a sample may carry no policy
    out.push_back(s);
  }
  return out;
}

struct TempDir {
  fs::path path = fs::temp_directory_path() / ("bh_chunk_test_" + std::to_string(::getpid()));
  TempDir() { fs::create_directories(path); }
  ~TempDir() { fs::remove_all(path); }
};

std::vector<std::uint8_t> read_bytes(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

void write_bytes(const fs::path& p, const std::vector<std::uint8_t>& b) {
  std::ofstream out(p, std::ios::binary);
  out.write(reinterpret_cast<const char*>(b.data()), std::streamsize(b.size()));
}

// Expects read_chunk to throw a ChunkError whose message names the file and says `why`.
void expect_rejected(const fs::path& p, const std::string& why) {
  try {
    read_chunk(p);
    ADD_FAILURE() << "accepted " << p;
  } catch (const ChunkError& e) {
    const std::string msg = e.what();
    EXPECT_NE(msg.find(p.string()), std::string::npos) << msg;
    EXPECT_NE(msg.find(why), std::string::npos) << msg;
  }
}

// The header with one little-endian field replaced and its checksum made right again: a
// header that lies consistently.
std::vector<std::uint8_t> with_header_field(std::vector<std::uint8_t> bytes, std::size_t at, int size,
                                            std::uint64_t value) {
  for (int i = 0; i < size; ++i) bytes[at + std::size_t(i)] = std::uint8_t(value >> (8 * i));
  const std::uint32_t crc = crc32(std::span<const std::uint8_t>(bytes).first(kChunkHeaderSize - 4));
  for (std::size_t i = 0; i < 4; ++i) bytes[kChunkHeaderSize - 4 + i] = std::uint8_t(crc >> (8 * i));
  return bytes;
}

// Expects decode_chunk to refuse `bytes` with a ChunkError saying `why`.
void expect_decode_refused(const std::vector<std::uint8_t>& bytes, const std::string& why) {
  try {
    decode_chunk(bytes, "test");
    ADD_FAILURE() << "accepted";
  } catch (const ChunkError& e) {
    EXPECT_NE(std::string(e.what()).find(why), std::string::npos) << e.what();
  }
}

TEST(Crc32, KnownValue) {
  const std::string s = "123456789";
  EXPECT_EQ(crc32({reinterpret_cast<const std::uint8_t*>(s.data()), s.size()}), 0xCBF43926u);
}

TEST(Chunk, RoundTripKeepsEverySample) {
  TempDir dir;
  const auto samples = some_samples();
  const fs::path p = dir.path / "a.chunk";
  write_chunk(p, samples);
  EXPECT_FALSE(fs::exists(dir.path / "a.chunk.tmp"));
  const auto back = read_chunk(p);
  ASSERT_EQ(back.size(), samples.size());
  for (std::size_t i = 0; i < samples.size(); ++i) EXPECT_EQ(back[i], samples[i]) << "sample " << i;
  // And the views are still views.
  EXPECT_EQ(MatchView::unpack(back[1].view).seat, BWhite);
  // An empty chunk is valid too.
  write_chunk(p, {});
  EXPECT_TRUE(read_chunk(p).empty());
}

// Found by tests/fuzz/chunk_fuzz: a header claiming 335 million samples made the decoder
// reserve room for them (67 GB) before reading the body.
TEST(Chunk, RefusesASampleCountTheBodyCannotHold) {
  const auto bytes = encode_chunk(some_samples());
  expect_decode_refused(with_header_field(bytes, 16, 4, 0x7fffffff), "samples cannot fit a body of");
  expect_decode_refused(with_header_field(bytes, 16, 4, 51), "sample data ends early");
}

// Its neighbour (an input made for chunk_fuzz's header mode while fixing the above): a
// header claiming an 8 GB body made the decoder allocate and zero 8 GB before the 1 KB
// frame showed it held far less.
TEST(Chunk, RefusesABodySizeTheFrameDoesNotHold) {
  const auto bytes = encode_chunk(some_samples());
  expect_decode_refused(with_header_field(bytes, 24, 8, std::uint64_t(1) << 33), "zstd frame's size differs");
  expect_decode_refused(with_header_field(bytes, 24, 8, 50 * 200), "zstd frame's size differs");
}

TEST(Chunk, RejectsForeignTruncatedCorruptAndNewerFiles) {
  TempDir dir;
  const fs::path good = dir.path / "good.chunk";
  write_chunk(good, some_samples());
  const auto bytes = read_bytes(good);

  const fs::path foreign = dir.path / "foreign.chunk";
  write_bytes(foreign, std::vector<std::uint8_t>(100, 'x'));
  expect_rejected(foreign, "not a chunk file");

  const fs::path tiny = dir.path / "tiny.chunk";
  write_bytes(tiny, {bytes.begin(), bytes.begin() + 30});
  expect_rejected(tiny, "truncated header");

  const fs::path cut = dir.path / "cut.chunk";
  write_bytes(cut, {bytes.begin(), bytes.end() - 5});
  expect_rejected(cut, "truncated");

  auto flipped = bytes;
  flipped[flipped.size() / 2 + 32] ^= 0x40;  // inside the compressed body
  const fs::path corrupt = dir.path / "corrupt.chunk";
  write_bytes(corrupt, flipped);
  expect_rejected(corrupt, "corrupt");

  auto header = bytes;
  header[16] ^= 1;  // the sample count
  const fs::path bad_header = dir.path / "header.chunk";
  write_bytes(bad_header, header);
  expect_rejected(bad_header, "header checksum");

  auto newer = bytes;
  newer[8] = 99;  // format version 99
  const fs::path future = dir.path / "future.chunk";
  write_bytes(future, newer);
  expect_rejected(future, "format version 99");

  expect_rejected(dir.path / "missing.chunk", "cannot open");
}

TEST(Chunk, HeaderCarriesWhereTheSamplesComeFrom) {
  TempDir dir;
  const fs::path p = dir.path / "g0003-s2-w1-000004.chunk";
  const ChunkProvenance provenance{3, 2, 5, 2};
  write_chunk(p, some_samples(), provenance);
  const ChunkHeader h = read_chunk_header(p);
  EXPECT_EQ(h.version, kChunkVersion);
  EXPECT_EQ(h.samples, 50u);
  EXPECT_EQ(h.provenance, provenance);
  EXPECT_EQ(read_chunk(p).size(), 50u);
  // The provenance is covered by the header checksum.
  auto bytes = read_bytes(p);
  bytes[56] ^= 1;  // the match count
  write_bytes(p, bytes);
  expect_rejected(p, "header checksum");
}

// A version-1 file as the first format laid it out: a 64-byte header (bytes 48..59 zero,
// the CRC-32 of bytes 0..59 at 60) and the same body. Its samples read; its provenance is
// unknown (all zero), so a resumed run never counts it as a generation's matches.
TEST(Chunk, VersionOneFilesStillRead) {
  TempDir dir;
  const auto samples = some_samples();
  const auto v2 = encode_chunk(samples, {4, 1, 9, 3});
  std::vector<std::uint8_t> v1(v2.begin(), v2.begin() + 48);
  v1[8] = 1;    // format version
  v1[12] = 64;  // header size
  v1.resize(60, 0);
  const std::uint32_t crc = crc32(v1);
  for (int i = 0; i < 4; ++i) v1.push_back(std::uint8_t(crc >> (8 * i)));
  v1.insert(v1.end(), v2.begin() + std::ptrdiff_t(kChunkHeaderSize), v2.end());
  const fs::path p = dir.path / "old.chunk";
  write_bytes(p, v1);
  const ChunkHeader h = read_chunk_header(p);
  EXPECT_EQ(h.version, 1u);
  EXPECT_EQ(h.samples, samples.size());
  EXPECT_EQ(h.provenance, ChunkProvenance{});
  const auto back = read_chunk(p);
  ASSERT_EQ(back.size(), samples.size());
  for (std::size_t i = 0; i < samples.size(); ++i) EXPECT_EQ(back[i], samples[i]) << "sample " << i;
}

}  // namespace
}  // namespace bh
