// table_search.cpp — a row's tree search: descent, expansion, proofs of finished tables,
// the result; and the row's two evaluators.
#include "mcts/table_search.h"

#include <cassert>
#include <cmath>
#include <stdexcept>
#include <string>

#include "mcts/material.h"
#include "mcts/puct.h"
#include "mcts/simple_evaluators.h"
#include "mcts/solver.h"

namespace bh {

namespace {

// A two-board evaluator's value and move logits (simple_evaluators.h) over a row's score.
template <class Judge, int (*Score)(std::span<const Board>, Team)>
class RowEvaluator final : public TableEvaluator {
 public:
  void evaluate(const Table& table, BoardId b, const std::vector<TableMove>& actions, Evaluation& out) const override {
    const Board& own = table.board(b);
    out.value = judge_.value_of(Score(table.row(), team_of(table.mover(b))));
    out.priors.resize(actions.size());
    double sum = 0;
    for (std::size_t k = 0; k < actions.size(); ++k) {
      const Move m = actions[k].move;
      out.priors[k] = float(std::exp(m.is_wait() ? 0.0 : judge_.prior_logit(own, m)));
      sum += out.priors[k];
    }
    for (float& p : out.priors) p = float(p / sum);
  }

 private:
  Judge judge_;
};

int tactical_score(std::span<const Board> boards, Team team) { return TacticalEvaluator::score(boards, team); }

}  // namespace

std::unique_ptr<TableEvaluator> make_table_evaluator(std::string_view name) {
  if (name == "material") return std::make_unique<RowEvaluator<MaterialEvaluator, row_material_balance>>();
  if (name == "tactical") return std::make_unique<RowEvaluator<TacticalEvaluator, tactical_score>>();
  throw std::invalid_argument("no evaluator '" + std::string(name) + "' for a row of boards: material or tactical");
}

TableSearch::TableSearch(const SearchConfig& config, std::unique_ptr<TableEvaluator> evaluator)
    : config_(config), evaluator_(std::move(evaluator)) {
  config_.validate();
  if (!evaluator_) throw std::invalid_argument("a row's search needs an evaluator");
}

TableSearchResult TableSearch::run(const TableState& root, int visits) {
  if (root.over()) throw std::invalid_argument("search: the table is over");
  if (visits < 1) throw std::invalid_argument("search: visits must be at least 1");
  tree_.clear();
  while (tree_.root().visits < std::uint32_t(visits)) {
    simulate(root);
    if (proven(node_proof(tree_, kRoot))) break;  // nothing left to learn at the root
  }
  return result(root);
}

// One simulation: down the tree by PUCT to a node not yet expanded, then its value (or the
// table's exact result) back up.
void TableSearch::simulate(const TableState& root) {
  TableState s = root;
  path_.assign(1, kRoot);
  tree_.root().in_flight++;
  if (tree_.root().status == NodeStatus::Fresh) {
    backup(tree_, path_, expand(kRoot, s), team_of(s.decider()));
    prove_root_wins(root);
    return;
  }
  NodeIndex n = kRoot;
  Team seen_by = team_of(tree_.root().decider);  // the team whose view node n's values hold
  for (;;) {
    const Node& node = tree_.node(n);
    const Team chooser = team_of(node.decider);
    const std::uint32_t e = node.first_edge + std::uint32_t(select_puct(tree_, n, seen_by, config_));
    s.apply({tree_.edge(e).move, tree_.edge(e).receiver});
    if (tree_.edge(e).child == kNoChild) {
      const NodeIndex created = tree_.add_node();  // invalidates Node references
      tree_.edge(e).child = created;
    }
    const NodeIndex c = tree_.edge(e).child;
    path_.push_back(c);
    Node& child = tree_.node(c);
    child.in_flight++;
    const Proof proof = tree_.edge(e).proof;
    if (proven(proof)) {
      if (child.status == NodeStatus::Fresh) child.status = NodeStatus::Terminal;
      backup(tree_, path_, proof_value(proof), chooser);
      return;
    }
    if (child.status == NodeStatus::Expanded) {
      n = c;
      seen_by = chooser;
      continue;
    }
    if (s.over()) {
      // The table judged it (core/RULES.md "Three or more boards"): the result is exact.
      child.status = NodeStatus::Terminal;
      tree_.edge(e).proof = proof_of_result(s.result_for(chooser));
      backup(tree_, path_, proof_value(tree_.edge(e).proof), chooser);
      propagate_proof(tree_, path_);
      return;
    }
    backup(tree_, path_, expand(c, s), team_of(s.decider()));
    return;
  }
}

// Node n's edges and priors from the evaluator; returns its value for the decider's team.
float TableSearch::expand(NodeIndex n, const TableState& s) {
  s.actions(actions_);
  evaluator_->evaluate(s.table(), s.decider_board(), actions_, eval_);
  const auto count = std::uint16_t(actions_.size());
  assert(count == actions_.size() && count > 0);
  const std::uint32_t first = tree_.add_edges(count);
  Node& node = tree_.node(n);
  node.status = NodeStatus::Expanded;
  node.decider = s.decider();
  node.net_value = eval_.value;
  node.num_edges = count;
  node.first_edge = first;
  for (std::uint16_t i = 0; i < count; ++i) {
    Edge& e = tree_.edge(first + i);
    e.move = actions_[i].move;
    e.receiver = actions_[i].receiver;
    e.prior = eval_.priors[i];
    e.child = kNoChild;
    e.proof = Proof::Unknown;
  }
  return eval_.value;
}

// Every root action that ends the table is proven at once, so that even one visit plays a
// mate and never a move that loses on the spot.
void TableSearch::prove_root_wins(const TableState& root) {
  const Node& node = tree_.root();
  const Team us = team_of(node.decider);
  for (std::uint32_t i = 0; i < node.num_edges; ++i) {
    Edge& e = tree_.edge(node.first_edge + i);
    TableState after = root;
    after.apply({e.move, e.receiver});
    if (after.over()) e.proof = proof_of_result(after.result_for(us));
  }
}

TableSearchResult TableSearch::result(const TableState& root) const {
  TableSearchResult r;
  const Node& node = tree_.root();
  r.seat = root.decider();
  r.visits = node.visits;
  r.value = float(node.q());
  int best = winning_edge(tree_, kRoot);
  for (std::uint32_t i = 0; i < node.num_edges; ++i) {
    const Edge& e = tree_.edge(node.first_edge + i);
    TableChildStat c{{e.move, e.receiver}, e.prior, 0, 0, e.proof};
    if (e.child != kNoChild) c.visits = tree_.node(e.child).visits;
    c.q = proven(e.proof) ? proof_value(e.proof) : c.visits ? float(tree_.node(e.child).q()) : 0.0f;
    r.children.push_back(c);
  }
  if (best < 0) {
    // The most visited action not proven lost (a proven loss only when everything loses).
    auto key = [](const TableChildStat& c) { return std::pair(c.proof != Proof::Loss, c.visits); };
    best = 0;
    for (std::size_t i = 1; i < r.children.size(); ++i)
      if (key(r.children[i]) > key(r.children[best])) best = int(i);
  }
  r.best = r.children[std::size_t(best)].action;
  return r;
}

}  // namespace bh
