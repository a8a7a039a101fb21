// table.h — Table: bughouse on a row of boards (core/RULES.md "Three or more boards").
// Boards A, B, C... stand in a row with the colours alternating along it, so team 1 plays
// White on A, C, E... and Black on B, D, F.... Each board has two seats and two clocks. A
// captured piece goes to a team-mate of the capturer's choosing among those who play its
// colour: on three boards the end boards pass to the middle seat, and the middle seat,
// which receives from both sides, chooses which end board receives what it captures.
//
// The two-board Match (core/match.h) stays the type the search copies by the million: its
// fixed arrays and its two-board records are what keep it fast. A Table plays any row of
// 2..kMaxBoards boards, two included, so the two are checked against each other
// (tests/core/table_test.cpp). Time is given by the caller, as for a Match.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/board.h"
#include "core/match.h"
#include "core/movegen.h"
#include "core/outcome.h"
#include "core/rules.h"

namespace bh {

// An action at a table: a board move and, for a capture, the board whose mover's team-mate
// receives the piece. kNoBoard for a move that captures nothing; in play() also for a
// capture with a single possible receiver, which needs no choice.
struct TableMove {
  static constexpr std::uint8_t kNoBoard = 0xFF;
  Move move;
  std::uint8_t receiver = kNoBoard;
  bool operator==(const TableMove&) const = default;
};

// One action in the record of a table.
struct TableEvent {
  Seat seat;
  TableMove action;             // a wait is Move::wait()
  std::int64_t time_ms;
  std::int64_t clock_after_ms;  // the seat's remaining time after it
};

class Table {
 public:
  // `rules.boards` boards from the start position, every clock at the time control's start.
  // Throws std::invalid_argument for a rule set a table does not play
  // (core/rule_conflicts.h: variant chess, both_games, promotion = reserve, the draw rules).
  explicit Table(RuleSet rules, TimeControl tc = {});
  // From given boards (their number replaces rules.boards) and, when not empty, clocks in
  // seat order (two a board).
  Table(std::vector<Board> row, RuleSet rules, TimeControl tc, std::vector<std::int64_t> clocks = {});

  int boards() const { return int(boards_.size()); }
  int seats() const { return 2 * boards(); }
  const Board& board(BoardId b) const { return boards_[b]; }
  // Every board in order (what a row's evaluators read).
  const std::vector<Board>& row() const { return boards_; }
  // The boards and clocks the table started from (records replay from them).
  const Board& initial_board(BoardId b) const { return initial_[b]; }
  const std::vector<std::int64_t>& initial_clocks() const { return initial_clocks_; }
  const RuleSet& rules() const { return rules_; }
  const TimeControl& time_control() const { return tc_; }
  Seat mover(BoardId b) const { return make_seat(b, boards_[b].side_to_move()); }
  std::int64_t now() const { return now_; }
  std::int64_t turn_started(BoardId b) const { return turn_start_[b]; }
  std::int64_t remaining(Seat s, std::int64_t t) const;
  std::int64_t remaining(Seat s) const { return remaining(s, now_); }
  std::int64_t flag_time(BoardId b) const;
  int moves_played() const { return moves_played_; }
  const std::vector<TableEvent>& events() const { return events_; }
  const Outcome& outcome() const { return outcome_; }
  bool over() const { return outcome_.over(); }
  BoardState state(BoardId b) const { return board_state(boards_[b], rules_); }

  // The boards whose movers' team-mates may receive what board b's mover captures: the
  // boards an odd number of places away (their team-mate plays the captured colour).
  std::vector<BoardId> receivers(BoardId b) const;
  // Board b's mover's actions: each legal move, a capture once per receiver (a king taken
  // under king_capture passes nowhere). Empty once the table is over.
  std::vector<TableMove> legal_actions(BoardId b) const;

  // `action` as board b's mover would play it: a capture with a single receiver gets it.
  // Throws std::invalid_argument as play() does for an illegal move or a wrong receiver.
  TableMove checked(BoardId b, TableMove action) const;

  // Runs the clocks to t; a mover whose time ends on the way flags and ends the table.
  bool advance_to(std::int64_t t);
  // Board b's mover acts at time t. Returns false (nothing played) when the table ended
  // first. Throws std::invalid_argument for an illegal move, a receiver that is not one of
  // receivers(b) (or a missing one where there is a choice) or a time in the past.
  bool play(BoardId b, TableMove action, std::int64_t t);
  bool wait(BoardId b, std::int64_t t);
  void resign(Seat s, std::int64_t t);

 private:
  void play_checked(BoardId b, TableMove action, std::int64_t t);
  void check_board_end(BoardId b, std::int64_t t);
  void check_all_stuck(std::int64_t t);
  // Ends the table for the mover who would flag first (no earlier than t), a draw when
  // opponents tie: a flag, or every board stuck under stuck_rule = flag.
  void finish_by_clock(EndReason why, std::int64_t t);
  void require_time(std::int64_t t) const;

  std::vector<Board> boards_;
  std::vector<Board> initial_;
  std::vector<std::int64_t> initial_clocks_;
  RuleSet rules_;
  TimeControl tc_;
  std::vector<std::int64_t> clocks_;      // remaining when the seat's turn began
  std::vector<std::int64_t> turn_start_;  // per board
  std::int64_t now_ = 0;
  int moves_played_ = 0;
  std::vector<TableEvent> events_;
  Outcome outcome_;
};

}  // namespace bh
