// selfplay_writer.h — writes one worker's finished matches to a run directory: their
// samples into chunk files (DIR/chunks/<stem>-<n>.chunk) and their records as BPGN with
// clock stamps (DIR/games/<stem>-<n>.bpgn, the same matches as the chunk of the same
// name). A worker's writer is used by that worker only.
//
// The chunk is the commit point of its matches: its header says how many matches it holds
// and which generation and session played them, and a resumed run counts its progress
// from those headers alone. The record is written before its chunk under a pending name
// and renamed after it, so a kill at any instant leaves either both files or neither
// (settle_pending_records finishes what a kill interrupted).
#pragma once

#include <filesystem>
#include <string>
#include <utility>
#include <vector>

#include "mcts/chunk.h"
#include "mcts/selfplay_match.h"

namespace bh {

class SelfPlayWriter {
 public:
  // Creates DIR/chunks and DIR/games. `tags` go into every BPGN record (Event, ...);
  // `provenance` into every chunk header (its match count is filled in per chunk).
  SelfPlayWriter(std::filesystem::path dir, std::string stem, int matches_per_chunk,
                 std::vector<std::pair<std::string, std::string>> tags = {}, ChunkProvenance provenance = {});

  // Queues a match; writes a chunk and its BPGN file every matches_per_chunk matches.
  void add(FinishedMatch&& match);
  // Writes what is queued (a last, shorter chunk). Safe to call with nothing queued.
  void flush();

  int chunks_written() const { return chunks_; }
  const std::vector<std::filesystem::path>& files() const { return files_; }

 private:
  std::filesystem::path dir_;
  std::string stem_;
  int matches_per_chunk_;
  std::vector<std::pair<std::string, std::string>> tags_;
  ChunkProvenance provenance_;
  std::vector<Sample> samples_;
  std::string bpgn_;
  int queued_ = 0;
  int chunks_ = 0;
  std::vector<std::filesystem::path> files_;
};

// The record of a chunk that is not yet (or no longer) there: DIR/games/<name>.bpgn.pending.
std::filesystem::path pending_record_path(const std::filesystem::path& dir, const std::string& name);

struct SettledRecords {
  int completed = 0;  // pending records whose chunk exists: renamed into place
  int dropped = 0;    // pending records without a chunk: their matches were never committed
};
// Finishes what a killed writer left in DIR: each pending record follows its chunk or goes.
SettledRecords settle_pending_records(const std::filesystem::path& dir);

}  // namespace bh
