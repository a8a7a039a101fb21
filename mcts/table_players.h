// table_players.h — the built-in players of a row of boards (core/table.h, core/RULES.md
// "Three or more boards"): the random mover, the one-ply greedy material player of
// greedy_player.h and a one-ply player judged by the tactical evaluator's score
// (simple_evaluators.h), read for a row. The capture's receiver is part of the action.
// The search and the network play two boards (mcts/README.md "Three or more boards").
#pragma once

#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <string_view>

#include "core/table.h"
#include "mcts/rng.h"

namespace bh {

class TablePlayer {
 public:
  virtual ~TablePlayer() = default;
  // Board b's mover, which has a legal action, acts now on the table being played.
  virtual TableMove decide(const Table& table, BoardId b) = 0;
  virtual std::string name() const = 0;
};

// "random", "greedy" or "tactical" (one ply, then TacticalEvaluator's score of the row:
// material, the captures each board's mover has pending, king danger), seeded; throws
// std::invalid_argument naming the players a row has.
std::unique_ptr<TablePlayer> make_table_player(std::string_view name, std::uint64_t seed);
// The names make_table_player knows, for help texts and errors: "random, greedy, tactical".
std::string_view table_player_names();

}  // namespace bh
