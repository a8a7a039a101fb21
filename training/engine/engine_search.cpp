// engine_search.cpp — the search loop of the engine thread: batches of leaves through one
// evaluator, limits checked between batches, progress reports, a clean stop.
#include "training/engine/engine_search.h"

#include <algorithm>
#include <cassert>
#include <cmath>
#include <exception>
#include <stdexcept>
#include <string>

#include "mcts/solver.h"

namespace bh {

int value_to_centipawns(float value) {
  const double v = std::clamp(double(value), -0.999, 0.999);
  return int(std::lround(std::clamp(111.714640912 * std::tan(1.5620688421 * v), -20000.0, 20000.0)));
}

namespace {

// The child to follow from Expanded node n: a winning action where n is won, else the
// most visited child; -1 when no child was visited.
int pv_edge(const Tree& tree, NodeIndex n) {
  if (const int won = winning_edge(tree, n); won >= 0) return won;
  const Node& node = tree.node(n);
  int best = -1;
  std::uint32_t most = 0;
  for (std::uint32_t i = 0; i < node.num_edges; ++i) {
    const Edge& e = tree.edge(node.first_edge + i);
    if (e.child != kNoChild && tree.node(e.child).visits > most) most = tree.node(e.child).visits, best = int(i);
  }
  return best;
}

}  // namespace

void principal_variation(const Tree& tree, SearchInfo& info) {
  const Team us = team_of(tree.root().decider);
  const Proof root_proof = node_proof(tree, kRoot);
  int ours = 0, theirs = 0;
  for (NodeIndex n = kRoot;;) {
    const Node& node = tree.node(n);
    if (node.status != NodeStatus::Expanded) break;
    const int best = pv_edge(tree, n);
    if (best < 0) break;
    const Edge& e = tree.edge(node.first_edge + std::uint32_t(best));
    info.pv.emplace_back(board_of(node.decider), e.move);
    ++(team_of(node.decider) == us ? ours : theirs);
    // The line ends in a won action (this one, or the next decider's mate in one, which the
    // tree proves without making it); it is forced when the root is proven the same way.
    Seat winner = node.decider;
    bool ends = ends_match(tree, e) && e.proof == Proof::Win;
    if (!ends && e.child != kNoChild && tree.node(e.child).status == NodeStatus::Mating) {
      winner = tree.node(e.child).decider;
      ++(team_of(winner) == us ? ours : theirs);
      ends = true;
    }
    if (ends) {
      if (team_of(winner) == us && root_proof == Proof::Win) info.mate = ours;
      if (team_of(winner) != us && root_proof == Proof::Loss) info.mate = -theirs;
      break;
    }
    if (e.child == kNoChild) break;
    n = e.child;
  }
}

namespace {

// The further search threads of one search: stopped and joined when it ends (by an
// exception too), so no thread outlives the search it helps.
struct Helpers {
  std::atomic<bool> finished{false};
  std::vector<std::thread> threads;
  ~Helpers() { stop(); }
  void stop() {
    finished = true;
    for (std::thread& t : threads) t.join();
    threads.clear();
  }
};

// The engine's search keeps its tree across the slices of one decision (engine_search.cpp).
SearchConfig with_reuse(SearchConfig config) {
  config.reuse_tree = true;
  return config;
}

std::int64_t elapsed_ms(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - start).count();
}

}  // namespace

EngineSearch::EngineSearch(Evaluator& evaluator, const SearchConfig& config, std::size_t cache_mib,
                           EvaluatorMaker more)
    : config_(config), more_(std::move(more)), cache_({cache_mib * kCacheEntriesPerMib}), search_(with_reuse(config)) {
  lanes_.push_back(make_lane(evaluator, nullptr));
}

std::unique_ptr<EngineSearch::Lane> EngineSearch::make_lane(Evaluator& evaluator, std::unique_ptr<Evaluator> owned) {
  return std::unique_ptr<Lane>(new Lane{std::move(owned), CachedEvaluator(cache_, evaluator),
                                        LeafBatch(std::max(1, config_.max_leaves_per_tree))});
}

void EngineSearch::set_cache_mib(std::size_t mib) {
  assert(!running());
  cache_.resize(mib * kCacheEntriesPerMib);
}

void EngineSearch::set_net_visits(int net_visits) {
  assert(!running());
  SearchConfig config = config_;
  config.net_visits = net_visits;
  search_ = Search(with_reuse(config));  // validates
  config_ = config;
  follow_.reset();
}

