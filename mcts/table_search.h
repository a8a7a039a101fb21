// table_search.h — Monte Carlo tree search at a row of boards (core/RULES.md "Three or more
// boards") with an evaluator that needs no network: `material` (the row's material
// balance) or `tactical` (TacticalEvaluator's score of the row: material, pending captures,
// king danger), with priors from the same evaluators' move logits. The evaluator judges a
// row whole, so a capture's receivers share their move's prior.
//
// It is the two-board search's method on a row's state (table_state.h): the same Tree (an
// edge's receiver byte holds the capture's receiver), PUCT selection and backup (puct.h),
// and proofs of finished tables (solver.h). It keeps what a player needs and no more: one
// leaf at a time (no batch, no network), no root noise or Gumbel root (no self-play on a
// row), and a fresh tree for each decision. The network stays two-board
// (mcts/README.md "A row's search").
#pragma once

#include <cstdint>
#include <memory>
#include <string_view>
#include <vector>

#include "mcts/evaluator.h"
#include "mcts/search_config.h"
#include "mcts/table_state.h"
#include "mcts/tree.h"

namespace bh {

// How a row's search judges a position: priors over the decider's actions and the value
// for the decider's team, as Evaluation holds them.
class TableEvaluator {
 public:
  virtual ~TableEvaluator() = default;
  virtual void evaluate(const Table& table, BoardId b, const std::vector<TableMove>& actions, Evaluation& out) const = 0;
};

// "material" or "tactical"; throws std::invalid_argument naming the two.
std::unique_ptr<TableEvaluator> make_table_evaluator(std::string_view name);

struct TableChildStat {
  TableMove action;
  float prior = 0;
  std::uint32_t visits = 0;
  float q = 0;  // for the deciding team; 0 when unvisited; exact when proven
  Proof proof = Proof::Unknown;
};

struct TableSearchResult {
  Seat seat = AWhite;
  std::vector<TableChildStat> children;  // every action of the root, in generation order
  TableMove best;        // a proven win if any, else the most visited action not proven lost
  float value = 0;       // the root's value for the seat's team
  std::uint32_t visits = 0;
};

class TableSearch {
 public:
  TableSearch(const SearchConfig& config, std::unique_ptr<TableEvaluator> evaluator);

  // Searches `root`'s decision (not over) until the root has `visits` visits.
  TableSearchResult run(const TableState& root, int visits);
  const Tree& tree() const { return tree_; }

 private:
  void simulate(const TableState& root);
  float expand(NodeIndex n, const TableState& s);
  void prove_root_wins(const TableState& root);
  TableSearchResult result(const TableState& root) const;

  SearchConfig config_;
  std::unique_ptr<TableEvaluator> evaluator_;
  Tree tree_;
  std::vector<NodeIndex> path_;
  std::vector<TableMove> actions_;
  Evaluation eval_;
};

}  // namespace bh
