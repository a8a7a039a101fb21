// table_state.h — a row of boards as a search problem (core/RULES.md "Three or more
// boards"), the row's counterpart of game_state.h: a Table plus, for each board, the time
// at which its mover will act (`ready_at`). The next decision belongs to the mover with the
// earliest ready_at (the first board on ties); a flag that comes first ends the table.
// Think times are the time model's expectations, so a tree is deterministic.
//
// - A mover that acts plays an action (a move with its receiver, table.h) or waits (it
//   decides again one wait slice later, clock running; timed tables only).
// - A mover with no legal move is stuck: it has no decision until a capture fills its
//   reserve and wakes it; otherwise it flags. Every mover stuck is the table's own case.
#pragma once

#include <cstdint>
#include <limits>
#include <vector>

#include "core/table.h"
#include "mcts/game_state.h"

namespace bh {

class TableState {
 public:
  static constexpr std::int64_t kNever = std::numeric_limits<std::int64_t>::max();

  // Board b's mover, which has a legal move, acts at time t >= table.now(); every other
  // board's mover is expected after the model's expected rest of the think under way.
  // Throws std::invalid_argument for a table that is over, a time in the past or a stuck
  // mover.
  static TableState at_decision(const Table& table, BoardId b, std::int64_t t, const TurnModel& model);

  const Table& table() const { return table_; }
  bool over() const { return table_.over(); }
  // The board whose mover decides next, the seat and when (only while !over()).
  BoardId decider_board() const { return next_board_; }
  Seat decider() const { return table_.mover(next_board_); }
  std::int64_t time() const { return next_time_; }
  std::int64_t ready_at(BoardId b) const { return ready_[b]; }
  bool wait_allowed() const { return allow_wait_ && table_.time_control().timed(); }

  // The decider's actions: Table::legal_actions, then a wait where waiting is allowed.
  void actions(std::vector<TableMove>& out) const;
  // The decider plays `action` (one of actions()) at time(); the state moves on to the next
  // decision or to the end of the table.
  void apply(TableMove action);
  // Once over(): +1 if team t won, -1 if it lost, 0 for a draw.
  float result_for(Team t) const;

 private:
  TableState(const Table& table, const TurnModel& model);
  std::int64_t schedule(BoardId b, std::int64_t t) const;
  void settle();

  Table table_;
  TimeModel time_;
  bool allow_wait_ = true;
  std::vector<std::int64_t> ready_;
  BoardId next_board_ = BoardA;
  std::int64_t next_time_ = 0;
};

}  // namespace bh
