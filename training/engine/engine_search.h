// engine_search.h — the search of the engine protocols (UCI, CECP): one decision searched
// on threads of its own, so the protocol loop keeps answering `isready`, `stop` and
// `ping` while it runs. Limits: visits, a time budget, or until stopped (UCI `infinite`).
// Every decision is searched from a fresh tree. Progress is reported as SearchInfo (depth, visits, speed, value, principal variation)
// about once a second and once at the end; the final report carries the chosen action.
//
// Threads (UCI `Threads`): every search thread works on the one tree, each with its own
// network evaluator and batch of leaves (nn/README.md "Threads": independent
// single-thread evaluators beat one shared multi-thread one). A thread takes the tree's
// lock to collect leaves (virtual loss steers the threads apart) and to back them up,
// and evaluates without it; the evaluation cache is shared.
#pragma once

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <exception>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "mcts/eval_cache.h"
#include "mcts/evaluator.h"
#include "mcts/game_state.h"
#include "mcts/leaf_batch.h"
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

// The most search threads an engine runs.
inline constexpr int kMaxSearchThreads = 256;

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
  std::uint64_t kept = 0;    // root visits kept from the engine's previous search (in nodes;
                             // nps counts only this search's own)
};

// Centipawns for a value in [-1, 1] (the tangent map Leela Chess Zero uses), capped.
int value_to_centipawns(float value);

// Whether `seat` can afford to sit at match time t (core/RULES.md "Clocks": a player can
// sit while its clock is ahead of its partner's opponent's, who would flag first): its clock
// not behind that one's and above a floor (kWaitFloorMs, or a tenth of the starting time if
// more) left to move on with. Untimed: never (there is no wait).
bool can_afford_wait(const Match& match, Seat seat, std::int64_t t);
// The seat whose clock a seat's time is weighed against: its partner's opponent.
constexpr Seat partners_opponent(Seat s) { return make_seat(other(board_of(s)), color_of(s)); }
inline constexpr std::int64_t kWaitFloorMs = 2'000;

// The engine's action from a search's result: its choice, except a wait the seat cannot
// afford, which becomes the most visited move (a stuck seat, with no move, still waits).
// A search with a weak net may rate sitting best until its own clock runs out.
Move affordable_action(const GameState& root, const SearchResult& result);

// The principal variation of an expanded `tree` from the root and its proven distance
// (SearchInfo's pv and mate): a won node follows a winning action (one that ends the
// match at once first), any other node its most visited child.
void principal_variation(const Tree& tree, SearchInfo& info);

class EngineSearch {
 public:
  using Report = std::function<void(const SearchInfo&)>;

  // Makes one more evaluator of the same network, for another search thread.
  using EvaluatorMaker = std::function<std::unique_ptr<Evaluator>()>;

  // `evaluator` (the first thread's) must outlive this object. Results are cached
  // (mcts/eval_cache.h) across the engine's decisions: `cache_mib` MiB, 0 for none.
  // `more` makes the evaluators of further threads (set_threads); none: one thread only.
  EngineSearch(Evaluator& evaluator, const SearchConfig& config, std::size_t cache_mib = 64,
               EvaluatorMaker more = {});
  ~EngineSearch();  // stops and joins a running search
  EngineSearch(const EngineSearch&) = delete;
  EngineSearch& operator=(const EngineSearch&) = delete;

  // Starts searching `root` (a decision, not over) on the search thread; an earlier search
  // must be finished (wait()). `report` is called on the search thread: with progress,
  // and exactly once with final = true.
  void start(const GameState& root, const SearchLimits& limits, Report report);
  // Before start(): `root` continues the previous search's root by `played` (each seat's
  // action, in the order the match saw them) under the same rules, clocks' kind and turn
  // model, so that search's tree may be kept (mcts/README.md "Tree reuse and timelines":
  // kept only where the tree's own order of the boards' turns was the real one). Without
  // this call every search starts from a fresh tree.
  void continue_along(std::vector<std::pair<Seat, Move>> played);
  // Asks the running search to finish now; returns at once. Safe from any thread.
  void stop();
  // Blocks until the running search (if any) has made its final report.
  void wait();
  bool running() const { return running_.load(); }

  // Empties the evaluation cache and sets its size (UCI `Hash`); not while searching.
  void set_cache_mib(std::size_t mib);
  // Search threads (UCI `Threads`), 1 .. kMaxSearchThreads; not while searching. Throws
  // std::invalid_argument beyond 1 when no EvaluatorMaker was given.
  void set_threads(int threads);
  int threads() const { return int(lanes_.size()); }
  // The lazy network's threshold (UCI `NetVisits`, SearchConfig::net_visits); forgets the
  // tree. Not while searching; throws std::invalid_argument out of range.
  void set_net_visits(int net_visits);

  // How often progress is reported (tests shorten it).
  void set_report_interval(std::chrono::milliseconds every) { report_every_ = every; }

 private:
  using TimePoint = std::chrono::steady_clock::time_point;
  void run(GameState root, SearchLimits limits, Report report);
  // The search proper, until a limit, a stop or the end of the tree; throws what the
  // evaluator throws.
  void search(const GameState& root, const SearchLimits& limits, const Report& report, TimePoint start);
  // Reuses or resets the tree and starts the first slice of the budget; the budget's visits.
  std::int64_t begin(const GameState& root, const SearchLimits& limits, SearchParams& params);
  // What the search thread does next, decided under the tree's lock (a finished slice
  // below the budget starts the next one).
  enum class Next { Step, Stop, WaitForStop };
  Next next(const GameState& root, const SearchLimits& limits, std::int64_t limit, SearchParams& params,
            TimePoint start);
  // One batch on the search thread; false when nothing more can be searched.
  bool main_step();
  // One search thread's own means: its evaluator (through the shared cache) and batch.
  struct Lane {
    std::unique_ptr<Evaluator> owned;  // threads after the first own their evaluator
    CachedEvaluator evaluator;
    LeafBatch batch;
  };
  std::unique_ptr<Lane> make_lane(Evaluator& evaluator, std::unique_ptr<Evaluator> owned);
  // One batch of leaves collected, evaluated and backed up by `lane`; false when none was
  // collected (the budget is reached, or every leaf to take is in another batch).
  bool step(Lane& lane);
  // The search of a further thread: steps until `finished`; an error ends the search.
  void help(Lane& lane, const std::atomic<bool>& finished);
  // An infinite search (UCI) waits for `stop` before its final report.
  void wait_for_stop();
  // The final report: the search's result, or the first legal action when it failed.
  SearchInfo final_info(const GameState& root, TimePoint start, const std::string& error) const;
  SearchInfo snapshot(TimePoint start) const;  // with tree_mutex_ held, or no other thread
  int seldepth_ = 0;  // deepest leaf evaluated in this search (under tree_mutex_)
  std::optional<std::vector<std::pair<Seat, Move>>> follow_;  // continue_along()'s path, for the next search
  std::uint64_t kept_ = 0;  // root visits the current search kept

  SearchConfig config_;
  EvaluatorMaker more_;
  EvalCache cache_;  // in front of every lane's evaluator
  Search search_;    // under tree_mutex_ while helpers run
  std::mutex tree_mutex_;
  std::vector<std::unique_ptr<Lane>> lanes_;
  std::exception_ptr helper_error_;  // the first error of a further thread (under tree_mutex_)
  std::thread thread_;
  std::atomic<bool> running_{false};
  std::atomic<bool> stop_{false};
  std::mutex mutex_;                 // guards the stop wake-up of an infinite search
  std::condition_variable stopped_;
  std::chrono::milliseconds report_every_{1000};
};

}  // namespace bh
