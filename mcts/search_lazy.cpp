// search_lazy.cpp — the lazy network (SearchConfig::net_visits, mcts/README.md "Lazy
// network"): nodes first judged by the tactical evaluator, and the evaluator's judgement
// put in their place once they earn it.
#include <cassert>

#include "mcts/search.h"

namespace bh {

bool Search::earned_network(const Node& node) const {
  return node.judge == Judge::Tactical && node.visits >= std::uint32_t(config_.net_visits);
}

// The simulation stops at Expanded node `n` (the end of leaf.path): the evaluator is to
// judge it again.
void Search::ask_upgrade(PendingLeaf& leaf, NodeIndex n, const MatchView& view) {
  Node& node = tree_.node(n);
  node.judge = Judge::Upgrading;
  leaf.node = n;
  leaf.upgrade = true;
  leaf.view = view;
  leaf.actions.size = 0;
  for (std::uint32_t i = 0; i < node.num_edges; ++i) leaf.actions.push(tree_.edge(node.first_edge + i).move);
}

// A fresh node judged at once by the tactical evaluator: a finished simulation.
Search::Descent Search::judge_tactically(PendingLeaf& leaf) {
  const EvalRequest request{&leaf.view, std::span<const Move>(leaf.actions.moves.data(), std::size_t(leaf.actions.size))};
  tactical_->evaluate(std::span(&request, 1), tactical_out_);
  expand(leaf.node, leaf.view.seat, leaf.actions, tactical_out_[0]);
  tree_.node(leaf.node).judge = Judge::Tactical;
  backup(leaf.path, tactical_out_[0].value, team_of(leaf.view.seat));
  return Descent::Exact;
}

// The evaluator's priors replace the tactical ones, and its value replaces the tactical
// value everywhere it was backed up: the simulation backs up the evaluator's value plus
// the correction of the node's first, tactical visit.
void Search::upgrade(const PendingLeaf& leaf, const Evaluation& eval) {
  Node& node = tree_.node(leaf.node);
  assert(node.judge == Judge::Upgrading && node.num_edges == leaf.actions.size);
  const float correction = eval.value - node.net_value;
  node.judge = Judge::Evaluator;
  node.net_value = eval.value;
  set_priors(node, eval);
  backup(leaf.path, eval.value + correction, team_of(node.decider));
  if (leaf.node == kRoot) prepare_root();
}

}  // namespace bh
