// engine_options.h — the options the engine commands (uci, xboard) share besides the
// model: a run configuration for the rules, search and think-time model, and the visits
// of a search without limits; and the EngineSetup they make.
#pragma once

#include <cstdint>
#include <string>

#include <CLI/CLI.hpp>

#include "training/engine/engine_setup.h"
#include "training/players/model_source.h"

namespace bh::cli {

struct EngineConfigChoice {
  std::string config;            // TOML run configuration ([rules], [clock] think model, [search])
  std::int64_t visits = 800;     // a search without limits
  int threads = 1;               // search threads (UCI Threads sets it too)
};

void add_engine_config_options(CLI::App* cmd, EngineConfigChoice& choice);
// Rules: the configuration's when one is given, else the checkpoint's, else the defaults.
EngineSetup engine_setup(const EngineConfigChoice& choice, const ModelSource& source);

}  // namespace bh::cli