void EngineSearch::set_threads(int threads) {
  assert(!running());
  if (threads < 1 || threads > kMaxSearchThreads)
    throw std::invalid_argument("threads must be 1.." + std::to_string(kMaxSearchThreads));
  if (threads > 1 && !more_) throw std::invalid_argument("this evaluator cannot be copied for more search threads");
  lanes_.resize(std::min<std::size_t>(lanes_.size(), std::size_t(threads)));
  while (int(lanes_.size()) < threads) {
    std::unique_ptr<Evaluator> evaluator = more_();
    Evaluator& ref = *evaluator;
    lanes_.push_back(make_lane(ref, std::move(evaluator)));
  }
}

EngineSearch::~EngineSearch() {
  stop();
  wait();
}

void EngineSearch::start(const GameState& root, const SearchLimits& limits, Report report) {
  assert(!running_);
  if (thread_.joinable()) thread_.join();
  stop_ = false;
  running_ = true;
  thread_ = std::thread([this, root, limits, report = std::move(report)]() mutable {
    run(std::move(root), limits, std::move(report));
  });
}

void EngineSearch::continue_along(std::vector<std::pair<Seat, Move>> played) {
  assert(!running_);
  follow_ = std::move(played);
}

void EngineSearch::stop() {
  {
    std::lock_guard lock(mutex_);
    stop_ = true;
  }
  stopped_.notify_all();
}

void EngineSearch::wait() {
  if (thread_.joinable()) thread_.join();
}

SearchInfo EngineSearch::snapshot(std::chrono::steady_clock::time_point start) const {
  SearchInfo info;
  const Tree& tree = search_.tree();
  const Node& root = tree.root();
  info.time_ms = std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - start).count();
  info.nodes = root.visits;
  info.kept = std::min<std::uint64_t>(kept_, root.visits);
  const double searched = double(info.nodes - info.kept);
  info.nps = info.time_ms > 0 ? std::uint64_t(searched * 1000.0 / double(info.time_ms)) : std::uint64_t(searched * 1000);
  info.seat = root.decider;
  info.cache = cache_.stats();
  if (root.status != NodeStatus::Expanded) return info;
  info.value = float(root.q());
  principal_variation(tree, info);
  info.depth = int(info.pv.size());
  info.seldepth = std::max(seldepth_, info.depth);
  return info;
}

void EngineSearch::run(GameState root, SearchLimits limits, Report report) {
  const auto start = std::chrono::steady_clock::now();
  std::string error;
  try {
    search(root, limits, report, start);
  } catch (const std::exception& e) {
    error = e.what();
  }
  report(final_info(root, start, error));
  running_ = false;
}

// The budget is handed to the search in slices: a simulation that ends in a finished match
// never leaves collect(), and a tree of such lines (a side that only sits until it flags)
// could run a whole budget of them between two looks at the clock.
constexpr std::int64_t kSlice = 256;

std::int64_t EngineSearch::begin(const GameState& root, const SearchLimits& limits, SearchParams& params) {
  // A fresh tree, unless the caller vouched that this root continues the last one
  // (continue_along): then the tree follows the actions played, and Search::start keeps
  // it when it arrives at this very decision.
  if (follow_) {
    for (auto [seat, move] : *follow_) search_.advance(seat, move);
    follow_.reset();
  } else {
    search_.reset();
  }
  cache_.reset_stats();
  seldepth_ = 0;
  helper_error_ = nullptr;
  const std::int64_t limit = limits.visits > 0 ? std::min(limits.visits, kMaxEngineVisits) : kMaxEngineVisits;
  params.visits = int(std::min(limit, kSlice));
  search_.start(root, params);
  kept_ = search_.tree().root().status == NodeStatus::Expanded ? search_.tree().root().visits : 0;
  return limit;
}

EngineSearch::Next EngineSearch::next(const GameState& root, const SearchLimits& limits, std::int64_t limit,
                                      SearchParams& params, TimePoint start) {
  std::lock_guard lock(tree_mutex_);
  for (;;) {
    const Node& top = search_.tree().root();
    if (helper_error_) return Next::Stop;
    if (top.status != NodeStatus::Expanded) return Next::Step;
    if (stop_ || (limits.time_ms > 0 && elapsed_ms(start) >= limits.time_ms)) return Next::Stop;
    if (!search_.done()) return Next::Step;  // something in flight in some thread
    if (std::int64_t(top.visits) >= limit) return limits.infinite ? Next::WaitForStop : Next::Stop;
    params.visits = int(std::min(limit, std::int64_t(top.visits) + kSlice));  // the next slice
    search_.start(root, params);
  }
}

