// live_row_table.h — `bughouse play` on a row of three or more boards (core/RULES.md
// "Three or more boards"): a person at one seat at the terminal, the row's built-in
// players at the others, refereed by LiveRow on real time. It reads and shows the table as
// the two-board front end does (live_table.h): a move in UCI or SAN, with `>C` naming the
// board that receives a capture where there is a choice; `resign`, `help`, an empty line to
// redraw; end of input resigns. On a terminal the table is redrawn on every event; into a
// pipe, one line per event and the table when it is the person's turn.
#pragma once

#include <memory>
#include <ostream>
#include <vector>

#include "core/table.h"
#include "training/live/live_row.h"

namespace bh {

struct LiveRowTableConfig {
  LiveRowConfig row;
  Seat you = AWhite;
  bool interactive = false;  // a terminal: clear and redraw the screen
};

class LiveRowTable {
 public:
  // `computers[s]` plays every seat s but config.you (that entry is ignored). Throws
  // std::invalid_argument when a computer seat is empty or `you` is no seat of the row.
  LiveRowTable(const LiveRowTableConfig& config, std::vector<std::unique_ptr<TablePlayer>> computers, int input_fd,
               std::ostream& out);
  ~LiveRowTable();
  LiveRowTable(const LiveRowTable&) = delete;
  LiveRowTable& operator=(const LiveRowTable&) = delete;

  // Plays the row to its end and returns the table with its record.
  Table run();

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace bh
