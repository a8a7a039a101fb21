// match_setup.cpp — configuration first, then the command line's overrides.
#include "training/commands/match_setup.h"

#include <algorithm>

#include "training/commands/model_option.h"
#include "training/config/config.h"
#include "training/players/engine_spec.h"

namespace bh::cli {

MatchSetup match_setup(const MatchSetupOptions& o, const std::vector<std::string>& specs) {
  MatchSetup setup{{}, TimeControl::parse(o.default_clock)};
  PlayerContext& context = setup.context;
  if (!o.config.empty()) {
    Config config = load_config(o.config);
    if (!o.rows_allowed) require_two_boards(config, o.command);
    context.rules = config.rules;
    context.search = config.search;
    context.turn.time = TimeModel(config.think);
    setup.clock = config.clock;
  }
  if (!o.clock.empty()) setup.clock = TimeControl::parse(o.clock);
  if (o.visits > 0) context.search.visits = o.visits;
  context.turn.allow_wait = context.search.allow_wait;
  // Against an external engine every side pays the wall time it takes (the engine cannot
  // pay anything else); between built-in players the time model's simulated thinking.
  const bool engine = std::ranges::any_of(specs, [](const std::string& s) { return is_engine_spec(s); });
  context.real_time = o.clock_mode == "real" || (o.clock_mode == "auto" && engine);
  context.models = model_loader(o.network);
  return setup;
}

}  // namespace bh::cli
