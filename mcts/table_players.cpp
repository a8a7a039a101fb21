// table_players.cpp — random and greedy one-ply actions at a row of boards, and the search
// players.
#include "mcts/table_players.h"

#include <limits>
#include <stdexcept>
#include <vector>

#include "core/board_rules.h"
#include "mcts/material.h"
#include "mcts/table_search.h"

namespace bh {

namespace {

constexpr int kMateScore = 1'000'000;

// How a one-ply player judges the row after its action, for the mover's team.
using RowScore = int (*)(std::span<const Board> boards, Team team);

// `score` of the row after `action` for the mover's team, kMateScore for a mate or a king
// taken.
int score_after(const Table& table, BoardId b, TableMove action, RowScore score) {
  std::vector<Board> boards = table.row();
  const Team us = team_of(table.mover(b));
  const Capture captured = boards[b].play(action.move, table.rules().promotion);
  if (captured.type == King || board_state(boards[b], table.rules()) == BoardState::Checkmate) return kMateScore;
  if (captured) boards[action.receiver].add_to_reserve(captured.color, passed_type(captured, table.rules()));
  return score(boards, us);
}

// The best-scoring action, ties at random (no score: every action alike, the random mover).
class OnePlyTablePlayer final : public TablePlayer {
 public:
  OnePlyTablePlayer(std::string name, RowScore score, std::uint64_t seed) : name_(std::move(name)), score_(score), rng_(seed) {}

  TableMove decide(const Table& table, BoardId b) override {
    const std::vector<TableMove> actions = table.legal_actions(b);
    if (actions.empty()) throw std::logic_error(name_ + " player asked to move without a legal move");
    std::vector<TableMove> best;
    int best_score = std::numeric_limits<int>::min();
    for (const TableMove& a : actions) {
      const int score = score_ ? score_after(table, b, a, score_) : 0;
      if (score > best_score) best_score = score, best.clear();
      if (score == best_score) best.push_back(a);
    }
    return best[rng_.below(best.size())];
  }
  std::string name() const override { return name_; }

 private:
  std::string name_;
  RowScore score_;
  Rng rng_;
};

// The search's best action at the decision in front of it (the table's now).
class SearchTablePlayer final : public TablePlayer {
 public:
  SearchTablePlayer(std::string_view evaluator, const TableSearchSettings& settings)
      : name_(evaluator), settings_(settings), search_(settings.search, make_table_evaluator(evaluator)) {}

  TableMove decide(const Table& table, BoardId b) override {
    const TableState root = TableState::at_decision(table, b, table.now(), settings_.turn);
    return search_.run(root, settings_.search.visits).best;
  }
  std::string name() const override { return name_; }

 private:
  std::string name_;
  TableSearchSettings settings_;
  TableSearch search_;
};

}  // namespace

std::string_view table_player_names() { return "random, greedy, material, tactical"; }

std::unique_ptr<TablePlayer> make_table_player(std::string_view name, std::uint64_t seed,
                                               const TableSearchSettings& settings) {
  if (name == "random") return std::make_unique<OnePlyTablePlayer>("random", nullptr, seed);
  if (name == "greedy") return std::make_unique<OnePlyTablePlayer>("greedy", row_material_balance, seed);
  if (name == "material" || name == "tactical") return std::make_unique<SearchTablePlayer>(name, settings);
  throw std::invalid_argument("'" + std::string(name) + "' does not play on a row of three or more boards; the players there are " +
                              std::string(table_player_names()) +
                              " (the network plays two boards: core/RULES.md \"Three or more boards\")");
}

}  // namespace bh
