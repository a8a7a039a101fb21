// Specification of the engines' search (training/engine/engine_search.h) with several
// threads on one tree: the visit budget is met exactly, every thread's evaluator works,
// a hand-worked mate in one is still found and reported, the evaluation cache is shared,
// and a thread whose network fails ends the search with that error and a legal fallback.
#include <gtest/gtest.h>

#include <atomic>
#include <future>
#include <chrono>
#include <stdexcept>
#include <thread>

#include "core/bfen.h"
#include "core/fen.h"
#include "core/notation.h"
#include "mcts/simple_evaluators.h"
#include "training/engine/engine_search.h"

namespace bh {
namespace {

// Counts its calls (from any thread) and can be told to fail, or to wait from its second
// call on until another evaluator has been called (so that a test sees the other threads
// work however the scheduler runs them; the root's call, first, never waits).
class CountedEvaluator final : public Evaluator {
 public:
  explicit CountedEvaluator(std::atomic<int>& calls, bool fail = false, bool wait_for_others = false)
      : calls_(calls), fail_(fail), wait_(wait_for_others) {}
  void evaluate(std::span<const EvalRequest> batch, std::span<Evaluation> out) override {
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(20);
    while (wait_ && mine > 0 && calls_ == mine && std::chrono::steady_clock::now() < deadline)
      std::this_thread::sleep_for(std::chrono::milliseconds(1));
    ++calls_;
    ++mine;
    requests += int(batch.size());
    if (fail_) throw std::runtime_error("network failed");
    material_.evaluate(batch, out);
  }
  std::string name() const override { return "counted"; }
  std::atomic<int> mine{0};      // calls to this one
  std::atomic<int> requests{0};  // positions asked of this one

