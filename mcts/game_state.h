// game_state.h — the four-player match as a search problem (mcts/README.md "The four-player
// match as a search problem"). A GameState is a Match plus, for each
// board, the time at which its mover will act (`ready_at`). The next decision belongs to
// the mover with the earliest ready_at; a flag that comes first ends the match instead.
//
// - A mover that acts plays a move (its clock pays the time since its turn began; the
//   opponent on that board starts thinking) or waits (it decides again one wait slice
//   later, clock running).
// - A mover with no legal move is stuck: it has no decision, its ready_at is "never" until
//   a capture on the other board fills its reserve and wakes it; otherwise it flags
//   (core/RULES.md "Check, mate and waiting"). Both boards stuck is the Match's stuck_rule case.
// - Think times come from the TimeModel: sampled (self-play's real matches) or expected
//   (inside search, so a tree is deterministic).
#pragma once

#include <array>
#include <cstdint>
#include <limits>

#include "core/match.h"
#include "core/match_view.h"
#include "core/movegen.h"
#include "mcts/rng.h"
#include "mcts/time_model.h"

namespace bh {

// What the match model needs besides the Match: the time model and whether a mover may
// choose to wait (only in timed matches: without clocks a wait costs nothing).
struct TurnModel {
  TimeModel time;
  bool allow_wait = true;
};

class GameState {
 public:
  static constexpr std::int64_t kNever = std::numeric_limits<std::int64_t>::max();

  // A match whose movers both start thinking at their turn_started() time (a new match:
  // time 0), with think times drawn from `sampler`: self-play's real matches.
  static GameState sampled(Match match, const TurnModel& model, Rng sampler);
  // The same with expected think times: deterministic (tests, search from a start).
  static GameState expected(Match match, const TurnModel& model);
  // `seat` (the mover of its board) acts at time t >= match.now(); the other board's mover
  // is expected to act after the model's expected rest of its think. The root of a search
  // for a player asked to move now (arena players, bench positions).
  static GameState at_decision(Match match, Seat seat, std::int64_t t, const TurnModel& model);

  // This state seen by the decider's search: the same match and decision, think times by
  // expectation from now on, and the other board's pending action (which the decider
  // cannot know) at its expected time given how long that mover has been thinking.
  GameState for_search() const;

  const Match& match() const { return match_; }
  bool over() const { return match_.over(); }
  // The seat that decides next and when (only while !over()).
  Seat decider() const { return match_.mover(next_board_); }
  BoardId decider_board() const { return next_board_; }
  std::int64_t time() const { return next_time_; }
  // When board b's mover will act; kNever while it is stuck.
  std::int64_t ready_at(BoardId b) const { return ready_[b]; }
  bool wait_allowed() const { return allow_wait_ && match_.time_control().timed(); }
  bool sampling() const { return sampling_; }

  // The decider's actions: its legal moves, then Move::wait() where waiting is allowed.
  void actions(MoveList& out) const;
  MoveList actions() const {
    MoveList list;
    actions(list);
    return list;
  }
  // What the decider sees (the network's input).
  MatchView view() const { return MatchView::of(match_, decider(), next_time_); }

  // The decider plays `action` (one of actions()) at time(), then the state moves on to the
  // next decision or to the end of the match.
  void apply(Move action);
  // Like apply, for an action not known to come from actions(); throws
  // std::invalid_argument naming the action when it is not one.
  void apply_checked(Move action);
  // The decider resigns at time() (self-play's resign rule).
  void resign();
  // Ends the match as a draw now: for draws only a recording Match can see (threefold
  // repetition under the repetition_draw option needs the record's position history).
  void end_in_draw();

  // Once over(): +1 if team t won, -1 if it lost, 0 for a draw.
  float result_for(Team t) const;

 private:
  GameState(Match match, const TurnModel& model, bool sampling, Rng sampler);
  std::int64_t think_ms(std::int64_t clock_ms);
  // ready_at for board b's mover, who starts (or resumes) thinking at time t.
  std::int64_t schedule(BoardId b, std::int64_t t);
  // Moves to the next decision: the earliest ready_at, unless a flag falls first.
  void settle();

  Match match_;
  TimeModel time_;
  Rng rng_;
  bool sampling_ = false;
  bool allow_wait_ = true;
  std::array<std::int64_t, 2> ready_{kNever, kNever};
  BoardId next_board_ = BoardA;
  std::int64_t next_time_ = 0;
};

// A copy of `match` that keeps no record, so that copying it allocates nothing (search
// copies a state per simulation). Rebuilt by replaying the record when it has one. Such a
// match has no position history: the repetition_draw option is judged only by the
// recording Match that self-play keeps beside it (search does not see repetitions).
Match unrecorded_copy(const Match& match);

}  // namespace bh
