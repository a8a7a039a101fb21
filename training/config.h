// config.h — a run's configuration from a TOML file (configs/*.toml). Strict: an unknown
// section or key, a value of the wrong type or out of range is a ConfigError naming the
// file, the line and the key. Sections now: [rules] (every RuleSet option of RULES.md by
// its name), [clock] (time control and the simulated players' time model), [search],
// [selfplay]. To add a section (issue 5: [network], [training]): a struct member here,
// a read_<section> function in config.cpp, and its name in the section table there.
#pragma once

#include <filesystem>
#include <string>
#include <string_view>

#include "core/match.h"
#include "core/rules.h"
#include "mcts/search_config.h"
#include "mcts/selfplay_config.h"
#include "mcts/time_model.h"
#include "training/config_reader.h"

namespace bh {

struct Config {
  std::string source;  // the file it was read from (or the name given to parse_config)
  RuleSet rules;
  TimeControl clock;
  TimeModelConfig think;
  SearchConfig search;
  SelfPlayConfig selfplay;  // the [selfplay] keys; see selfplay_config()

  // Everything self-play needs: [selfplay] with [rules], [clock] and [search] filled in.
  SelfPlayConfig selfplay_config() const;
};

// Throws ConfigError (the file cannot be read, TOML syntax, strictness, ranges).
Config load_config(const std::filesystem::path& path);
Config parse_config(std::string_view text, const std::string& source);

}  // namespace bh
