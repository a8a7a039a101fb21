// chunk_entry.h — a training chunk as it travels through the broker: opaque bytes (this
// layer never opens them) and the few facts the trainer needs first: who made it, with
// which net, how many samples. Also the field names of a chunk's stream entry, shared by
// the producer and the consumer, and the rule for worker names.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace bh {

struct ChunkMeta {
  std::string worker;            // who made it: names the culprit of a bad chunk
  std::int64_t net_version = 0;  // the net that played these games (the window policy's input)
  std::int64_t samples = 0;      // training samples in the chunk
  std::int64_t matches = 0;      // matches those samples come from (paces the trainer's generations)
};

struct ChunkEntry {
  // Stream entry id ("1712345678901-0"): unique in the stream, increasing, and the name
  // of the chunk's file in the run directory.
  std::string id;
  // The producer's id for the chunk; a retried publish with the same id is a no-op.
  std::string chunk_id;
  ChunkMeta meta;
  std::vector<std::uint8_t> data;

  std::span<const std::uint8_t> bytes() const { return data; }
};

// Field names of a chunk's stream entry. Short: they are stored with every entry.
namespace chunk_field {
inline constexpr std::string_view kWorker = "worker";
inline constexpr std::string_view kNetVersion = "net";
inline constexpr std::string_view kSamples = "samples";
inline constexpr std::string_view kMatches = "matches";  // optional: older producers omit it
inline constexpr std::string_view kChunkId = "cid";
inline constexpr std::string_view kData = "data";
}  // namespace chunk_field

// Worker names are 1 to 64 characters of [A-Za-z0-9._-]: they become parts of keys and
// of log lines, so no spaces, no glob characters, nothing to escape.
inline constexpr std::size_t kMaxWorkerName = 64;
bool valid_worker_name(std::string_view name);
// Throws std::invalid_argument saying what is wrong with the name.
void require_worker_name(std::string_view name);
// The name made safe to print whatever it holds: at most 64 characters, anything outside
// printable ASCII as '?'.
std::string printable_name(std::string_view name);

// A stream entry id: "<milliseconds>-<sequence>", both decimal. Checked before an id
// becomes a file name.
bool valid_stream_id(std::string_view id);

}  // namespace bh
