// engine_options.h — what the engine commands (uci, xboard) share: the options besides the
// model (a run configuration for the rules, search and think-time model, the visits of a
// search without limits, search threads), the EngineSetup they make, and running the
// engine on standard input and output.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>

#include <CLI/CLI.hpp>

#include "training/commands/model_option.h"
#include "training/engine/engine_setup.h"
#include "training/engine/line_protocol.h"
#include "training/engine/line_writer.h"
#include "training/players/model_source.h"

namespace bh::cli {

struct EngineConfigChoice {
  std::string config;            // TOML run configuration ([rules], [clock] think model, [search])
  std::int64_t visits = 800;     // a search without limits
  int threads = 1;               // search threads (UCI Threads sets it too)
  std::optional<int> net_visits; // the lazy network's threshold (mcts/README.md "Lazy network"), over [search]'s
};

void add_engine_config_options(CLI::App* cmd, EngineConfigChoice& choice);
// Rules: the configuration's when one is given, else the checkpoint's, else the defaults.
EngineSetup engine_setup(const EngineConfigChoice& choice, const ModelSource& source);

// The protocol's engine for a setup, writing to `out`.
using EngineFactory = std::function<std::unique_ptr<LineProtocol>(const EngineSetup& setup, LineWriter& out)>;
// Loads the model, gives the engine its evaluator and setup, and serves it standard input
// until `quit` or the end of the input, its answers on standard output.
void run_engine_on_stdio(const ModelChoice& model, const EngineConfigChoice& config, const EngineFactory& make);

}  // namespace bh::cli
