// live_row.cpp — a row's referee: computers' actions when due, people's on arrival, flags.
#include "training/live/live_row.h"

#include <algorithm>
#include <limits>
#include <stdexcept>

#include "core/parse_error.h"
#include "core/table_notation.h"

namespace bh {

namespace {

constexpr std::int64_t kNever = std::numeric_limits<std::int64_t>::max();

}  // namespace

LiveRow::LiveRow(const LiveRowConfig& config, std::vector<std::unique_ptr<TablePlayer>> computers, LiveClock now)
    : config_(config), computers_(std::move(computers)), now_(std::move(now)), table_(config.rules, config.clock),
      rng_(config.seed), ready_(std::size_t(table_.boards()), kNever) {
  if (computers_.size() != std::size_t(table_.seats()))
    throw std::invalid_argument("a row of " + std::to_string(table_.boards()) + " boards seats " +
                                std::to_string(table_.seats()) + ", not " + std::to_string(computers_.size()));
}

void LiveRow::start() {
  started_ = true;
  for (int b = 0; b < table_.boards(); ++b) schedule(BoardId(b), 0);
}

// Board b's mover starts a think at `from` if it is a computer with a legal move.
void LiveRow::schedule(BoardId b, std::int64_t from) {
  const Seat mover = table_.mover(b);
  ready_[b] = computers_[mover] && table_.state(b) == BoardState::Playing
                  ? from + config_.think.sample_ms(table_.remaining(mover, from), rng_)
                  : kNever;
}

// After a move on board b at t: its next mover starts thinking, and a stuck computer that a
// piece reached wakes.
void LiveRow::after_move(BoardId b, std::int64_t t) {
  if (table_.over()) return;
  schedule(b, t);
  for (int j = 0; j < table_.boards(); ++j)
    if (ready_[j] == kNever) schedule(BoardId(j), t);
}

void LiveRow::emit(LiveRowEvent::Kind kind, Seat seat, std::string san, std::int64_t t) {
  if (listener_) listener_({kind, seat, std::move(san), t});
}

bool LiveRow::play_computer(BoardId b) {
  const std::int64_t t = ready_[b];
  if (!table_.advance_to(t)) return false;
  const Seat seat = table_.mover(b);
  const TableMove action = computers_[seat]->decide(table_, b);
  if (action.move.is_wait()) {
    table_.wait(b, t);
    ready_[b] = t + config_.think.wait_ms();
    emit(LiveRowEvent::Kind::Sit, seat, "", t);
    return true;
  }
  const std::string san = to_san(table_, b, action);
  table_.play(b, action, t);
  emit(LiveRowEvent::Kind::Move, seat, san, t);
  after_move(b, t);
  return true;
}

void LiveRow::step() {
  if (!started_ || over()) return;
  const std::int64_t t = now();
  for (;;) {
    const auto next = std::min_element(ready_.begin(), ready_.end());
    if (*next > t) break;
    if (!play_computer(BoardId(next - ready_.begin()))) break;
    if (over()) break;
  }
  if (!over()) table_.advance_to(std::max(t, table_.now()));
  if (over()) emit(LiveRowEvent::Kind::Over, table_.outcome().seat, "", table_.outcome().time_ms);
}

std::int64_t LiveRow::next_due_ms() const {
  if (over()) return kNever;
  std::int64_t due = *std::min_element(ready_.begin(), ready_.end());
  if (table_.time_control().timed())
    for (int b = 0; b < table_.boards(); ++b) due = std::min(due, table_.flag_time(BoardId(b)));
  return due;
}

SubmitResult LiveRow::submit(Seat seat, std::string_view text) {
  step();
  if (over()) return {Verdict::Over, "the match is over"};
  if (seat >= table_.seats() || !is_person(seat)) return {Verdict::NotYourTurn, "not a person's seat"};
  const BoardId b = board_of(seat);
  if (table_.mover(b) != seat) return {Verdict::NotYourTurn, "not your turn"};
  if (table_.state(b) != BoardState::Playing) return {Verdict::NotYourTurn, "you have no legal move: wait for a piece"};
  TableMove action;
  try {
    action = parse_action(table_, b, text);
  } catch (const ParseError& e) {
    return {Verdict::Illegal, e.what()};
  }
  const std::int64_t t = std::max(now(), table_.now());
  const std::string san = to_san(table_, b, action);
  if (!table_.play(b, action, t)) {
    emit(LiveRowEvent::Kind::Over, table_.outcome().seat, "", table_.outcome().time_ms);
    return {Verdict::Over, "the match is over"};
  }
  emit(LiveRowEvent::Kind::Move, seat, san, t);
  after_move(b, t);
  if (over()) emit(LiveRowEvent::Kind::Over, table_.outcome().seat, "", t);
  return {};
}

void LiveRow::resign(Seat seat) {
  if (over()) return;
  table_.resign(seat, std::max(now(), table_.now()));
  if (over()) emit(LiveRowEvent::Kind::Over, table_.outcome().seat, "", table_.outcome().time_ms);
}

}  // namespace bh
