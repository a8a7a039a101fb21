// selfplay_writer.h — writes one worker's finished matches to a run directory: their
// samples into chunk files (DIR/chunks/<stem>-<n>.chunk) and their records as BPGN with
// clock stamps (DIR/games/<stem>-<n>.bpgn, the same matches as the chunk of the same
// name). Every file appears atomically; a worker's writer is used by that worker only.
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
  // Creates DIR/chunks and DIR/games. `tags` go into every BPGN record (Event, ...).
  SelfPlayWriter(std::filesystem::path dir, std::string stem, int matches_per_chunk,
                 std::vector<std::pair<std::string, std::string>> tags = {});

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
  std::vector<Sample> samples_;
  std::string bpgn_;
  int queued_ = 0;
  int chunks_ = 0;
  std::vector<std::filesystem::path> files_;
};

}  // namespace bh
