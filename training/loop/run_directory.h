// run_directory.h — the files of a training run, and what they say about its progress.
//
//   config.toml          the configuration the run uses (resume reads it back)
//   rules.txt            the rule set, one key=value per line
//   revision.txt         the source revision the program was built from
//   train.lock           held by the process writing the run (run_lock.h)
//   checkpoints/gen-NNNN.ckpt   one per finished generation (gen-0000: the initial net)
//   checkpoints/best.ckpt       the player the run makes: a copy of the best net's checkpoint
//   chunks/gNNNN-sK-wW-NNNNNN.chunk  self-play samples of generation NNNN, session K, worker W
//   chunks/<ms>-<seq>.chunk     (with a broker) the chunk of that stream entry
//   games/<chunk name>.bpgn     the same matches as BPGN records
//   arena/gen-NNNN.bpgn  the evaluation matches of generation NNNN
//   metrics.jsonl        one JSON line per logged training step, self-play stage and generation
//   report.html          the curves (bughouse report), rewritten after each generation
//
// Progress is read from the chunk headers alone (mcts/chunk.h): each chunk says which
// generation and session played it and how many matches it holds. File names and BPGN
// records are never counted (training/loop/README.md "Resume").
#pragma once

#include <cstdint>
#include <filesystem>
#include <map>
#include <string>
#include <vector>

#include "mcts/selfplay_writer.h"

namespace bh {

// What the chunk files of a run directory say.
struct RunProgress {
  std::map<std::int64_t, std::int64_t> matches;  // generation -> matches committed
  std::int64_t highest_session = -1;             // the highest session that wrote a chunk
  std::vector<std::string> warnings;             // chunks whose header cannot be read

  std::int64_t matches_of(std::int64_t generation) const {
    auto it = matches.find(generation);
    return it == matches.end() ? 0 : it->second;
  }
};

// What resuming cleaned up after a kill.
struct Recovery {
  int temporary_files = 0;  // half-written files removed
  SettledRecords records;   // pending BPGN records renamed or removed
};

class RunDirectory {
 public:
  explicit RunDirectory(std::filesystem::path root) : root_(std::move(root)) {}

  const std::filesystem::path& root() const { return root_; }
  std::filesystem::path checkpoint(std::int64_t generation) const;
  std::filesystem::path best_checkpoint() const { return root_ / "checkpoints" / "best.ckpt"; }
  std::filesystem::path published_checkpoint() const { return root_ / "checkpoints" / "published.ckpt"; }
  std::filesystem::path chunks() const { return root_ / "chunks"; }
  std::filesystem::path arena_record(std::int64_t generation) const;
  std::filesystem::path metrics() const { return root_ / "metrics.jsonl"; }
  std::filesystem::path report() const { return root_ / "report.html"; }
  std::filesystem::path validation() const { return root_ / "validation.bpgn"; }
  // The file name stem of a self-play worker's files: gNNNN-sK-wW.
  static std::string selfplay_stem(std::int64_t generation, std::int64_t session, int worker);

  // The newest generation with a checkpoint, or -1.
  std::int64_t latest_checkpoint() const;
  // A new run may start in a directory that holds nothing but chunks/ (recorded games put
  // there by `bughouse import` join the first training window), empty folders and the
  // lock file (what a run killed before its first file leaves).
  bool holds_only_imported_chunks() const;
  void create_subdirectories() const;

  RunProgress scan() const;
  // Removes temporary files a killed writer left and settles pending records.
  Recovery recover() const;

 private:
  std::filesystem::path root_;
};

// "0042".
std::string generation_name(std::int64_t generation);

}  // namespace bh
