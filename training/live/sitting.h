// sitting.h — whether a board's mover is sitting, waiting for a piece, and since when: the
// mark the tables show beside that seat (the terminal's table, the browser's page). A
// mover sits when it has no legal move and must wait (core/RULES.md "Check, mate and
// waiting") or when it chose the wait action on this turn; either way its clock runs.
#pragma once

#include <cstdint>
#include <optional>

#include "core/match.h"

namespace bh {

// The match time at which board `board`'s mover began its turn (the board's last move,
// or the start), when that mover is sitting now; nullopt when it is not (or the match is
// over). How long it has waited at time t is t minus this.
std::optional<std::int64_t> sitting_since(const Match& match, BoardId board);

}  // namespace bh
