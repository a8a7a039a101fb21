// terminal_round.h — one round of a terminal front end (live_table.h for two boards,
// live_row_table.h for a row): the referee catches up, the person's lines are handled, end
// of input resigns (the person left the table), and the loop sleeps until input, the next
// due action or the next flag (at most 50 ms, so the clocks shown never lag more).
#pragma once

#include <algorithm>
#include <cstdint>
#include <string>

#include "core/types.h"
#include "training/live/line_reader.h"

namespace bh {

// `live` is a LiveMatch or a LiveRow; `on_line(line)` handles one line of the person at
// `you`. Returns false once the match is over or the person left.
template <class Referee, class OnLine>
bool terminal_round(Referee& live, LineReader& input, Seat you, OnLine on_line) {
  live.step();
  if (live.over()) return false;
  for (const std::string& line : input.read()) {
    on_line(line);
    if (live.over()) return false;
  }
  if (!input.open()) {
    live.resign(you);
    return false;
  }
  input.wait(int(std::clamp<std::int64_t>(live.next_due_ms() - live.now(), 0, 50)));
  return true;
}

}  // namespace bh
