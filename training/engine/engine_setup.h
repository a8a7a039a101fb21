// engine_setup.h — what both engine protocols (UCI and CECP) are built from: the rules,
// the search configuration, the simulated players' time model that orders the four
// seats' decisions inside the search, and the evaluator (the network or a stand-in).
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>

#include "core/rules.h"
#include "mcts/evaluator.h"
#include "mcts/search_config.h"
#include "mcts/time_model.h"

namespace bh {

struct EngineSetup {
  std::string name = "bughouse-mcts";  // `id name` / `myname`
  std::string author = "the bughouse trainer authors";
  RuleSet rules;
  SearchConfig search;                 // max_leaves_per_tree = leaves per evaluator call
  TimeModelConfig think;               // expected think times and the wait slice
  Evaluator* evaluator = nullptr;      // must outlive the engine; called from its search thread only
  std::int64_t default_visits = 800;   // a `go` without limits searches this many visits
  std::int64_t move_overhead_ms = 50;  // kept back from every clock budget for the host's lag
  std::int64_t moves_to_go = 60;       // a clock budget is 1/moves_to_go of the clock: UCI MovesToGo
  std::size_t cache_mib = 64;          // the evaluation cache (mcts/eval_cache.h): UCI Hash
  int threads = 1;                     // search threads on the one tree: UCI Threads
  bool network = false;                // the evaluator is a network: UCI NetVisits is offered
  // One more evaluator of the same network for another search thread (threads > 1); empty
  // when the evaluator cannot be had twice.
  std::function<std::unique_ptr<Evaluator>()> make_evaluator;
};

// The largest evaluation cache a host may ask for, in MiB.
inline constexpr std::int64_t kMaxCacheMib = 65'536;
// The range of MovesToGo (go_command.h think_budget_ms).
inline constexpr std::int64_t kMinMovesToGo = 2, kMaxMovesToGo = 1000;
// The largest NetVisits (SearchConfig::net_visits).
inline constexpr std::int64_t kMaxNetVisits = 1'000'000;

}  // namespace bh
