// selfplay.h — the self-play generator (training/loop/README.md "Data flow"): TBB runs one worker per
// core; each worker owns one Evaluator (made by the factory on the worker's own thread),
// advances many matches at once, gathers leaves from all their trees (several per tree
// with virtual loss) into one batch, and calls its evaluator once per batch. No locks
// around the network. Finished matches go to a sink, called on the worker's thread.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>

#include "mcts/evaluator.h"
#include "mcts/selfplay_counters.h"
#include "mcts/selfplay_config.h"
#include "mcts/selfplay_match.h"

namespace bh {

// Makes the evaluator of worker `worker` (0-based); called once per worker, on its thread.
using EvaluatorFactory = std::function<std::unique_ptr<Evaluator>(int worker)>;
// Receives each finished match on the thread of the worker that played it.
using MatchSink = std::function<void(int worker, FinishedMatch&& match)>;

class SelfPlay {
 public:
  // Throws std::invalid_argument when the configuration is out of range.
  SelfPlay(const SelfPlayConfig& config, EvaluatorFactory factory);

  int workers() const { return workers_; }
  const SelfPlayConfig& config() const { return config_; }
  const SelfPlayCounters& counters() const { return counters_; }

  // Plays matches 0 .. games-1 and returns when all are finished, or soon after *stop
  // becomes true (matches still being played are dropped; the sink has every finished
  // one). An exception in a worker (evaluator, sink) stops the others and is rethrown.
  void run(std::int64_t games, const MatchSink& sink, const std::atomic<bool>* stop = nullptr);
  // run() on a thread of its own, while the calling thread calls `tick` over and over
  // until the run ends (progress lines, publishing, watching for Ctrl-C; tick should wait
  // a little each time). When tick returns true the run is asked to stop. Rethrows a
  // worker's exception. Returns false when it was stopped, true when all games finished.
  bool run_watched(std::int64_t games, const MatchSink& sink, const std::function<bool()>& tick);

 private:
  void work(int worker, std::int64_t games, const MatchSink& sink, const std::atomic<bool>* stop);

  SelfPlayConfig config_;
  EvaluatorFactory factory_;
  int workers_ = 1;
  SelfPlayCounters counters_;
  std::atomic<std::int64_t> next_match_{0};
  std::atomic<bool> failed_{false};
};

}  // namespace bh
