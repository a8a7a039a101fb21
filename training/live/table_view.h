// table_view.h — the bughouse table as plain text for a terminal: both boards side by
// side, each seat's name, clock and reserve, who is to move and the last move on each
// board. The seat at the table sees its own board from its side and the partner's board
// from the partner's side (as bughouse players sit). A promoted piece is marked `~`
// after its letter, as in BFEN. No colours, no cursor tricks: it reads the same in a
// dumb terminal, a pipe or a log.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/match.h"

namespace bh {

// Remaining time as m:ss (and tenths under 20 seconds): "2:59", "0:07.4", "-" untimed.
std::string format_clock(std::int64_t ms, bool timed);

// The table at match time t (>= match.now()); `you` marks the person's seat.
std::string render_table(const Match& match, std::int64_t t, std::optional<Seat> you);

// "12A. Nf3" style label of the latest move of `seat`'s board, or "".
std::string last_move_text(const Match& match, BoardId board);

// The pieces `c` holds on `board`: "[QNP]".
std::string reserve_text(const Board& board, Color c);
// The board's eleven lines seen from `bottom`'s side, coordinates and promoted marks
// included (what both tables draw: render_table here, render_row in row_view.h).
std::vector<std::string> board_rows(const Board& board, Color bottom);

}  // namespace bh
