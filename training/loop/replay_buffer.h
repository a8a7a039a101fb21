// replay_buffer.h — the training window: the most recent self-play samples, read from the
// chunk files of a run directory (mcts/chunk.h). The window grows with the run (KataGo,
// lc0): window_min samples at first, then window_min + growth x (samples beyond it), up to
// window_max. Draws are uniform over the window or weighted towards the newest samples.
// A corrupt or truncated chunk is skipped with a warning naming the file; the run goes on.
#pragma once

#include <cstdint>
#include <deque>
#include <filesystem>
#include <set>
#include <string>
#include <vector>

#include "mcts/chunk.h"
#include "mcts/rng.h"

namespace bh {

struct WindowSettings {
  std::int64_t min = 20'000;
  std::int64_t max = 500'000;
  double growth = 0.5;
  // The window for a run that has produced `total` samples so far.
  std::int64_t size_for(std::int64_t total) const;
};

class ReplayBuffer {
 public:
  explicit ReplayBuffer(WindowSettings window) : window_(window) {}

  struct Refresh {
    int files = 0;                      // new chunk files read
    std::int64_t samples = 0;           // samples they held
    std::vector<std::string> warnings;  // one per skipped file, naming it and why
  };
  // Reads the chunk files in `dir` not read before, in the order the run made them (by the
  // generation in each header: chunks from outside the run first; within a generation a
  // broker's stream entries after the rest and in stream order, the rest by name), then
  // trims the window. Files older than the window can hold are counted from their headers
  // and not decoded (a resume), so a resumed run's window is the one a fresh run had.
  Refresh refresh(const std::filesystem::path& dir);
  // Adds samples directly (tests; the broker's ingest), then trims the window.
  void add(std::vector<Sample> samples);

  std::size_t size() const { return samples_.size(); }
  std::int64_t total_seen() const { return total_; }
  std::int64_t window() const { return window_.size_for(total_); }
  const Sample& at(std::size_t i) const { return samples_[i]; }  // 0 = oldest

  // n samples drawn with replacement: uniformly when recency == 0, otherwise with density
  // proportional to exp(recency x position), position 0 = oldest .. 1 = newest.
  std::vector<const Sample*> draw(std::size_t n, Rng& rng, double recency = 0) const;

 private:
  // A file of refresh(): counted from its header (older than the window) or decoded.
  void take_file(const std::filesystem::path& file, std::int64_t count, bool decode, Refresh& r);
  void trim();

  WindowSettings window_;
  std::deque<Sample> samples_;
  std::set<std::string> seen_;  // file names already read (or skipped)
  std::int64_t total_ = 0;
};

}  // namespace bh
