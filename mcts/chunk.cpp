// chunk.cpp — encoding, compression and validation of chunk files.
#include "mcts/chunk.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstring>
#include <fstream>
#include <iterator>
#include <memory>

#include <zstd.h>

#include "core/platform/atomic_file.h"
#include "core/platform/crc32.h"

namespace bh {

namespace {

constexpr std::array<std::uint8_t, 8> kMagic{'B', 'H', 'C', 'H', 'U', 'N', 'K', 0};
constexpr std::size_t kMaxPolicy = 1024;  // more than any position's actions (MoveList::kCapacity)
// The smallest sample encode_sample writes: the view, 16 bytes of fields, an empty policy.
constexpr std::size_t kMinSampleBytes = MatchView::kPackedSize + 16 + 2;

struct Out {
  std::vector<std::uint8_t>& bytes;
  void u8(std::uint64_t v) { bytes.push_back(std::uint8_t(v)); }
  void u16(std::uint64_t v) { u8(v), u8(v >> 8); }
  void u32(std::uint64_t v) { u16(v), u16(v >> 16); }
  void u64(std::uint64_t v) { u32(v), u32(v >> 32); }
  void f32(float f) { u32(std::bit_cast<std::uint32_t>(f)); }
};

// Bounds-checked reader: running off the end is a ChunkError, never a crash.
struct In {
  std::span<const std::uint8_t> bytes;
  const std::string& source;
  std::size_t at = 0;
  [[noreturn]] void fail(const std::string& why) const { throw ChunkError("chunk " + source + ": " + why); }
  void need(std::size_t n) const {
    if (bytes.size() - at < n) fail("sample data ends early (corrupt body)");
  }
  std::uint64_t u8() { need(1); return bytes[at++]; }
  std::uint64_t u16() { std::uint64_t lo = u8(); return lo | u8() << 8; }
  std::uint64_t u32() { std::uint64_t lo = u16(); return lo | u16() << 16; }
  std::uint64_t u64() { std::uint64_t lo = u32(); return lo | u32() << 32; }
  float f32() { return std::bit_cast<float>(std::uint32_t(u32())); }
};

std::uint64_t read_le(std::span<const std::uint8_t> b, std::size_t at, int n) {
  std::uint64_t v = 0;
  for (int i = n - 1; i >= 0; --i) v = v << 8 | b[at + std::size_t(i)];
  return v;
}

void encode_sample(const Sample& s, Out& o) {
  if (s.policy.size() > kMaxPolicy) throw std::invalid_argument("sample policy has too many entries");
  for (auto b : s.view) o.u8(b);
  o.u8(s.seat);
  o.u8(s.full_search ? 1 : 0);
  o.u8(std::uint8_t(s.result));
  o.u8(0);
  o.u32(s.net_version);
  o.u32(s.visits);
  o.f32(s.root_value);
  o.u16(s.policy.size());
  for (const PolicyEntry& p : s.policy) {
    o.u16(p.move);
    o.f32(p.probability);
  }
}

Sample decode_sample(In& in, std::size_t index) {
  auto bad = [&](const std::string& why) { in.fail("sample " + std::to_string(index) + ": " + why); };
  Sample s;
  in.need(s.view.size());
  std::memcpy(s.view.data(), in.bytes.data() + in.at, s.view.size());
  in.at += s.view.size();
  const auto seat = in.u8(), flags = in.u8(), result = in.u8(), zero = in.u8();
  if (seat >= kSeats) bad("seat " + std::to_string(seat) + " is not 0..3");
  if (flags > 1 || zero != 0) bad("unknown flags");
  const auto r = std::int8_t(std::uint8_t(result));
  if (r < -1 || r > 1) bad("result " + std::to_string(r) + " is not -1, 0 or 1");
  s.seat = Seat(seat);
  s.full_search = flags & 1;
  s.result = r;
  s.net_version = std::uint32_t(in.u32());
  s.visits = std::uint32_t(in.u32());
  s.root_value = in.f32();
  if (!(s.root_value >= -1.0f && s.root_value <= 1.0f)) bad("root value out of [-1, 1]");
  const auto n = in.u16();
  if (n > kMaxPolicy) bad("policy of " + std::to_string(n) + " entries");
  s.policy.resize(n);
  double sum = 0;
  for (auto& p : s.policy) {
    p.move = std::uint16_t(in.u16());
    p.probability = in.f32();
    if (!(p.probability >= 0.0f && p.probability <= 1.0f)) bad("policy probability out of [0, 1]");
    sum += p.probability;
  }
  if (n > 0 && std::abs(sum - 1.0) > 1e-3) bad("policy sums to " + std::to_string(sum));
  return s;
}

}  // namespace

std::vector<std::uint8_t> encode_chunk(std::span<const Sample> samples, const ChunkProvenance& provenance,
                                       int zstd_level) {
  if (zstd_level < 1 || zstd_level > 19) throw std::invalid_argument("zstd level must be 1..19");
  std::vector<std::uint8_t> body;
  Out ob{body};
  for (const Sample& s : samples) encode_sample(s, ob);

  std::vector<std::uint8_t> file(kChunkHeaderSize + ZSTD_compressBound(body.size()));
  std::unique_ptr<ZSTD_CCtx, decltype(&ZSTD_freeCCtx)> cctx(ZSTD_createCCtx(), ZSTD_freeCCtx);
  if (!cctx) throw std::runtime_error("zstd: cannot create a compression context");
  ZSTD_CCtx_setParameter(cctx.get(), ZSTD_c_compressionLevel, zstd_level);
  ZSTD_CCtx_setParameter(cctx.get(), ZSTD_c_checksumFlag, 1);
  const std::size_t compressed = ZSTD_compress2(cctx.get(), file.data() + kChunkHeaderSize,
                                                file.size() - kChunkHeaderSize, body.data(), body.size());
  if (ZSTD_isError(compressed)) throw std::runtime_error(std::string("zstd: ") + ZSTD_getErrorName(compressed));
  file.resize(kChunkHeaderSize + compressed);

  std::vector<std::uint8_t> header;
  Out oh{header};
  for (auto b : kMagic) oh.u8(b);
  oh.u32(kChunkVersion);
  oh.u32(kChunkHeaderSize);
  oh.u32(samples.size());
  oh.u32(MatchView::kPackedSize);
  oh.u64(body.size());
  oh.u64(compressed);
  oh.u32(crc32(body));
  oh.u32(std::uint32_t(zstd_level));
  oh.u32(provenance.generation);
  oh.u32(provenance.session);
  oh.u32(provenance.matches);
  oh.u32(provenance.net_version);
  while (header.size() < kChunkHeaderSize - 4) oh.u8(0);
  oh.u32(crc32(header));
  std::copy(header.begin(), header.end(), file.begin());
  return file;
}

namespace {

[[noreturn]] void chunk_fail(const std::string& source, const std::string& why) {
  throw ChunkError("chunk " + source + ": " + why);
}

// The header size of each format version this program reads.
std::size_t header_size(std::uint64_t version) { return version == 1 ? 64 : version == 2 ? kChunkHeaderSize : 0; }

}  // namespace

// The header's checks (everything but the body).
ChunkHeader decode_chunk_header(std::span<const std::uint8_t> bytes, const std::string& source) {
  auto fail = [&](const std::string& why) { chunk_fail(source, why); };
  const bool magic = bytes.size() >= kMagic.size() && std::equal(kMagic.begin(), kMagic.end(), bytes.begin());
  if (!magic) fail(bytes.size() < kMagic.size() ? "not a chunk file (no chunk header)" : "not a chunk file (bad magic)");
  if (bytes.size() < 12) fail("truncated header (" + std::to_string(bytes.size()) + " bytes)");
  const auto version = read_le(bytes, 8, 4);
  const std::size_t size = header_size(version);
  if (size == 0)
    fail("format version " + std::to_string(version) + ", this program reads versions 1 and " + std::to_string(kChunkVersion));
  if (bytes.size() < size) fail("truncated header (" + std::to_string(bytes.size()) + " bytes)");
  if (crc32(bytes.first(size - 4)) != read_le(bytes, size - 4, 4)) fail("header checksum mismatch (corrupt header)");
  if (read_le(bytes, 12, 4) != size) fail("unexpected header size");
  if (read_le(bytes, 20, 4) != MatchView::kPackedSize) fail("packed view size differs from this program's");
  ChunkHeader h;
  h.version = std::uint32_t(version);
  h.samples = read_le(bytes, 16, 4);
  if (version >= 2)
    h.provenance = {std::uint32_t(read_le(bytes, 48, 4)), std::uint32_t(read_le(bytes, 52, 4)),
                    std::uint32_t(read_le(bytes, 56, 4)), std::uint32_t(read_le(bytes, 60, 4))};
  return h;
}


std::vector<Sample> decode_chunk(std::span<const std::uint8_t> bytes, const std::string& source) {
  auto fail = [&](const std::string& why) { chunk_fail(source, why); };
  const ChunkHeader header = decode_chunk_header(bytes, source);
  const auto count = header.samples;
  const std::size_t at = header_size(header.version);
  const auto body_size = read_le(bytes, 24, 8);
  const auto compressed = read_le(bytes, 32, 8);
  const auto body_crc = std::uint32_t(read_le(bytes, 40, 4));
  if (bytes.size() - at < compressed)
    fail("truncated: " + std::to_string(bytes.size() - at) + " of " + std::to_string(compressed) + " body bytes");
  if (bytes.size() - at > compressed) fail("trailing bytes after the body");
  if (body_size > (std::uint64_t(1) << 34)) fail("implausible body size");
  // Nothing is allocated on the header's word alone: its sample count must fit its body
  // size, and the zstd frame must say it holds that many bytes.
  if (count > body_size / kMinSampleBytes)
    fail("corrupt header (" + std::to_string(count) + " samples cannot fit a body of " + std::to_string(body_size) +
         " bytes)");
  if (ZSTD_getFrameContentSize(bytes.data() + at, compressed) != body_size)
    fail("corrupt body (its zstd frame's size differs from the header's body size)");

  std::vector<std::uint8_t> body(body_size);
  const std::size_t got = ZSTD_decompress(body.data(), body.size(), bytes.data() + at, compressed);
  if (ZSTD_isError(got)) fail(std::string("corrupt body (zstd: ") + ZSTD_getErrorName(got) + ")");
  if (got != body_size) fail("corrupt body (size differs from the header)");
  if (crc32(body) != body_crc) fail("body checksum mismatch (corrupt body)");

  In in{body, source};
  std::vector<Sample> samples;
  samples.reserve(count);
  for (std::uint64_t i = 0; i < count; ++i) samples.push_back(decode_sample(in, i));
  if (in.at != body.size()) fail("body has bytes after the last sample");
  return samples;
}

void write_chunk(const std::filesystem::path& path, std::span<const Sample> samples, const ChunkProvenance& provenance,
                 int zstd_level) {
  write_file_atomic(path, encode_chunk(samples, provenance, zstd_level));
}

ChunkHeader read_chunk_header(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw ChunkError("chunk " + path.string() + ": cannot open");
  std::vector<std::uint8_t> header(kChunkHeaderSize);
  in.read(reinterpret_cast<char*>(header.data()), std::streamsize(header.size()));
  header.resize(std::size_t(in.gcount()));
  return decode_chunk_header(header, path.string());
}

std::uint64_t read_chunk_sample_count(const std::filesystem::path& path) { return read_chunk_header(path).samples; }

std::vector<Sample> read_chunk(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw ChunkError("chunk " + path.string() + ": cannot open");
  std::vector<std::uint8_t> bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  if (in.bad()) throw ChunkError("chunk " + path.string() + ": read error");
  return decode_chunk(bytes, path.string());
}

}  // namespace bh
