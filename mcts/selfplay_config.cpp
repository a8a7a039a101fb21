// selfplay_config.cpp — range checks and the capped rule set.
#include "mcts/selfplay_config.h"

#include <algorithm>
#include <stdexcept>
#include <string>

namespace bh {

RuleSet SelfPlayConfig::match_rules() const {
  RuleSet r = rules;
  if (max_moves > 0) r.move_limit = std::min(r.move_limit, max_moves);
  return r;
}

void SelfPlayConfig::validate() const {
  think.validate();
  search.validate();
  auto need = [](bool ok, const char* what) {
    if (!ok) throw std::invalid_argument(std::string("selfplay: ") + what);
  };
  need(clock.initial_ms % 1000 == 0 && clock.increment_ms % 1000 == 0,
       "the clock must be whole seconds (the TimeControl tag of BPGN records has no fractions)");
  need(full_search_fraction >= 0 && full_search_fraction <= 1, "full_search_fraction must be in [0, 1]");
  need(cheap_visits >= 1 && cheap_visits <= 1'000'000, "cheap_visits must be in [1, 1000000]");
  need(temperature_start >= 0 && temperature_start <= 10, "temperature_start must be in [0, 10]");
  need(temperature_end >= 0 && temperature_end <= 10, "temperature_end must be in [0, 10]");
  need(temperature_halflife > 0, "temperature_halflife must be positive");
  need(resign_threshold >= -1 && resign_threshold <= 0, "resign_threshold must be in [-1, 0]");
  need(resign_consecutive >= 1 && resign_consecutive <= 1000, "resign_consecutive must be in [1, 1000]");
  need(resign_min_moves >= 0, "resign_min_moves must be at least 0");
  need(resign_playthrough >= 0 && resign_playthrough <= 1, "resign_playthrough must be in [0, 1]");
  need(max_moves >= 0 && max_moves <= 100000, "max_moves must be in [0, 100000]");
  need(workers >= 0 && workers <= 1024, "workers must be in [0, 1024]");
  need(concurrent_matches >= 1 && concurrent_matches <= 4096, "concurrent_matches must be in [1, 4096]");
  need(batch_size >= 0 && batch_size <= 65536, "batch_size must be in [0, 65536]");
  need(matches_per_chunk >= 1 && matches_per_chunk <= 100000, "matches_per_chunk must be in [1, 100000]");
}

}  // namespace bh
