// live_match.h — the referee of one live bughouse match on wall-clock time, shared by
// every front end (the terminal's `bughouse play`, the browser's `bughouse serve`): one
// model of a live match, with core's Match as the only judge of the rules.
//
// What it referees (core/RULES.md "Table and teams", "Clocks"): both boards run at once
// and only the two movers' clocks run; a computer seat decides on a thread of its own and
// its action lands when its think time (from PlayerAction) has passed; a person's move is
// stamped with the time it arrives; a flag falls when the clock says so, whether or not
// anybody moves; a capture that hands a stuck mover a piece wakes it. Partner talk
// between a person and a computer partner passes through it (tell(), Tell events); a
// computer hears only between its decisions, never during one.
//
// It is driven by a loop: the front end calls step() often (at least by the time
// next_due_ms() says) and submit()/resign() whenever a person acts; all of them are
// thread-safe. Time comes from a clock function (milliseconds since the match started),
// so tests can hold time still and move it by hand; await_decisions() lets a test wait
// for the computer threads instead of sleeping.
#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <vector>

#include "core/match.h"
#include "mcts/player.h"

namespace bh {

// Milliseconds since the match started (called under the referee's lock; must not block).
using LiveClock = std::function<std::int64_t()>;
// The wall clock: milliseconds of steady time since the returned clock was first read.
LiveClock steady_live_clock();

// The answer to a person's action.
enum class Verdict { Ok, Illegal, NotYourTurn, Over, Refused };

struct SubmitResult {
  Verdict verdict = Verdict::Ok;
  std::string message;  // why it was refused, in words ("" when Ok)
};

// What happened, for a front end to redraw or broadcast. `after` is the match as it stood
// right after the event (a copy: the referee goes on meanwhile).
struct LiveEvent {
  enum class Kind { Move, Over, Tell, Draw, Sit, Game };  // Game: one game ended, the other goes on (both_games)
  Kind kind = Kind::Move;
  Seat seat = AWhite;   // the mover (Move); the computer that speaks to its person partner (Tell);
                        // a computer that chose to wait and now sits (Sit, once a turn)
  Move move;            // the move played (Move)
  std::string san;      // the move in SAN, as it read before it was played (Move)
  std::int64_t time_ms = 0;
  Match after;
  std::string text;     // what the computer said (Tell); the seat's part in a draw offer (Draw:
                        // "offers a draw", "accepts the draw", "declines the draw ..."); why
                        // a computer's program failed (Over or Game, ending `fault`)
};
using LiveListener = std::function<void(const LiveEvent&)>;

class LiveMatch {
 public:
  // `computers[s]` plays seat s; a null entry is a person's seat. The match time is
  // `now()` of the clock, which should read 0 at start().
  LiveMatch(RuleSet rules, TimeControl clock, std::array<std::unique_ptr<Player>, kSeats> computers,
            LiveClock now = steady_live_clock());
  // The same from a given position (`start` not yet played: e.g. from a BFEN).
  LiveMatch(Match start, std::array<std::unique_ptr<Player>, kSeats> computers, LiveClock now = steady_live_clock());
  ~LiveMatch();  // waits for decisions in flight (they read nothing of this object's state)
  LiveMatch(const LiveMatch&) = delete;
  LiveMatch& operator=(const LiveMatch&) = delete;

  // Events are delivered on the thread that caused them (step, submit, resign), after
  // the referee's lock is released, so a listener may call back in. Set before start().
  void on_event(LiveListener listener);
  // Time 0: the computers are told a match begins and the first movers are asked.
  void start();

  // A person at `seat` plays `text` (UCI or SAN) now. Due computer moves are played
  // first, so the record stays in time order.
  SubmitResult submit(Seat seat, std::string_view text);
  // A person at `seat` claims a draw (standard chess: threefold repetition, fifty moves;
  // core/RULES.md "Chess draws") with the move `move_text` (made whatever the verdict) or,
  // when empty, on the position as it stands. Ok when granted (the match ends in a draw);
  // Refused with the reason otherwise (in a timed match the opponent gains two minutes).
  SubmitResult claim_draw(Seat seat, std::string_view move_text = {});
  void resign(Seat seat);
  // The person at `seat` left the table (its front end judged the connection gone too
  // long): a loss for the team, with the reason "left the table".
  void leave(Seat seat);
  // Draw by agreement (core/RULES.md "End of the match"; an online table's form: the
  // people decide). A person at `seat` offers a draw, or accepts the one on the table.
  // The match is drawn when every person at the table has agreed and every computer seat
  // accepts (draw_agreement.h: unless its latest search rates its team ahead). The offer
  // stands until someone declines or the match ends. Each step is a Draw event. Ok (the
  // message: "drawn by agreement" or who is still to agree); Refused when a computer
  // declined (the message names it and why); NotYourTurn for a computer's seat, Over
  // after the end.
  SubmitResult offer_draw(Seat seat);
  // A person at `seat` declines the draw on the table (nothing when none is offered).
  void decline_draw(Seat seat);
  // The seats that have agreed to the draw on the table, in seat order (empty: no offer).
  std::vector<Seat> draw_agreed() const;
  // A person at `seat` says `text` to its partner. A computer partner hears it now, or as
  // soon as its decision in flight is made, and its answers come back as Tell events (as
  // does what it says of its own accord after a decision). Between two people, or two
  // computers, nothing passes here: people talk through the front end, and computer
  // partners plan for each other in their searches already.
  void tell(Seat seat, std::string_view text);
  // One round of refereeing now: finished decisions in, due actions played, flags
  // judged. A computer that chose an illegal move or threw loses for its team (ending
  // `fault`; the Over event's text names it and what went wrong).
  void step();
  // Match time at which step() next has something to do (a due action, a flag, or a
  // look at a decision in flight); a front end may sleep until then (or until a person
  // acts). The largest int64 when nothing is due (an untimed match among people).
  std::int64_t next_due_ms() const;
  // Blocks until every computer decision in flight has been made (tests; shutdown).
  void await_decisions();

  Match snapshot() const;
  std::int64_t now() const;
  bool over() const;
  bool is_person(Seat seat) const;

 private:
  void deliver(std::unique_lock<std::mutex>& lock);
  void end_by(Seat seat, void (Match::*ending)(Seat, std::int64_t));
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace bh