 private:
  std::atomic<int>& calls_;
  bool fail_, wait_;
  MaterialEvaluator material_;
};

// Runs one search to its final report.
SearchInfo search_once(EngineSearch& search, const GameState& root, SearchLimits limits) {
  std::promise<SearchInfo> final;
  search.start(root, limits, [&](const SearchInfo& info) {
    if (info.final) final.set_value(info);
  });
  SearchInfo info = final.get_future().get();
  search.wait();
  return info;
}

GameState root_of(std::string_view fen_a) {
  const Match match = match_from_bfen(std::string(fen_a) + " | " + to_fen(Board()), RuleSet{}, TimeControl::untimed());
  return GameState::at_decision(match, make_seat(BoardA, match.board(BoardA).side_to_move()), 0, TurnModel{});
}

TEST(EngineSearch, FourThreadsShareOneTreeAndMeetTheBudgetExactly) {
  std::atomic<int> calls{0};
  CountedEvaluator first(calls, false, true);
  std::vector<CountedEvaluator*> made;
  EngineSearch search(first, SearchConfig{}, 1, [&] {
    auto e = std::make_unique<CountedEvaluator>(calls);
    made.push_back(e.get());
    return e;
  });
  search.set_threads(4);
  ASSERT_EQ(search.threads(), 4);
  ASSERT_EQ(made.size(), 3u);
  const SearchInfo info = search_once(search, root_of(to_fen(Board())), {3000, 0, false});
  EXPECT_TRUE(info.error.empty()) << info.error;
  EXPECT_EQ(info.nodes, 3000u);
  EXPECT_EQ(int(info.result.children.size()), 20) << "the start position's moves";
  int helped = 0, asked = first.requests;
  for (const CountedEvaluator* e : made) helped += e->mine, asked += e->requests;
  EXPECT_GT(helped, 0) << "the other threads evaluated leaves";
  EXPECT_EQ(first.mine + helped, calls);
  EXPECT_EQ(info.cache.lookups - info.cache.hits, std::uint64_t(asked)) << "one cache in front of every thread";
}

// Qh5-d5 mates (tests/data/mate_in_one.epd, second position): found with four threads too.
TEST(EngineSearch, ThreadsStillPlayAndReportAMate) {
  std::atomic<int> calls{0};
  CountedEvaluator first(calls);
  EngineSearch search(first, SearchConfig{}, 1, [&] { return std::make_unique<CountedEvaluator>(calls); });
  search.set_threads(4);
  const SearchInfo info =
      search_once(search, root_of("rnbq1bnr/p2pp3/1p2kp1p/3p3Q/4P2N/2N5/PPP2PPP/R1B1KB1R[] w KQ - 4 11"), {64, 0, false});
  EXPECT_EQ(to_uci(info.best), "h5d5");
  EXPECT_EQ(info.mate, 1);
}

TEST(EngineSearch, AThreadWhoseNetworkFailsEndsTheSearchWithItsError) {
  std::atomic<int> calls{0};
  CountedEvaluator first(calls, false, true);
  EngineSearch search(first, SearchConfig{}, 0, [&] { return std::make_unique<CountedEvaluator>(calls, true); });
  search.set_threads(2);
  const GameState root = root_of(to_fen(Board()));
  const SearchInfo info = search_once(search, root, {100'000, 0, false});
  EXPECT_NE(info.error.find("network failed"), std::string::npos) << info.error;
  EXPECT_FALSE(info.best.is_none()) << "a legal fallback keeps the host going";
  // The engine stays usable: one thread again, a clean search.
  search.set_threads(1);
  EXPECT_TRUE(search_once(search, root, {200, 0, false}).error.empty());
}

TEST(EngineSearch, MoreThreadsNeedAnEvaluatorMaker) {
  UniformEvaluator uniform;
  EngineSearch search(uniform, SearchConfig{});
  EXPECT_THROW(search.set_threads(2), std::invalid_argument);
  EXPECT_THROW(search.set_threads(0), std::invalid_argument);
  EXPECT_NO_THROW(search.set_threads(1));
}

}  // namespace
}  // namespace bh

namespace bh {
namespace {

// A-white to move at time 0 with the four clocks given (seat order), 20 s matches.
GameState timed_root(std::array<std::int64_t, kSeats> clocks) {
  const Match match(Board(), Board(), RuleSet{}, TimeControl{20'000, 0}, clocks);
  return GameState::at_decision(match, AWhite, 0, TurnModel{});
}

SearchResult chose_wait(std::vector<std::pair<const char*, std::uint32_t>> moves) {
  SearchResult r;
  r.best = Move::wait();
  r.children.push_back({Move::wait(), 0.2f, 50});
  for (auto [uci, visits] : moves) r.children.push_back({parse_uci(Board(), RuleSet{}, uci), 0.1f, visits});
  return r;
}

// core/RULES.md "Clocks": a seat can sit while its clock is ahead of its partner's
// opponent's. The clocks of a flag found in the engine's matches: A-white sat in check
// with 3.58 s against B-white's 19.37 s and lost on time with four moves to play.
TEST(EngineWaits, ASeatBehindItsPartnersOpponentOnTheClockDoesNotSit) {
  const GameState behind = timed_root({3'580, 19'740, 19'370, 3'950});
  EXPECT_FALSE(can_afford_wait(behind.match(), AWhite, 0));
  EXPECT_EQ(to_uci(affordable_action(behind, chose_wait({{"e2e4", 10}, {"g1f3", 30}}))), "g1f3")
      << "the most visited move instead of the wait";
  const GameState ahead = timed_root({15'000, 19'740, 9'000, 3'950});
  EXPECT_TRUE(can_afford_wait(ahead.match(), AWhite, 0));
  EXPECT_TRUE(affordable_action(ahead, chose_wait({{"e2e4", 10}})).is_wait());
}

TEST(EngineWaits, NobodySitsBelowTheFloorOrWithoutAClock) {
  // Ahead of B-white, but under a tenth of the 20 s start (2 s): move on.
  EXPECT_FALSE(can_afford_wait(timed_root({1'900, 19'740, 1'000, 3'950}).match(), AWhite, 0));
  EXPECT_TRUE(can_afford_wait(timed_root({2'100, 19'740, 1'000, 3'950}).match(), AWhite, 0));
  EXPECT_FALSE(can_afford_wait(Match(RuleSet{}, TimeControl::untimed()), AWhite, 0));
  // A seat with no move (only the wait among the children) still waits.
  EXPECT_TRUE(affordable_action(timed_root({1'000, 19'740, 19'000, 3'950}), chose_wait({})).is_wait());
}

}  // namespace
}  // namespace bh
