// row_state_json.h — a row's state as the JSON the page draws from (training/server/README.md
// "A row of boards"; core/RULES.md "Three or more boards"): the state message of a two-board
// table (state_json.h) with one entry per board of the row in `boards`, two seats a board
// in `clocks`, `reserves` and `seats`, and actions written with their receiver where the
// capture has a choice (`e4d5>C`).
#pragma once

#include <cstdint>
#include <span>
#include <string>

#include <nlohmann/json.hpp>

#include "core/table.h"
#include "training/server/state_json.h"

namespace bh::server {

// `row` at time `now` (>= row.now()); `started`: the clocks run; `seats`: one per seat.
// Each board: `fen`, `mover`, `stuck`, `last` (its last action in UCI or null), `check`
// and `legal` (the mover's actions in UCI while the row plays).
nlohmann::json row_state_json(const std::string& table, const bh::Table& row, std::int64_t now, bool started,
                              std::span<const SeatStatus> seats);

}  // namespace bh::server
