// table_match.h — one game at a row of boards (core/table.h) between built-in players
// (table_players.h). Each board's mover acts when a think time, drawn from the time model
// at the start of its turn, has passed; it decides then, on the table as it is: a move, or
// in a timed table a wait of one slice (the time model's wait_ms), after which it decides
// again. A stuck mover is asked again when a piece reaches it. The clocks and the table's rules decide
// the rest (core/RULES.md "Three or more boards").
#pragma once

#include <cstdint>
#include <span>

#include "core/table.h"
#include "mcts/table_players.h"
#include "mcts/time_model.h"

namespace bh {

struct TableMatchConfig {
  RuleSet rules;      // rules.boards boards
  TimeControl clock;
  TimeModel think;    // the simulated think times
  std::uint64_t seed = 1;
};

// players[s] plays seat s (two a board, White first, in board order). Returns the table,
// over. Throws std::invalid_argument when the players do not fill the seats.
Table play_table_match(std::span<TablePlayer* const> players, const TableMatchConfig& config);

}  // namespace bh