bool EngineSearch::main_step() {
  if (step(*lanes_[0])) return true;
  {
    std::lock_guard lock(tree_mutex_);
    if (search_.done()) return true;                           // simulations ended in finished matches only
    if (search_.tree().root().in_flight == 0) return false;   // nothing more can be searched
  }
  std::this_thread::yield();  // blocked behind the other threads' leaves
  return true;
}

void EngineSearch::search(const GameState& root, const SearchLimits& limits, const Report& report, TimePoint start) {
  SearchParams params;
  const std::int64_t limit = begin(root, limits, params);
  Helpers helpers;  // joined when the search ends, by an exception too
  for (std::size_t i = 1; i < lanes_.size(); ++i)
    helpers.threads.emplace_back([this, i, &helpers] { help(*lanes_[i], helpers.finished); });
  auto last_report = start;
  Next action = Next::Step;
  while ((action = next(root, limits, limit, params, start)) == Next::Step && main_step()) {
    const auto now = std::chrono::steady_clock::now();
    if (now - last_report < report_every_) continue;
    last_report = now;
    SearchInfo info;
    {
      std::lock_guard lock(tree_mutex_);
      info = snapshot(start);
    }
    report(info);
  }
  helpers.stop();
  if (helper_error_) std::rethrow_exception(helper_error_);
  if (action == Next::WaitForStop) wait_for_stop();  // UCI: the best move only after `stop`
}

bool EngineSearch::step(Lane& lane) {
  lane.batch.clear();
  {
    std::lock_guard lock(tree_mutex_);
    const int per_call = std::min(search_.config().max_leaves_per_tree, lane.batch.capacity());
    for (int i = 0; i < per_call; ++i)
      if (!search_.collect(lane.batch, 0)) break;
  }
  if (lane.batch.empty()) return false;
  lane.batch.evaluate(lane.evaluator);
  std::lock_guard lock(tree_mutex_);
  for (int i = 0; i < lane.batch.size(); ++i) {
    // Selective depth: the deepest leaf evaluated (a walk over the tree at every report
    // would cost more than the search itself on big trees).
    seldepth_ = std::max(seldepth_, int(lane.batch.leaf(i).path.size()) - 1);
    search_.finish(lane.batch.leaf(i), lane.batch.result(i));
  }
  return true;
}

void EngineSearch::help(Lane& lane, const std::atomic<bool>& finished) {
  try {
    while (!finished)
      if (!step(lane)) std::this_thread::sleep_for(std::chrono::microseconds(50));  // the budget is reached or blocked
  } catch (...) {
    std::lock_guard lock(tree_mutex_);
    if (!helper_error_) helper_error_ = std::current_exception();
  }
}

void EngineSearch::wait_for_stop() {
  std::unique_lock lock(mutex_);
  stopped_.wait(lock, [&] { return stop_.load(); });
}

bool can_afford_wait(const Match& match, Seat seat, std::int64_t t) {
  if (!match.time_control().timed()) return false;
  const std::int64_t own = match.remaining(seat, t);
  const std::int64_t floor = std::max(kWaitFloorMs, match.time_control().initial_ms / 10);
  return own > floor && own >= match.remaining(partners_opponent(seat), t);
}

Move affordable_action(const GameState& root, const SearchResult& result) {
  if (!result.best.is_wait() || can_afford_wait(root.match(), root.decider(), root.time())) return result.best;
  const ChildStat* move = nullptr;  // the most visited move (every move is among the children)
  for (const ChildStat& c : result.children)
    if (!c.move.is_wait() && (!move || c.visits > move->visits)) move = &c;
  return move ? move->move : result.best;
}

SearchInfo EngineSearch::final_info(const GameState& root, TimePoint start, const std::string& error) const {
  SearchInfo final;
  if (search_.tree().root().status == NodeStatus::Expanded && error.empty()) {
    final = snapshot(start);
    final.result = search_.result();
    final.best = affordable_action(root, final.result);
  } else {
    // No search result (the evaluator failed): the first legal action keeps the host going.
    final.seat = root.decider();
    MoveList actions = root.actions();
    final.best = actions.empty() ? Move::none() : actions.moves[0];
    final.time_ms = elapsed_ms(start);
  }
  final.final = true;
  final.error = error;
  return final;
}

}  // namespace bh
