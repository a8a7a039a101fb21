// mate_bench.cpp — the search's tactical sight: the share of tests/data/mate_in_one.epd
// (positions from real engine matches where the side to move mates in one) in which the
// search at a given visit budget plays one of the listed mating moves. By default no
// network: the uniform evaluator, so a mating drop among hundreds of actions gets no help
// from priors; --model judges with a checkpoint's net instead (LibTorch builds).
// The search is the one self-play runs (default SearchConfig, a 3+0 match with waits).
// A played move counts when it is listed, or (--classic) mates under the classic rule.
//
// Usage: mate_bench [--visits 1,16,64] [--gumbel] [--classic] [--model CHECKPOINT]
#include <chrono>
#include <cstdio>
#include <iostream>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "mcts/search.h"
#include "mcts/simple_evaluators.h"
#include "tests/mcts/mate_in_one_data.h"

#ifdef BUGHOUSE_WITH_TORCH
#include "nn/checkpoint.h"
#include "nn/torch_evaluator.h"
#endif

namespace bh {
namespace {

struct Options {
  std::vector<int> visits{1, 16, 64};
  bool gumbel = false;
  RuleSet rules;
  std::string model;  // a checkpoint; empty: the uniform evaluator
};

constexpr const char* kUsage = "usage: mate_bench [--visits 1,16,64] [--gumbel] [--classic] [--model CHECKPOINT]";

std::unique_ptr<Evaluator> make_evaluator(const Options& o) {
  if (o.model.empty()) return std::make_unique<UniformEvaluator>();
#ifdef BUGHOUSE_WITH_TORCH
  const LoadedCheckpoint checkpoint(o.model);
  return std::make_unique<TorchEvaluator>(InferenceNet::create(checkpoint.network()));
#else
  throw std::invalid_argument("--model needs a build with LibTorch");
#endif
}

Options parse(int argc, char** argv) {
  Options o;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    if (a == "--visits" && i + 1 < argc) {
      o.visits.clear();
      std::stringstream list(argv[++i]);
      for (std::string v; std::getline(list, v, ',');) o.visits.push_back(std::stoi(v));
    } else if (a == "--gumbel") {
      o.gumbel = true;
    } else if (a == "--classic") {
      o.rules.mate_rule = MateRule::Classic;
    } else if (a == "--model" && i + 1 < argc) {
      o.model = argv[++i];
    } else {
      throw std::invalid_argument("unknown option " + a);
    }
  }
  return o;
}

void report(const Options& o, const std::vector<test::MatePosition>& positions, int visits, Evaluator& evaluator) {
  SearchConfig config;
  config.gumbel = o.gumbel;
  const TurnModel turns{TimeModel(TimeModelConfig{}), config.allow_wait};
  LeafBatch batch(config.max_leaves_per_tree);
  int found = 0;
  const auto start = std::chrono::steady_clock::now();
  for (const test::MatePosition& p : positions) {
    const GameState root = test::mate_decision(p.board, o.rules, TimeControl{}, turns);
    Search search(config, 1);
    const SearchResult r = run_search(search, root, {visits, false}, evaluator, batch);
    // The listed moves are every bughouse-rule mate; the classic rule may add more.
    const Move played = search.choose(r, 0.0f);
    found += test::is_listed_mate(p, played) || gives_mate(p.board, o.rules, played);
  }
  const double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  std::printf("mate in one, %4d visits: found %2d/%zu (%5.1f%%)  %.3f ms per search\n", visits, found, positions.size(),
              100.0 * found / double(positions.size()), ms / double(positions.size()));
}

}  // namespace
}  // namespace bh

int main(int argc, char** argv) {
  using namespace bh;
  try {
    const Options o = parse(argc, argv);
    const auto positions = test::read_mate_in_one(std::string(BUGHOUSE_TEST_DATA) + "/mate_in_one.epd", o.rules);
    const auto evaluator = make_evaluator(o);
    std::printf("%s, %s root, mate rule %s\n", o.model.empty() ? "uniform evaluator" : o.model.c_str(),
                o.gumbel ? "Gumbel" : "PUCT", o.rules.mate_rule == MateRule::Classic ? "classic" : "bughouse");
    for (int v : o.visits) report(o, positions, v, *evaluator);
  } catch (const std::exception& e) {
    std::cerr << "mate_bench: " << e.what() << "\n" << kUsage << "\n";
    return 2;
  }
  return 0;
}
