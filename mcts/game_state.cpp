// game_state.cpp — turn order by ready_at times, waits, stuck movers and flags.
#include "mcts/game_state.h"

#include <algorithm>
#include <cassert>
#include <stdexcept>
#include <utility>

#include "core/notation.h"
#include "core/recorded_ending.h"

namespace bh {

Match unrecorded_copy(const Match& match) {
  if (!match.recording()) return match;
  Match copy(match.initial_board(BoardA), match.initial_board(BoardB), match.rules(), match.time_control(),
             match.initial_clocks(), match.initial_moves_played());
  copy.set_recording(false);
  // Ends that leave no event (resignation, agreement, a flag; under both_games one game's)
  // are copied as they are, each at its time.
  const std::array<GameEnding, 2> games{match.game(BoardA), match.game(BoardB)};
  for (const MatchEvent& e : match.events()) {
    BoardId b = board_of(e.seat);
    apply_game_endings_due(copy, games, e.time_ms);
    if (e.move.is_wait()) copy.wait(b, e.time_ms);
    else copy.play_legal(b, e.move, e.time_ms);
  }
  apply_game_endings_due(copy, games, match.now());
  if (match.over()) finish_as_recorded(copy, match.outcome());
  return copy;
}

GameState::GameState(Match match, const TurnModel& model, bool sampling, Rng sampler)
    : match_(unrecorded_copy(match)), time_(model.time), rng_(sampler), sampling_(sampling),
      allow_wait_(model.allow_wait) {}

GameState GameState::sampled(Match match, const TurnModel& model, Rng sampler) {
  GameState g(std::move(match), model, true, sampler);
  for (BoardId b : {BoardA, BoardB}) g.ready_[b] = g.schedule(b, g.match_.turn_started(b));
  g.settle();
  return g;
}

GameState GameState::expected(Match match, const TurnModel& model) {
  GameState g(std::move(match), model, false, Rng());
  for (BoardId b : {BoardA, BoardB}) g.ready_[b] = g.schedule(b, g.match_.turn_started(b));
  g.settle();
  return g;
}

GameState GameState::at_decision(Match match, Seat seat, std::int64_t t, const TurnModel& model) {
  GameState g(std::move(match), model, false, Rng());
  const BoardId own = board_of(seat), far = other(own);
  if (g.match_.mover(own) != seat)
    throw std::invalid_argument(std::string(seat_name(seat)) + " is not to move on its board");
  if (g.match_.over()) throw std::invalid_argument("the match is over");
  if (t < g.match_.now()) throw std::invalid_argument("decision time is before the match's last event");
  if (g.match_.state(own) != BoardState::Playing)
    throw std::invalid_argument(std::string(seat_name(seat)) + " has no legal move");
  g.ready_[own] = t;
  g.ready_[far] = kNever;
  if (g.match_.state(far) == BoardState::Playing) {
    const Seat s = g.match_.mover(far);
    const std::int64_t start = g.match_.turn_started(far);
    g.ready_[far] = t + g.time_.expected_rest_ms(g.match_.remaining(s, start), t - start);
  }
  g.settle();
  return g;
}

GameState GameState::for_search() const {
  assert(!over());
  GameState g = *this;
  g.sampling_ = false;
  const BoardId far = other(next_board_);
  if (g.ready_[far] != kNever) {
    const Seat s = match_.mover(far);
    const std::int64_t start = match_.turn_started(far);
    // At least 1 ms later than now: the decider acts first, whichever board it is on.
    g.ready_[far] = next_time_ + time_.expected_rest_ms(match_.remaining(s, start), next_time_ - start);
  }
  return g;
}

std::int64_t GameState::think_ms(std::int64_t clock_ms) {
  return sampling_ ? time_.sample_ms(clock_ms, rng_) : time_.expected_ms(clock_ms);
}

std::int64_t GameState::schedule(BoardId b, std::int64_t t) {
  if (match_.state(b) != BoardState::Playing) return kNever;  // stuck: waits for a piece
  return t + think_ms(match_.remaining(match_.mover(b), t));
}

void GameState::settle() {
  if (match_.over()) return;
  const std::int64_t next = std::min(ready_[BoardA], ready_[BoardB]);
  if (match_.time_control().timed()) {
    // A flag at the same moment as a move comes first (Match::advance_to: a move at the
    // flag time is too late).
    const std::int64_t flag = std::min(match_.flag_time(BoardA), match_.flag_time(BoardB));
    if (flag <= next) {
      match_.advance_to(flag);
      assert(match_.over());
      return;
    }
  }
  // Untimed, one board stuck: the other board plays on; both stuck ends the Match itself.
  assert(next != kNever);
  next_board_ = ready_[BoardA] <= ready_[BoardB] ? BoardA : BoardB;  // ties: board A first
  next_time_ = next;
}

void GameState::actions(MoveList& out) const {
  assert(!over());
  generate_legal(match_.board(next_board_), match_.rules(), out);
  if (wait_allowed()) out.push(Move::wait());
}

void GameState::apply(Move action) {
  assert(!over());
  const BoardId b = next_board_;
  const std::int64_t t = next_time_;
  if (action.is_wait()) {
    assert(wait_allowed());
    match_.wait(b, t);
    ready_[b] = t + time_.wait_ms();
  } else {
    match_.play_legal(b, action, t);
    if (match_.over()) return;
    ready_[b] = schedule(b, t);
    // A capture may have filled a stuck mover's reserve on the other board: it wakes and
    // starts thinking now (its clock has been running all along).
    const BoardId far = other(b);
    if (ready_[far] == kNever && match_.state(far) == BoardState::Playing) ready_[far] = schedule(far, t);
  }
  settle();
}

void GameState::apply_checked(Move action) {
  if (over()) throw std::invalid_argument("the match is over");
  const bool ok = action.is_wait() ? wait_allowed()
                                   : is_legal(match_.board(next_board_), match_.rules(), action);
  if (!ok)
    throw std::invalid_argument("action " + to_uci(action) + " is not available to " +
                                std::string(seat_name(decider())));
  apply(action);
}

void GameState::resign() {
  assert(!over());
  match_.resign(decider(), next_time_);
}

void GameState::end_in_draw() {
  if (!over()) match_.agree_draw(match_.now());
}

float GameState::result_for(Team t) const {
  // -1 to 1: a loss, a draw, a win; under both_games the share of the two games' points
  // (1.5-0.5 is +0.5 for the winners), core/RULES.md "Both games played out".
  if (!match_.over()) return 0.0f;
  return 2.0f * float(match_.outcome().share(t)) - 1.0f;
}

}  // namespace bh
