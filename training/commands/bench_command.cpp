// bench_command.cpp — `bughouse bench`: a deterministic search benchmark in the spirit of
// Stockfish's `bench`. Fixed positions, fixed visits, fixed seed and the material fake
// evaluator (no network): it prints the nodes searched, nodes per second and a signature
// (a hash of every root's visit counts, chosen action and tree size) that changes only
// when search behaviour changes. Commits that change search state their signature.
#include <chrono>
#include <cstdio>
#include <iostream>
#include <string>
#include <vector>

#include "core/bfen.h"
#include "core/notation.h"
#include "mcts/search.h"
#include "mcts/simple_evaluators.h"
#include "training/commands/commands.h"

namespace bh::cli {

namespace {

// Hand-made tactics (mcts tests) and middlegames from greedy-vs-greedy matches, with clocks.
const char* const kBenchPositions[] = {
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 | rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "4k3/n5q1/8/8/3Q4/8/8/4K3 w - - 0 1 | k7/p7/8/8/8/8/P5PP/6RK b - - 0 1",
    "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4 | "
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "7k/6pp/8/8/8/8/B7/K7[Q] w - - 0 1 | rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1",
    "rnbqkbnr/ppp1p2p/8/3p1p2/7P/1P3P2/P1PPP3/RNBQKBNR[] b KQkq - 0 5 | "
    "rnbqkbnr/p2pppp1/1p5p/2p5/8/P3P3/RPPPBPPP/1NBQK1NR[Pp] b Kkq - 1 4 | 156650 159050 152470 163230",
    "r3kbnB/p1pnp2p/8/p1qp1p2/P4P1P/1P3Pp1/2PPK1P1/RN1Q1BNR[Prbn] b q - 0 13 | "
    "1Qbq1bnr/p2ppkp1/7p/p1p2p2/8/P6P/RPPP2P1/1NB1KBR1[NPr] b - - 0 13 | 117020 122750 120600 119170",
    "rnb1kbnr/3ppppp/p2p4/2p5/8/1PP5/1P1PPPPP/1NBQKBNR[rbpp] b Kkq - 0 7 | "
    "rnbqk3/p1ppp3/1p1P1n1N/8/1P2q3/8/P1PPPPPR/RNBQKB2[Rp] b Qq - 0 9 | 135090 137550 126900 145740",
    "rn2kbnr/3pppp1/b2p3p/3P4/1P2P3/8/1P1P1PPP/1q~BQK1NR[PPqrbppp] b Kkq - 0 12 | "
    "rnbqk3/p1pp4/1p3n1N/2p5/8/P3P3/2PPKPR1/RNBQ1B2[RBNPp] b q - 0 14 | 113260 115350 105940 122670",
};

struct BenchOptions {
  int visits = 20000;
  int leaves = 4;
  bool gumbel = false;
};

// FNV-1a over 64-bit words.
struct Signature {
  std::uint64_t h = 0xcbf29ce484222325ULL;
  void add(std::uint64_t v) {
    for (int i = 0; i < 8; ++i) h = (h ^ ((v >> (8 * i)) & 0xFF)) * 0x100000001b3ULL;
  }
};

void run_bench(const BenchOptions& o) {
  SearchConfig config;
  config.visits = o.visits;
  config.max_leaves_per_tree = o.leaves;
  config.gumbel = o.gumbel;
  const TurnModel turns{TimeModel(TimeModelConfig{}), true};
  MaterialEvaluator evaluator;
  LeafBatch batch(o.leaves);
  Signature sig;
  std::uint64_t nodes = 0;
  double seconds = 0;
  int index = 0;
  for (const char* bfen : kBenchPositions) {
    ++index;
    const GameState root = GameState::expected(match_from_bfen(bfen, RuleSet{}, TimeControl{}), turns);
    Search search(config, 20240601);
    const auto start = std::chrono::steady_clock::now();
    const SearchResult r = run_search(search, root, {o.visits, false}, evaluator, batch);
    seconds += std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    nodes += search.simulations();
    sig.add(r.best.raw());
    sig.add(search.tree().node_count());
    for (const ChildStat& c : r.children) sig.add(std::uint64_t(c.move.raw()) << 32 | c.visits);
    std::printf("position %d/%zu: %-8s best %-6s value %+.3f  tree %zu nodes\n", index, std::size(kBenchPositions),
                std::string(seat_name(r.seat)).c_str(), to_uci(r.best).c_str(), r.value, search.tree().node_count());
  }
  std::printf("\n===========================\n");
  std::printf("Total time (ms) : %.0f\n", seconds * 1000);
  std::printf("Nodes searched  : %llu\n", static_cast<unsigned long long>(nodes));
  std::printf("Nodes/second    : %.0f\n", double(nodes) / std::max(seconds, 1e-9));
  std::printf("Signature       : %016llx\n", static_cast<unsigned long long>(sig.h));
  std::fflush(stdout);
}

}  // namespace

void add_bench_command(CLI::App& app) {
  auto o = std::make_shared<BenchOptions>();
  CLI::App* cmd = app.add_subcommand(
      "bench", "Deterministic search benchmark: fixed positions, visits, seed and a material fake evaluator; "
               "prints nodes, nodes/s and a signature of the search's behaviour");
  cmd->add_option("--visits", o->visits, "Visits per position")->capture_default_str()->check(CLI::Range(1, 1'000'000));
  cmd->add_option("--leaves", o->leaves, "Leaves per evaluator call (virtual loss)")
      ->capture_default_str()->check(CLI::Range(1, 256));
  cmd->add_flag("--gumbel", o->gumbel, "Gumbel root selection instead of PUCT at the root");
  cmd->callback([o] { run_bench(*o); });
}

}  // namespace bh::cli
