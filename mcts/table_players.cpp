// table_players.cpp — random and one-ply greedy actions at a row of boards.
#include "mcts/table_players.h"

#include <limits>
#include <stdexcept>
#include <vector>

#include "core/board_rules.h"
#include "mcts/material.h"

namespace bh {

namespace {

constexpr int kMateScore = 1'000'000;

// The balance for the mover's team after `action`, kMateScore for a mate or a king taken.
int greedy_score(const Table& table, BoardId b, TableMove action) {
  std::vector<Board> boards;
  for (int j = 0; j < table.boards(); ++j) boards.push_back(table.board(BoardId(j)));
  const Team us = team_of(table.mover(b));
  const Capture captured = boards[b].play(action.move, table.rules().promotion);
  if (captured.type == King || board_state(boards[b], table.rules()) == BoardState::Checkmate) return kMateScore;
  if (captured) boards[action.receiver].add_to_reserve(captured.color, passed_type(captured, table.rules()));
  return row_material_balance(boards, us);
}

// The best-scoring action, ties at random (every action alike: the random mover).
class OnePlyTablePlayer final : public TablePlayer {
 public:
  OnePlyTablePlayer(std::string name, bool greedy, std::uint64_t seed) : name_(std::move(name)), greedy_(greedy), rng_(seed) {}

  TableMove decide(const Table& table, BoardId b) override {
    const std::vector<TableMove> actions = table.legal_actions(b);
    if (actions.empty()) throw std::logic_error(name_ + " player asked to move without a legal move");
    std::vector<TableMove> best;
    int best_score = std::numeric_limits<int>::min();
    for (const TableMove& a : actions) {
      const int score = greedy_ ? greedy_score(table, b, a) : 0;
      if (score > best_score) best_score = score, best.clear();
      if (score == best_score) best.push_back(a);
    }
    return best[rng_.below(best.size())];
  }
  std::string name() const override { return name_; }

 private:
  std::string name_;
  bool greedy_;
  Rng rng_;
};

}  // namespace

int row_material_balance(std::span<const Board> boards, Team t) {
  int balance = 0;
  for (std::size_t j = 0; j < boards.size(); ++j) {
    const Color ours = team_of(BoardId(j), White) == t ? White : Black;
    balance += side_material(boards[j], ours) - side_material(boards[j], ~ours);
  }
  return balance;
}

std::string_view table_player_names() { return "random, greedy"; }

std::unique_ptr<TablePlayer> make_table_player(std::string_view name, std::uint64_t seed) {
  if (name == "random" || name == "greedy")
    return std::make_unique<OnePlyTablePlayer>(std::string(name), name == "greedy", seed);
  throw std::invalid_argument("'" + std::string(name) + "' does not play on a row of three or more boards; the players there are " +
                              std::string(table_player_names()) +
                              " (the search and the network play two boards: core/RULES.md \"Three or more boards\")");
}

}  // namespace bh
