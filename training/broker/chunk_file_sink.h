// chunk_file_sink.h — the trainer's half of exactly-once delivery: each stream entry
// becomes one file in the run directory, named by its entry id, written atomically and
// durably before the entry is acknowledged (chunk_stream.h gives the whole protocol).
//
// A file "<id>.chunk" either does not exist or holds the complete chunk: the bytes go to a
// hidden temporary file first, which is fsynced and renamed into place (core's
// write_file_atomic), and the directory is fsynced so the rename survives a power cut. A second write of the same id finds the
// file and writes nothing.
//
// One sink per directory at a time: leftover temporary files are removed when it opens.
#pragma once

#include <cstdint>
#include <filesystem>
#include <span>
#include <string_view>
#include <vector>

#include "training/broker/chunk_entry.h"

namespace bh {

class ChunkFileSink {
 public:
  // Creates the directory if needed. `durable` = false skips the fsyncs (tests of other
  // things, benchmarks of the broker alone); a trainer keeps it true.
  explicit ChunkFileSink(std::filesystem::path dir, bool durable = true);

  std::filesystem::path path_for(std::string_view entry_id) const;
  bool contains(std::string_view entry_id) const;
  // Writes the file; false when it existed already (nothing written). Throws
  // std::invalid_argument for an id that is not a stream id, std::system_error when the
  // disk refuses: the caller must then not acknowledge the entry.
  bool write(std::string_view entry_id, std::span<const std::uint8_t> bytes);
  // The same for a batch, with one directory fsync for all of it instead of one per file
  // (it halves the fsyncs, which bound the trainer's ingest rate). For each entry: true
  // when newly written, false when its file existed. All are durable on return.
  std::vector<bool> write_batch(std::span<const ChunkEntry> entries);
  // Every chunk file in the directory, by entry id.
  std::vector<std::string> entry_ids() const;
  const std::filesystem::path& dir() const { return dir_; }

 private:
  // Temp file, fsync, rename; the directory fsync is left to the caller.
  bool write_file(std::string_view entry_id, std::span<const std::uint8_t> bytes);

  std::filesystem::path dir_;
  bool durable_;
  std::uint64_t temp_counter_ = 0;
};

}  // namespace bh
