// engine_options.cpp — EngineSetup from the command line.
#include "training/commands/engine_options.h"

#include <iostream>

#include "training/config/config.h"
#include "training/engine/engine_search.h"

namespace bh::cli {

void add_engine_config_options(CLI::App* cmd, EngineConfigChoice& choice) {
  cmd->add_option("--config", choice.config, "Run configuration (TOML): [rules], the think model of [clock], [search]")
      ->check(CLI::ExistingFile);
  cmd->add_option("--visits", choice.visits, "Visits of a search the host gives no limit (no clock, no nodes)")
      ->check(CLI::Range(std::int64_t(1), std::int64_t(2'000'000)))
      ->capture_default_str();
  cmd->add_option("--search-threads", choice.threads,
                  "Search threads on one tree, each with its own evaluator of --threads LibTorch threads "
                  "(the UCI option Threads)")
      ->check(CLI::Range(1, kMaxSearchThreads))
      ->capture_default_str();
  cmd->add_option("--net-visits", choice.net_visits,
                  "Lazy network: a node is judged by the tactical evaluator until it has this many visits, then by "
                  "the network (0: the network judges every node; overrides [search] net_visits; networks only)")
      ->check(CLI::Range(0, 1'000'000));
}

EngineSetup engine_setup(const EngineConfigChoice& choice, const ModelSource& source) {
  EngineSetup setup;
  if (source.rules) setup.rules = *source.rules;
  if (!choice.config.empty()) {
    Config config = load_config(choice.config);
    require_two_boards(config, "an engine");
    setup.rules = config.rules;
    setup.search = config.search;
    setup.think = config.think;
  }
  if (choice.net_visits) setup.search.net_visits = *choice.net_visits;
  setup.search = source.search_config(setup.search);
  setup.network = !source.network.empty();
  setup.default_visits = choice.visits;
  setup.threads = choice.threads;
  setup.make_evaluator = [source] { return source.evaluator(); };
  setup.name = "bughouse-mcts (" + source.name + ")";
  return setup;
}

void run_engine_on_stdio(const ModelChoice& model, const EngineConfigChoice& config, const EngineFactory& make) {
  const ModelSource source = model_loader(model.options).load(model.model);
  std::unique_ptr<Evaluator> evaluator = source.evaluator();
  EngineSetup setup = engine_setup(config, source);
  setup.evaluator = evaluator.get();
  LineWriter out(std::cout);
  serve_lines(*make(setup, out), std::cin);
}

}  // namespace bh::cli
