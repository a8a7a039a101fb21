// search_config.cpp — range checks of the search knobs.
#include "mcts/search_config.h"

#include <stdexcept>
#include <string>

namespace bh {

void SearchConfig::validate() const {
  auto need = [](bool ok, const char* what) {
    if (!ok) throw std::invalid_argument(std::string("search: ") + what);
  };
  need(visits >= 1 && visits <= 1'000'000, "visits must be in [1, 1000000]");
  need(cpuct > 0 && cpuct <= 100, "cpuct must be in (0, 100]");
  need(cpuct_base >= 1, "cpuct_base must be at least 1");
  need(cpuct_factor >= 0 && cpuct_factor <= 100, "cpuct_factor must be in [0, 100]");
  need(fpu_reduction >= 0 && fpu_reduction <= 2, "fpu_reduction must be in [0, 2]");
  need(fpu_root_reduction >= 0 && fpu_root_reduction <= 2, "fpu_root_reduction must be in [0, 2]");
  need(dirichlet_alpha > 0 && dirichlet_alpha <= 1000, "dirichlet_alpha must be in (0, 1000]");
  need(dirichlet_epsilon >= 0 && dirichlet_epsilon <= 1, "dirichlet_epsilon must be in [0, 1]");
  need(virtual_loss >= 0 && virtual_loss <= 100, "virtual_loss must be in [0, 100]");
  need(max_leaves_per_tree >= 1 && max_leaves_per_tree <= 1024, "max_leaves_per_tree must be in [1, 1024]");
  need(net_visits >= 0 && net_visits <= 1'000'000, "net_visits must be in [0, 1000000]");
  need(tactical_scale == 0 || (tactical_scale >= 50 && tactical_scale <= 100'000),
       "tactical_scale must be 0 (the tactical evaluator's) or in [50, 100000]");
  need(gumbel_m >= 2 && gumbel_m <= 1024, "gumbel_m must be in [2, 1024]");
  need(gumbel_c_visit >= 0, "gumbel_c_visit must be at least 0");
  need(gumbel_c_scale > 0, "gumbel_c_scale must be positive");
}

}  // namespace bh
