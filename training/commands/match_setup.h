// match_setup.h — what the sides of `arena` and `tournament` play under: the run
// configuration's [rules], [search], [think] and [clock] when one is given, then the
// command line's clock, visits and clock mode; and the model loader of this build.
#pragma once

#include <string>
#include <vector>

#include "core/match.h"
#include "training/players/player_spec.h"
#include "training/players/model_loader.h"
#include "training/players/model_spec.h"

namespace bh::cli {

struct MatchSetupOptions {
  std::string config;              // a run configuration (TOML), or empty
  std::string clock;               // "M+S", or empty: the config's, else `default_clock`
  std::string default_clock = "1+0";
  int visits = 0;                  // > 0 overrides [search] visits
  std::string clock_mode = "auto"; // real | model | auto (real when a side is an external engine)
  ModelOptions network;
  // The command's name for errors, and whether it plays a row of three or more boards
  // (`arena`, with the built-in players); the others refuse a configuration that asks for one.
  std::string command = "`bughouse tournament`";
  bool rows_allowed = false;
};

struct MatchSetup {
  PlayerContext context;
  TimeControl clock;
};

// `specs`: every player spec of the event (an external engine makes clock mode "auto" real).
MatchSetup match_setup(const MatchSetupOptions& options, const std::vector<std::string>& specs);

}  // namespace bh::cli
