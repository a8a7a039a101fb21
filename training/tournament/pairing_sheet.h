// pairing_sheet.h — a round's pairings as one printable page, for the wall of the club's
// room: each table with its two teams, and for each match of the meeting who plays which
// colour on which board (the seats of tournament.h seats_of), then the bye. Self-contained
// HTML (no scripts, no outside files), names escaped.
#pragma once

#include <string>

#include "training/tournament/tournament.h"

namespace bh {

// Round `round` (0-based) of the tournament's journal; throws std::out_of_range if that
// round is not paired yet.
std::string pairing_sheet_html(const Tournament& tournament, int round);

}  // namespace bh
