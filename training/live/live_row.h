// live_row.h — the referee of a live row of three or more boards (core/RULES.md "Three or
// more boards") on wall-clock time: people at some seats, the row's built-in players
// (mcts/table_players.h) at the others; core's Table is the only judge of the rules.
//
// The row's counterpart of live_match.h, with its clock function, verdicts and drive
// (step() by the time next_due_ms() says; submit() and resign() when a person acts). What
// differs, and why: a row's players answer in milliseconds (one ply, or a search of a few
// hundred visits with no network), so a computer decides inside step() at the moment its
// think time (drawn from the time model when its turn began) has passed, on the table as
// it is then, with no threads. A row has no partner talk or draw offers yet.
//
// Single-threaded: every call from the front end's thread; events are delivered inside
// the call that caused them.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "core/table.h"
#include "mcts/rng.h"
#include "mcts/table_players.h"
#include "mcts/time_model.h"
#include "training/live/live_match.h"

namespace bh {

// What happened at the row: a move (`san` as it read before it was played, the receiver
// included where there was a choice), a computer that sits one wait slice, or the end.
struct LiveRowEvent {
  enum class Kind { Move, Sit, Over };
  Kind kind = Kind::Move;
  Seat seat = AWhite;
  std::string san;
  std::int64_t time_ms = 0;
};
using LiveRowListener = std::function<void(const LiveRowEvent&)>;

struct LiveRowConfig {
  RuleSet rules;  // rules.boards boards
  TimeControl clock;
  TimeModel think;  // the computers' think times and wait slice
  std::uint64_t seed = 1;
};

class LiveRow {
 public:
  // `computers[s]` plays seat s (2 * rules.boards seats); a null entry is a person's seat.
  // Throws std::invalid_argument for rules a row does not play or the wrong number of
  // seats.
  LiveRow(const LiveRowConfig& config, std::vector<std::unique_ptr<TablePlayer>> computers,
          LiveClock now = steady_live_clock());

  void on_event(LiveRowListener listener) { listener_ = std::move(listener); }
  // Time 0: the first computer movers start thinking.
  void start();
  // A person at `seat` plays `text` (UCI or SAN, `>C` for the receiver where there is a
  // choice: core/table_notation.h) now. Due computer moves land first.
  SubmitResult submit(Seat seat, std::string_view text);
  void resign(Seat seat);
  // Due computer actions played in time order, flags judged.
  void step();
  // When step() next has something to do; the largest int64 when nothing is due.
  std::int64_t next_due_ms() const;

  const Table& table() const { return table_; }
  std::int64_t now() const { return now_(); }
  bool over() const { return table_.over(); }
  bool is_person(Seat seat) const { return !computers_[seat]; }

 private:
  void schedule(BoardId b, std::int64_t from);
  void after_move(BoardId b, std::int64_t t);
  void emit(LiveRowEvent::Kind kind, Seat seat, std::string san, std::int64_t t);
  // Plays board b's due computer action; false when the table ended first.
  bool play_computer(BoardId b);

  LiveRowConfig config_;
  std::vector<std::unique_ptr<TablePlayer>> computers_;
  LiveClock now_;
  Table table_;
  Rng rng_;
  std::vector<std::int64_t> ready_;  // a computer mover's action time; kNever for people and stuck movers
  LiveRowListener listener_;
  bool started_ = false;
};

}  // namespace bh
