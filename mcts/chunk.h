// chunk.h — training samples and the chunk files that carry them from self-play to the
// trainer (training/loop/README.md "Files a run writes"). One sample per searched decision: the packed MatchView
// (core, 160 bytes), the search's distribution over the seat's actions as Move raw values
// with probabilities (independent of nn/'s policy index map, which is applied when the
// trainer loads), the final result for the seat's team, the seat, whether it was a full
// search (playout-cap randomisation) and the network version that played.
//
// File layout (all integers little-endian):
//   header, 80 bytes (format version 2; version 1 files, 64 bytes, still read):
//     0  magic "BHCHUNK\0"          8  u32 format version (kChunkVersion)
//     12 u32 header size (80)       16 u32 sample count
//     20 u32 packed view size (160) 24 u64 body size, uncompressed
//     32 u64 body size, compressed  40 u32 CRC-32 of the uncompressed body
//     44 u32 zstd level used        48 u32 generation that played the matches (0: none)
//     52 u32 session (the run's resume number)  56 u32 matches the samples come from
//     60 u32 net version that played them       64..75 zero
//     76 u32 CRC-32 of header bytes 0..75
//   (version 1: bytes 48..59 zero, CRC-32 of bytes 0..59 at 60; its provenance reads as 0.)
//   The provenance fields are what a resumed run counts its progress from: a chunk file
//   is the commit point of its matches (training/loop/README.md "Resume").
//   body: one zstd frame (with zstd's own content checksum) of the samples, each:
//     view[160] | seat u8 | flags u8 (bit 0: full search) | result i8 | 0 u8 |
//     net version u32 | root visits u32 | root value f32 | n u16 | n x (move u16, p f32)
// Readers reject foreign, truncated, corrupt or newer files with a ChunkError naming the
// file; writers replace files atomically (temp + rename).
#pragma once

#include <array>
#include <cstdint>
#include <filesystem>
#include <span>
#include <stdexcept>
#include <string>
#include <vector>

#include "core/match_view.h"
#include "core/types.h"

namespace bh {

struct PolicyEntry {
  std::uint16_t move = 0;  // Move::raw(); Move::wait() for the wait action
  float probability = 0;
  bool operator==(const PolicyEntry&) const = default;
};

struct Sample {
  std::array<std::uint8_t, MatchView::kPackedSize> view{};  // MatchView::pack at the decision
  std::vector<PolicyEntry> policy;  // over the seat's actions; absent actions have 0
  std::int8_t result = 0;           // the match's end for the seat's team: +1, 0 (draw), -1
  Seat seat = AWhite;
  bool full_search = true;          // false: a cheap search (playout cap), no policy target
  std::uint32_t net_version = 0;
  std::uint32_t visits = 0;         // root visits behind `policy`
  float root_value = 0;             // the search's value of the decision for the seat's team

  bool operator==(const Sample&) const = default;
};

inline constexpr std::uint32_t kChunkVersion = 2;
inline constexpr std::size_t kChunkHeaderSize = 80;

// Where a chunk's samples come from, stored in its header.
struct ChunkProvenance {
  std::uint32_t generation = 0;   // the run's generation that played them; 0 outside a run
  std::uint32_t session = 0;      // the run's session (resume number) that played them
  std::uint32_t matches = 0;      // finished matches whose samples the chunk holds
  std::uint32_t net_version = 0;  // the net that played them
  bool operator==(const ChunkProvenance&) const = default;
};

// What the header says, read without decoding the body.
struct ChunkHeader {
  std::uint32_t version = 0;  // the file's format version (1 or 2)
  std::uint64_t samples = 0;
  ChunkProvenance provenance;  // all 0 in version 1 files
};

class ChunkError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// The whole file's bytes. zstd level 1..19.
std::vector<std::uint8_t> encode_chunk(std::span<const Sample> samples, const ChunkProvenance& provenance = {},
                                       int zstd_level = 3);
// `source` names the bytes in errors ("chunk <source>: ...").
std::vector<Sample> decode_chunk(std::span<const std::uint8_t> bytes, const std::string& source);
// The header alone (checked: magic, version, sizes, header checksum).
ChunkHeader decode_chunk_header(std::span<const std::uint8_t> bytes, const std::string& source);

void write_chunk(const std::filesystem::path& path, std::span<const Sample> samples,
                 const ChunkProvenance& provenance = {}, int zstd_level = 3);
std::vector<Sample> read_chunk(const std::filesystem::path& path);
// The header from the file's first bytes, for deciding what to read without decoding it.
ChunkHeader read_chunk_header(const std::filesystem::path& path);
std::uint64_t read_chunk_sample_count(const std::filesystem::path& path);

}  // namespace bh
