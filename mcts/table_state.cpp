// table_state.cpp — turn order at a row of boards by ready_at times, waits, stuck movers and
// flags, as game_state.cpp orders two boards.
#include "mcts/table_state.h"

#include <algorithm>
#include <cassert>
#include <stdexcept>
#include <string>

namespace bh {

TableState::TableState(const Table& table, const TurnModel& model)
    : table_(table), time_(model.time), allow_wait_(model.allow_wait), ready_(std::size_t(table.boards()), kNever) {}

TableState TableState::at_decision(const Table& table, BoardId b, std::int64_t t, const TurnModel& model) {
  if (table.over()) throw std::invalid_argument("the table is over");
  if (b >= table.boards()) throw std::invalid_argument("the table has no board " + std::string(1, board_letter(b)));
  if (t < table.now()) throw std::invalid_argument("decision time is before the table's last event");
  if (table.state(b) != BoardState::Playing)
    throw std::invalid_argument(std::string(seat_name(table.mover(b))) + " has no legal move");
  TableState s(table, model);
  for (int j = 0; j < table.boards(); ++j) {
    const BoardId other = BoardId(j);
    if (other == b || table.state(other) != BoardState::Playing) continue;
    const std::int64_t start = table.turn_started(other);
    // At least 1 ms after t: the decider acts first, whichever board it is on.
    s.ready_[j] = t + s.time_.expected_rest_ms(table.remaining(table.mover(other), start), t - start);
  }
  s.ready_[b] = t;
  s.settle();
  return s;
}

std::int64_t TableState::schedule(BoardId b, std::int64_t t) const {
  if (table_.state(b) != BoardState::Playing) return kNever;  // stuck: waits for a piece
  return t + time_.expected_ms(table_.remaining(table_.mover(b), t));
}

void TableState::settle() {
  if (table_.over()) return;
  const auto first = std::min_element(ready_.begin(), ready_.end());  // ties: the first board
  if (table_.time_control().timed()) {
    std::int64_t flag = kNever;
    for (int b = 0; b < table_.boards(); ++b) flag = std::min(flag, table_.flag_time(BoardId(b)));
    // A flag at the same moment as a move comes first (Table::advance_to).
    if (flag <= *first) {
      table_.advance_to(flag);
      assert(table_.over());
      return;
    }
  }
  // Untimed, every mover stuck ends the table itself; so someone is ready.
  assert(*first != kNever);
  next_board_ = BoardId(first - ready_.begin());
  next_time_ = *first;
}

void TableState::actions(std::vector<TableMove>& out) const {
  assert(!over());
  out = table_.legal_actions(next_board_);
  if (wait_allowed()) out.push_back({Move::wait()});
}

void TableState::apply(TableMove action) {
  assert(!over());
  const BoardId b = next_board_;
  const std::int64_t t = next_time_;
  if (action.move.is_wait()) {
    assert(wait_allowed());
    table_.wait(b, t);
    ready_[b] = t + time_.wait_ms();
  } else {
    table_.play(b, action, t);
    if (table_.over()) return;
    ready_[b] = schedule(b, t);
    // A capture may have filled a stuck mover's reserve: it wakes and starts thinking now.
    for (int j = 0; j < table_.boards(); ++j)
      if (ready_[j] == kNever) ready_[j] = schedule(BoardId(j), t);
  }
  settle();
}

float TableState::result_for(Team t) const {
  if (!table_.over()) return 0.0f;
  return 2.0f * float(table_.outcome().share(t)) - 1.0f;
}

}  // namespace bh
