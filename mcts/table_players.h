// table_players.h — the built-in players of a row of boards (core/table.h, core/RULES.md
// "Three or more boards"), named as on two boards: the random mover and the one-ply greedy
// material player of greedy_player.h, and the search (table_search.h) with the material or
// the tactical evaluator. The capture's receiver is part of the action. The network plays
// two boards only (mcts/README.md "A row's search").
#pragma once

#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <string_view>

#include "core/table.h"
#include "mcts/game_state.h"
#include "mcts/rng.h"
#include "mcts/search_config.h"

namespace bh {

class TablePlayer {
 public:
  virtual ~TablePlayer() = default;
  // Board b's mover, which has a legal action, acts now on the table being played: one of
  // table.legal_actions(b), or Move::wait() where the table is timed (a search player).
  virtual TableMove decide(const Table& table, BoardId b) = 0;
  virtual std::string name() const = 0;
};

// What the search players need: the search's knobs (`visits` per decision) and the turn
// order's time model (the think times the search expects, the wait slice).
struct TableSearchSettings {
  SearchConfig search;
  TurnModel turn;
};

// "random", "greedy" (seeded: ties at random), or "material" or "tactical": the search with
// that evaluator at settings.search.visits (deterministic). Throws std::invalid_argument
// naming the players a row has.
std::unique_ptr<TablePlayer> make_table_player(std::string_view name, std::uint64_t seed,
                                               const TableSearchSettings& settings = {});
// The names make_table_player knows, for help texts and errors.
std::string_view table_player_names();

}  // namespace bh
