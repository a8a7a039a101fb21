// engine_search.h — the search of the engine protocols (UCI, CECP): one decision searched
// on a thread of its own, so the protocol loop keeps answering `isready`, `stop` and
// `ping` while it runs. Limits: visits, a time budget, or until stopped (UCI `infinite`).
// Every decision is searched from a fresh tree. Progress is reported as SearchInfo (depth, visits, speed, value, principal variation)
// about once a second and once at the end; the final report carries the chosen action.
//
// One EngineSearch runs one search at a time; the evaluator is called only from the
// search thread (mcts/evaluator.h's contract), so a TorchEvaluator needs no lock.
#pragma once

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <mutex>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "mcts/eval_cache.h"
#include "mcts/evaluator.h"
#include "mcts/game_state.h"
#include "mcts/search.h"
#include "mcts/search_config.h"

namespace bh {

struct SearchLimits {
  std::int64_t visits = 0;   // root visits to reach; 0 = no visit limit
  std::int64_t time_ms = 0;  // wall-clock budget; 0 = none
  bool infinite = false;     // go on until stop() (the final report only after it)
};

// Evaluation-cache slots per MiB (a slot with its priors takes about 250 bytes).
inline constexpr std::size_t kCacheEntriesPerMib = 4096;

// The most visits one search may reach: it bounds the tree's memory (about 100 bytes a
// visit with its edges) whatever the host asks for.
inline constexpr std::int64_t kMaxEngineVisits = 2'000'000;

struct SearchInfo {
  int depth = 0;             // length of the principal variation
  int seldepth = 0;          // deepest leaf the search evaluated (at least depth)
  std::uint64_t nodes = 0;   // root visits
  std::int64_t time_ms = 0;
  std::uint64_t nps = 0;
  float value = 0;           // for the deciding seat's team, in [-1, 1]
  std::vector<std::pair<BoardId, Move>> pv;  // the most visited line (both boards, waits included);
                                             // through a proven win, the winning line
  int mate = 0;              // a proven end on the pv: +N the seat's team wins with its Nth action
                             // on it, -N the other team with its Nth; 0 when nothing is proven
  Seat seat = AWhite;        // the deciding seat
  bool final = false;
  Move best;                 // final: the action chosen (a move, or Move::wait())
  SearchResult result;       // final: the root's statistics
  std::string error;         // final: why the search failed (then `best` is a fallback)
  EvalCacheStats cache;      // this search's lookups and hits in the evaluation cache, its fill
};

// Centipawns for a value in [-1, 1] (the tangent map Leela Chess Zero uses), capped.
int value_to_centipawns(float value);

// The principal variation of an expanded `tree` from the root and its proven distance
// (SearchInfo's pv and mate): a won node follows a winning action (one that ends the
// match at once first), any other node its most visited child.
void principal_variation(const Tree& tree, SearchInfo& info);

class EngineSearch {
 public:
  using Report = std::function<void(const SearchInfo&)>;

  // `evaluator` must outlive this object. Its results are cached (mcts/eval_cache.h)
  // across the engine's decisions: `cache_mib` MiB, 0 for none.
  EngineSearch(Evaluator& evaluator, const SearchConfig& config, std::size_t cache_mib = 64);
  ~EngineSearch();  // stops and joins a running search
  EngineSearch(const EngineSearch&) = delete;
  EngineSearch& operator=(const EngineSearch&) = delete;

  // Starts searching `root` (a decision, not over) on the search thread; an earlier search
  // must be finished (wait()). `report` is called on the search thread: with progress,
  // and exactly once with final = true.
  void start(const GameState& root, const SearchLimits& limits, Report report);
  // Asks the running search to finish now; returns at once. Safe from any thread.
  void stop();
  // Blocks until the running search (if any) has made its final report.
  void wait();
  bool running() const { return running_.load(); }

  // Empties the evaluation cache and sets its size (UCI `Hash`); not while searching.
  void set_cache_mib(std::size_t mib);

  // How often progress is reported (tests shorten it).
  void set_report_interval(std::chrono::milliseconds every) { report_every_ = every; }

 private:
  using TimePoint = std::chrono::steady_clock::time_point;
  void run(GameState root, SearchLimits limits, Report report);
  // The search proper, until a limit, a stop or the end of the tree; throws what the
  // evaluator throws.
  void search(const GameState& root, const SearchLimits& limits, const Report& report, TimePoint start);
  // One batch of leaves collected, evaluated and backed up; false when none was collected.
  bool evaluate_batch();
  // An infinite search (UCI) waits for `stop` before its final report.
  void wait_for_stop();
  // The final report: the search's result, or the first legal action when it failed.
  SearchInfo final_info(const GameState& root, TimePoint start, const std::string& error) const;
  SearchInfo snapshot(TimePoint start) const;
  int seldepth_ = 0;  // deepest leaf evaluated in this search (search thread only)

  EvalCache cache_;  // in front of the evaluator
  Search search_;
  LeafBatch batch_;
  std::thread thread_;
  std::atomic<bool> running_{false};
  std::atomic<bool> stop_{false};
  std::mutex mutex_;                 // guards the stop wake-up of an infinite search
  std::condition_variable stopped_;
  std::chrono::milliseconds report_every_{1000};
};

}  // namespace bh
