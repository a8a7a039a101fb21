// puct.cpp — PUCT selection and backup over a Tree.
#include "mcts/puct.h"

#include <algorithm>
#include <cassert>
#include <cmath>

#include "mcts/solver.h"

namespace bh {

namespace {

// Below any PUCT score of an open action (|q| <= 1 + virtual loss, exploration >= 0).
constexpr double kLostScore = -1e9;

}  // namespace

int select_puct(const Tree& tree, NodeIndex n, Team seen_by, const SearchConfig& config) {
  const Node& node = tree.node(n);
  const Team team = team_of(node.decider);
  const double parent_q = node.visits ? value_for(team, seen_by, float(node.q())) : node.net_value;
  double visited_prior = 0;
  for (std::uint32_t i = 0; i < node.num_edges; ++i) {
    const Edge& e = tree.edge(node.first_edge + i);
    if (e.child != kNoChild) {
      const Node& c = tree.node(e.child);
      if (c.visits + c.in_flight > 0) visited_prior += e.prior;
    }
  }
  const double reduction = n == kRoot ? config.fpu_root_reduction : config.fpu_reduction;
  const double fpu = parent_q - reduction * std::sqrt(visited_prior);
  const double total = double(node.visits + node.in_flight);
  const double c = config.cpuct + config.cpuct_factor * std::log((total + config.cpuct_base + 1) / config.cpuct_base);
  const double explore = c * std::sqrt(std::max(total, 1.0));
  int best = -1, won = -1;
  double best_score = -1e300;
  for (std::uint32_t i = 0; i < node.num_edges; ++i) {
    const Edge& e = tree.edge(node.first_edge + i);
    if (e.proof == Proof::Win) {
      // A proven win is taken at once; one that ends the match is preferred (winning_edge).
      if (ends_match(tree, e)) return int(i);
      if (won < 0) won = int(i);
    }
    double q = fpu, visits = 0;
    if (e.child != kNoChild) {
      const Node& c = tree.node(e.child);
      visits = double(c.visits + c.in_flight);
      if (visits > 0) q = (c.value_sum - config.virtual_loss * c.in_flight) / visits;
    }
    // A proof replaces the estimate; a proven loss is taken only when all else loses too.
    if (e.proof == Proof::Draw) q = 0;
    if (e.proof == Proof::Loss) q = kLostScore;
    const double score = q + explore * e.prior / (1 + visits);
    if (score > best_score) best_score = score, best = int(i);
  }
  return won >= 0 ? won : best;
}

void backup(Tree& tree, const std::vector<NodeIndex>& path, float value, Team owner) {
  // `value` is for team `owner`. Walking up, flip only where the viewing team changes.
  for (std::size_t k = path.size(); k-- > 0;) {
    Node& node = tree.node(path[k]);
    const Team seen_by = k > 0 ? team_of(tree.node(path[k - 1]).decider) : team_of(node.decider);
    if (seen_by != owner) {
      value = -value;
      owner = seen_by;
    }
    node.value_sum += value;
    node.visits++;
    assert(node.in_flight > 0);
    node.in_flight--;
  }
}

}  // namespace bh
