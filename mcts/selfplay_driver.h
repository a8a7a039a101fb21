// selfplay_driver.h — the one self-play driver: `bughouse train`, `bughouse selfplay` and
// `bughouse worker` all play through drive_selfplay. It runs mcts/selfplay.h's workers on
// a thread of their own while the calling thread answers Ctrl-C, shows progress and lets
// the output do work that belongs on one thread (publishing to a broker).
//
// Where finished matches go is a MatchOutput: files in a directory (RunFilesOutput: chunks
// and BPGN records, mcts/selfplay_writer.h), or a broker's stream (training/broker_output.h).
// Both gather each worker's matches into chunks of [selfplay] matches_per_chunk.
#pragma once

#include <cstdint>
#include <filesystem>
#include <functional>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "mcts/selfplay.h"
#include "mcts/selfplay_writer.h"
#include "core/platform/interrupt.h"

namespace bh {

class MatchOutput {
 public:
  virtual ~MatchOutput() = default;
  // Called on the thread of worker `worker` only (one destination per worker: no lock).
  virtual void add(int worker, FinishedMatch&& match) = 0;
  // Called on the driving thread between waits, while the workers play.
  virtual void tick() {}
  // Called on the driving thread after the run: writes or sends what is still queued.
  virtual void finish() = 0;
  // Chunks written or sent so far.
  virtual int chunks() const = 0;
};

// chunks/ and games/ of a directory, one SelfPlayWriter per worker (files <stem>-wW-NNNNNN).
class RunFilesOutput final : public MatchOutput {
 public:
  // `stem_of(worker)` names each worker's files; `provenance` goes into every chunk header.
  RunFilesOutput(const std::filesystem::path& dir, int workers, int matches_per_chunk,
                 const std::function<std::string(int worker)>& stem_of,
                 const std::vector<std::pair<std::string, std::string>>& tags, ChunkProvenance provenance = {});
  void add(int worker, FinishedMatch&& match) override;
  void finish() override;
  int chunks() const override;

 private:
  std::vector<std::unique_ptr<SelfPlayWriter>> writers_;
};

// Called on the driving thread about five times a second with the live counters and the
// seconds since the start.
using SelfPlayProgress = std::function<void(const SelfPlayCounters& counters, double seconds)>;

struct SelfPlayOutcome {
  bool finished = false;  // false: stopped by Ctrl-C/SIGTERM before all matches were played
  double seconds = 0;
};

// Plays `matches` matches of `play` into `output`. A first Ctrl-C/SIGTERM stops it: finished
// matches are kept (finish() writes them), matches in progress are dropped. Rethrows what a
// worker or the output throws.
SelfPlayOutcome drive_selfplay(SelfPlay& play, std::int64_t matches, MatchOutput& output, InterruptWatch& interrupt,
                               const SelfPlayProgress& progress);

}  // namespace bh
