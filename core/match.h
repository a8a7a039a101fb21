// match.h — Match: the whole four-player game. Two boards, four seats in two teams,
// captured pieces passing to the partner, four clocks in milliseconds, every move and wait
// stamped with its time, every way a match ends (core/RULES.md "End of the match"), and in
// standard chess the FIDE draws, draw claims included (core/RULES.md "Chess draws").
//
// Time is given by the caller: each action carries the match time in milliseconds at which
// it happens, and times never go backwards. On each board the side to move is thinking
// from the moment the previous move on that board landed; only those two clocks run.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "core/board.h"
#include "core/movegen.h"
#include "core/outcome.h"
#include "core/rules.h"

namespace bh {

// Per-seat clock: initial time, increment and delay, in milliseconds. An untimed match has
// no clocks at all (analysis, engine positions without times). The delay is the simple
// (US) delay of core/RULES.md "Clocks": each turn's first delay_ms do not count.
struct TimeControl {
  std::int64_t initial_ms = 180'000;  // core/RULES.md "Clocks": 3 minutes, no increment
  std::int64_t increment_ms = 0;
  std::int64_t delay_ms = 0;

  static TimeControl untimed() { return {0, 0}; }
  bool timed() const { return initial_ms > 0; }
  // What a turn of `elapsed_ms` takes off the clock (before the increment).
  std::int64_t charged(std::int64_t elapsed_ms) const { return std::max<std::int64_t>(0, elapsed_ms - delay_ms); }
  // "3+0" (minutes + seconds, as servers write it), "90s+2", with a delay "5d3" or
  // "5+0d3" (seconds), or "untimed".
  static TimeControl parse(std::string_view text);
  std::string to_string() const;
  bool operator==(const TimeControl&) const = default;
};

// The verdict on a draw claim (core/RULES.md "Chess draws").
struct DrawClaim {
  bool granted = false;
  EndReason reason = EndReason::None;  // ThreefoldClaim or FiftyMoveClaim when granted
  std::string explanation;             // why it was granted or refused, in words
};

// One action in the record of a match.
struct MatchEvent {
  Seat seat;
  Move move;                   // Move::wait() for a recorded wait
  std::int64_t time_ms;        // match time when it happened
  std::int64_t clock_after_ms; // the seat's remaining time after it (increment included)
};

class Match {
 public:
  explicit Match(RuleSet rules = {}, TimeControl tc = {});
  // Starts from the given boards (e.g. read from a BFEN); `clocks` in seat order, or the
  // time control's initial time for all four when empty. Both boards' movers begin
  // thinking at time 0. `moves_played`: moves the boards have already seen together (an
  // engine told the match so far), from which the move limit and the count go on.
  Match(const Board& a, const Board& b, RuleSet rules, TimeControl tc,
        std::array<std::int64_t, kSeats> clocks = {}, int moves_played = 0);

  const Board& board(BoardId b) const { return boards_[b]; }
  // The boards and clocks the match started from (records replay from them).
  const Board& initial_board(BoardId b) const { return initial_[b]; }
  const std::array<std::int64_t, kSeats>& initial_clocks() const { return initial_clocks_; }
  int initial_moves_played() const { return initial_moves_played_; }
  const RuleSet& rules() const { return rules_; }
  const TimeControl& time_control() const { return tc_; }
  // The seat whose turn it is on a board.
  Seat mover(BoardId b) const { return make_seat(b, boards_[b].side_to_move()); }
  // Time of the latest event; no action may be stamped earlier.
  std::int64_t now() const { return now_; }
  // When the current mover of board b started thinking.
  std::int64_t turn_started(BoardId b) const { return turn_start_[b]; }
  // A seat's remaining time at match time t >= now(): the mover's clock is running.
  std::int64_t remaining(Seat s, std::int64_t t) const;
  std::int64_t remaining(Seat s) const { return remaining(s, now_); }
  // When the mover of board b would run out of time if it never moved.
  std::int64_t flag_time(BoardId b) const;
  int moves_played() const { return moves_played_; }
  const std::vector<MatchEvent>& events() const { return events_; }
  const Outcome& outcome() const { return outcome_; }
  bool over() const { return outcome_.over(); }
  // Under both_games, how board b's game ended (not over while it is played; never over
  // without the option, where the match's outcome says everything).
  const GameEnding& game(BoardId b) const { return games_[b]; }
  bool game_over(BoardId b) const { return games_[b].over(); }
  // How board b's game ended: its own game's ending under both_games, else the match's.
  GameEnding ending_of(BoardId b) const {
    return game_over(b) ? games_[b] : GameEnding{outcome_.result, outcome_.reason, outcome_.seat, outcome_.time_ms};
  }

