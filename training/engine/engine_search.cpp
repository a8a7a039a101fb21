// engine_search.cpp — the search loop of the engine thread: batches of leaves through one
// evaluator, limits checked between batches, progress reports, a clean stop.
#include "training/engine/engine_search.h"

#include <algorithm>
#include <cassert>
#include <cmath>
#include <exception>

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

// The engine's search keeps its tree across the slices of one decision (engine_search.cpp).
SearchConfig with_reuse(SearchConfig config) {
  config.reuse_tree = true;
  return config;
}

std::int64_t elapsed_ms(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - start).count();
}

}  // namespace

EngineSearch::EngineSearch(Evaluator& evaluator, const SearchConfig& config, std::size_t cache_mib)
    : cache_(evaluator, {cache_mib * kCacheEntriesPerMib}),
      search_(with_reuse(config)),
      batch_(std::max(1, config.max_leaves_per_tree)) {}

void EngineSearch::set_cache_mib(std::size_t mib) {
  assert(!running());
  cache_.resize(mib * kCacheEntriesPerMib);
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
  info.nps = info.time_ms > 0 ? std::uint64_t(double(info.nodes) * 1000.0 / double(info.time_ms)) : info.nodes * 1000;
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

void EngineSearch::search(const GameState& root, const SearchLimits& limits, const Report& report, TimePoint start) {
  // Every decision starts from a fresh tree: a kept one was built under another turn
  // model or other clocks (Search::start would take it for the same decision).
  search_.reset();
  cache_.reset_stats();
  seldepth_ = 0;
  // The budget is handed to the search in slices: a simulation that ends in a finished
  // match never leaves collect(), and a tree of such lines (a side that only sits until
  // it flags) could run a whole budget of them between two looks at the clock.
  const std::int64_t limit = limits.visits > 0 ? std::min(limits.visits, kMaxEngineVisits) : kMaxEngineVisits;
  constexpr std::int64_t kSlice = 256;
  SearchParams params;
  params.visits = int(std::min(limit, kSlice));
  search_.start(root, params);
  auto last_report = start;
  for (;;) {
    const Node& top = search_.tree().root();
    if (top.status == NodeStatus::Expanded) {
      if (stop_ || (limits.time_ms > 0 && elapsed_ms(start) >= limits.time_ms)) return;
      if (search_.done()) {
        if (std::int64_t(top.visits) < limit) {  // the next slice
          params.visits = int(std::min(limit, std::int64_t(top.visits) + kSlice));
          search_.start(root, params);
          continue;
        }
        if (limits.infinite) wait_for_stop();  // UCI: the best move only after `stop`
        return;
      }
    }
    if (!evaluate_batch()) {
      if (search_.done()) continue;  // simulations ended in finished matches only
      return;                        // nothing more can be searched
    }
    const auto now = std::chrono::steady_clock::now();
    if (now - last_report >= report_every_) {
      last_report = now;
      report(snapshot(start));
    }
  }
}

bool EngineSearch::evaluate_batch() {
  const int per_call = std::min(search_.config().max_leaves_per_tree, batch_.capacity());
  batch_.clear();
  for (int i = 0; i < per_call; ++i)
    if (!search_.collect(batch_, 0)) break;
  if (batch_.empty()) return false;
  batch_.evaluate(cache_);
  for (int i = 0; i < batch_.size(); ++i) {
    // Selective depth: the deepest leaf evaluated (a walk over the tree at every report
    // would cost more than the search itself on big trees).
    seldepth_ = std::max(seldepth_, int(batch_.leaf(i).path.size()) - 1);
    search_.finish(batch_.leaf(i), batch_.result(i));
  }
  return true;
}

void EngineSearch::wait_for_stop() {
  std::unique_lock lock(mutex_);
  stopped_.wait(lock, [&] { return stop_.load(); });
}

SearchInfo EngineSearch::final_info(const GameState& root, TimePoint start, const std::string& error) const {
  SearchInfo final;
  if (search_.tree().root().status == NodeStatus::Expanded && error.empty()) {
    final = snapshot(start);
    final.result = search_.result();
    final.best = final.result.best;
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
