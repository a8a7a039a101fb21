// row_view.h — a row of boards (core/RULES.md "Three or more boards") as plain text for a
// terminal, in the manner of table_view.h: each board with its two seats' names, clocks and
// reserves and who is to move, three boards to a band. Every board is drawn from the side
// the viewer's team plays there (colours alternate along the row), so the viewer's team
// sits at the bottom throughout.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "core/table.h"

namespace bh {

// The row at time t (>= table.now()); `you` marks the person's seat.
std::string render_row(const Table& table, std::int64_t t, std::optional<Seat> you);

}  // namespace bh