  // The board's state for its mover: playing, stuck (waits), checkmated...; Finished when
  // its game is over and the other board's goes on (both_games).
  BoardState state(BoardId b) const {
    return game_over(b) ? BoardState::Finished : board_state(boards_[b], rules_);
  }
  // None on a board whose game is over.
  MoveList legal_moves(BoardId b) const { return game_over(b) ? MoveList{} : bh::legal_moves(boards_[b], rules_); }

  // Runs the clocks to time t; a mover whose time ends on the way flags and ends the match.
  // Returns false if the match is over (now or before).
  bool advance_to(std::int64_t t);
  // The mover of board b plays `m` at time t: the clock is charged (plus increment), a
  // capture passes its piece to the partner, and the match ends if a rule says so.
  // Returns false (nothing played) when the match ended first, e.g. the mover flagged
  // before t. Throws std::invalid_argument for an illegal move or a time in the past.
  bool play(BoardId b, Move m, std::int64_t t);
  // Records that the mover of board b waited at time t (its clock keeps running).
  bool wait(BoardId b, std::int64_t t);
  // Plays a move already known to be legal (search: the move came from legal_moves);
  // skips the legality check, otherwise the same as play().
  bool play_legal(BoardId b, Move m, std::int64_t t);
  void resign(Seat s, std::int64_t t);
  // A person at a live table left it (gone longer than the table's grace period): a loss
  // for that seat's team, like a resignation (core/RULES.md "End of the match").
  void leave(Seat s, std::int64_t t);
  // The program at seat s of a live table failed (an illegal move, a crash, no answer): a
  // loss for its team, as a person's illegal move loses under the club's rules
  // (core/RULES.md "End of the match").
  void fault(Seat s, std::int64_t t);
  // Search copies matches by the million: without a record a copy allocates nothing.
  // The record (events) and the repetition history are kept only while recording.
  void set_recording(bool on) { recording_ = on; }
  bool recording() const { return recording_; }
  void agree_draw(std::int64_t t);
  // `seat`, to move on its board, claims a draw at time t by threefold repetition or the
  // fifty-move rule: in standard chess (core/RULES.md "Chess draws") and in bughouse under
  // repetition_draw or fifty_move_draw = claim ("Repetition"). Without a move the
  // current position is judged. With `intended` (a legal move of `seat`) the claim is on
  // the position that move makes: the move is played whatever the verdict, as FIDE has
  // it. A granted claim ends the match in a draw; a refused one in a timed match gives the
  // opponent two minutes. Repetitions are counted only while recording. Throws
  // std::invalid_argument for an illegal move or a time in the past.
  DrawClaim claim_draw(Seat seat, std::int64_t t, Move intended = Move::none());
  // How often the current position of board b has occurred (while recording, in
  // standard chess or under repetition_draw; otherwise 0).
  int occurrences(BoardId b) const;
  // A claim by board b's mover would be granted now (threefold repetition or fifty moves,
  // where the rules have claims). Changes nothing: for an arbiter that adjudicates claims.
  bool claim_would_hold(BoardId b) const;

 private:
  void check_board_end(BoardId b, std::int64_t t);
  void check_chess_draws(BoardId b, std::int64_t t);
  bool keeps_history() const {
    return recording_ && (rules_.repetition_draw != DrawRule::Off || rules_.is_chess());
  }
  void check_bughouse_draws(BoardId b, Seat mover_was, std::int64_t t);
  DrawClaim judge_claim(Seat seat, std::int64_t t);
  void check_both_stuck(std::int64_t t);
  void strand_stuck_games(std::int64_t t);
  bool advance_games_to(std::int64_t t);
  // Ends the match, or under both_games the games the ending is about ("Both games played out").
  void finish(MatchResult r, EndReason why, Seat s, std::int64_t t);
  void end_game(BoardId b, const GameEnding& ending);
  void require_time(std::int64_t t) const;

  std::array<Board, 2> boards_;
  std::array<Board, 2> initial_;
  std::array<std::int64_t, kSeats> initial_clocks_{};
  RuleSet rules_;
  TimeControl tc_;
  std::array<std::int64_t, kSeats> clocks_{};   // remaining when the seat's turn began
  std::array<std::int64_t, 2> turn_start_{};
  std::int64_t now_ = 0;
  int moves_played_ = 0;
  int initial_moves_played_ = 0;
  std::vector<MatchEvent> events_;
  std::array<std::vector<std::uint64_t>, 2> history_;  // position keys, for repetitions
  Outcome outcome_;
  std::array<GameEnding, 2> games_{};  // both_games: each board's game
  bool recording_ = true;
};

}  // namespace bh
