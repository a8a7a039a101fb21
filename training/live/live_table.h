// live_table.h — a person plays one seat of a bughouse match at the terminal against
// three programs, on real wall-clock time (core/RULES.md "Table and teams": both boards run at once; only the
// two movers' clocks run). The computer seats think concurrently, each on a thread of
// its own, and their moves land when their think time (the time model's, or what the
// program really took if longer) has passed; flags fall on time; a capture wakes a stuck
// mover on the other board.
//
// The person's input is read line by line from a file descriptor (standard input): a
// move in UCI or SAN (`e2e4`, `Nf3`, `N@f3`, `exd5`), `resign`, `help`, or an empty line
// to redraw. End of input resigns (a script that stops, a closed terminal).
//
// Output: on a terminal the whole table is redrawn on every event (the clocks as they
// stand then; not on a timer, which would wipe what the person is typing); into a pipe or
// a dumb terminal (`interactive` false) the table is printed when it becomes the person's
// turn and one line per other event, so a log stays readable.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <ostream>

#include "core/match.h"
#include "mcts/player.h"

namespace bh {

struct LiveTableConfig {
  RuleSet rules;
  TimeControl clock = TimeControl{180'000, 0};
  Seat you = AWhite;
  bool interactive = false;  // a terminal: clear and redraw the screen
};

class LiveTable {
 public:
  // `computers[s]` plays seat s for every s but config.you (that entry may be null).
  // `input_fd` is read (not closed) for the person's lines.
  LiveTable(const LiveTableConfig& config, std::array<std::unique_ptr<Player>, kSeats> computers, int input_fd,
            std::ostream& out);
  ~LiveTable();
  LiveTable(const LiveTable&) = delete;
  LiveTable& operator=(const LiveTable&) = delete;

  // Plays the match to its end and returns it with its record (clock stamps included).
  // Throws what a computer player throws.
  Match run();

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace bh
