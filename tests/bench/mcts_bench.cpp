// mcts_bench.cpp — speed of the search and of self-play, with evaluators that cost
// (almost) nothing, so the numbers are the search's own:
//   BM_SearchNodes     simulations per second of one search (HashEvaluator), per position
//   BM_SelfPlay        moves and evaluations per second of a whole self-play run (uniform
//                      evaluator), and the share of worker time spent in the evaluator
// To compare with the network (the target: evaluations/s inside self-play at least
// 0.85 of the service's own at the same batch size), run BM_SelfPlay's body with the nn/
// evaluator factory: its `evaluator_share` counter is that ratio, measured in one run.
#include <benchmark/benchmark.h>

#include <chrono>

#include "core/bfen.h"
#include "mcts/search.h"
#include "mcts/selfplay.h"
#include "mcts/simple_evaluators.h"

namespace bh {
namespace {

const char* const kPositions[] = {
    // The start.
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 | rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    // A middlegame with full reserves (many drops: wide nodes).
    "rn2kbnr/3pppp1/b2p3p/3P4/1P2P3/8/1P1P1PPP/1q~BQK1NR[PPqrbppp] b Kkq - 0 12 | "
    "rnbqk3/p1pp4/1p3n1N/2p5/8/P3P3/2PPKPR1/RNBQ1B2[RBNPp] b q - 0 14 | 113260 115350 105940 122670",
};

void BM_SearchNodes(benchmark::State& state) {
  const int visits = int(state.range(1));
  SearchConfig config;
  config.max_leaves_per_tree = 8;
  const TurnModel turns{TimeModel(TimeModelConfig{}), true};
  const GameState root =
      GameState::expected(match_from_bfen(kPositions[state.range(0)], RuleSet{}, TimeControl{}), turns);
  HashEvaluator evaluator;
  LeafBatch batch(config.max_leaves_per_tree);
  std::uint64_t nodes = 0;
  for (auto _ : state) {
    Search search(config, 1);
    benchmark::DoNotOptimize(run_search(search, root, {visits, false}, evaluator, batch));
    nodes += search.simulations();
  }
  state.counters["nodes/s"] = benchmark::Counter(double(nodes), benchmark::Counter::kIsRate);
}
BENCHMARK(BM_SearchNodes)->Args({0, 800})->Args({1, 800})->Args({0, 10000})->Unit(benchmark::kMillisecond);

// Runs `games` matches with the evaluators `factory` makes and reports the rates.
void run_selfplay(benchmark::State& state, const EvaluatorFactory& factory, int workers, int games) {
  SelfPlayConfig config;
  config.clock = TimeControl::parse("60s+0");
  config.search.visits = 64;
  config.cheap_visits = 16;
  config.workers = workers;
  config.concurrent_matches = 32;
  double moves = 0, evals = 0, evaluator_s = 0, worker_s = 0, wall = 0;
  for (auto _ : state) {
    SelfPlay sp(config, factory);
    const auto start = std::chrono::steady_clock::now();
    sp.run(games, [](int, FinishedMatch&&) {});
    const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    wall += s;
    worker_s += s * sp.workers();
    moves += double(sp.counters().moves);
    evals += double(sp.counters().evaluations);
    evaluator_s += double(sp.counters().evaluator_ns) * 1e-9;
  }
  state.counters["moves/s"] = benchmark::Counter(moves / wall);
  state.counters["evals/s"] = benchmark::Counter(evals / wall);
  // The fraction of worker time spent inside Evaluator::evaluate: with a real network,
  // (evals/s inside self-play) / (the evaluator's own evals/s at this batch size).
  state.counters["evaluator_share"] = benchmark::Counter(evaluator_s / worker_s);
}

void BM_SelfPlay(benchmark::State& state) {
  run_selfplay(state, [](int) { return std::make_unique<UniformEvaluator>(); }, int(state.range(0)), 256);
}
BENCHMARK(BM_SelfPlay)->Arg(1)->Arg(2)->Unit(benchmark::kMillisecond)->UseRealTime();

}  // namespace
}  // namespace bh

BENCHMARK_MAIN();
