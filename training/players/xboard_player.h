// xboard_player.h — a CECP (xboard) engine in bughouse mode (Sjeng, Fairy-Stockfish) as a
// Player in four-player matches, driven the way xboard's zippy drives it on an internet
// chess server: `variant bughouse`, `partner`, the opponent's moves, `holding [..] [..]`
// after every change, `time`/`otim`, and `go` when it is its turn (kept in force mode in
// between, so it never plays out of turn). One process plays one seat.
//
// Sitting: a bughouse engine may decline to move (Sjeng does when any move would lose:
// "tellics ptell I'll have to sit..."). That is the match's wait action: the seat is
// asked again after a wait slice, and the engine is told `ptell go` only once its board
// or holdings have changed (a piece arrived), as a partner on a server would. (Sjeng may
// also announce a sit and move all the same; it then sits silently at its next turn
// unless told `ptell go`, which it is.)
#pragma once

#include <array>
#include <chrono>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/board.h"
#include "core/match.h"
#include "mcts/player.h"
#include "training/players/engine_pool.h"
#include "training/players/engine_spec.h"
#include "training/players/subprocess.h"

namespace bh {

class XboardEngineProcess {
 public:
  // Starts the program: `xboard`, `protover 2`, its features (it must list bughouse).
  // Throws EngineError naming the engine.
  explicit XboardEngineProcess(const EngineSpec& spec);
  // Says `quit` (Sjeng, for one, spins on end of input instead of ending).
  ~XboardEngineProcess();
  XboardEngineProcess(const XboardEngineProcess&) = delete;
  XboardEngineProcess& operator=(const XboardEngineProcess&) = delete;

  const EngineSpec& spec() const { return spec_; }
  const std::string& name() const { return process_.name(); }
  Subprocess& io() { return process_; }
  bool wants_usermove() const { return usermove_; }
  bool wants_san() const { return san_; }
  bool has_setboard() const { return setboard_; }
  bool uses_colors() const { return colors_; }

  bool has_ping() const { return ping_; }
  // Sends `ping N` and returns "pong N", the answer that comes once everything sent
  // before has been processed.
  std::string ping();
  // Sends `ping N` and waits for `pong N` (no-op without ping).
  void sync(std::chrono::milliseconds limit);

 private:
  EngineSpec spec_;
  Subprocess process_;
  bool usermove_ = false, san_ = false, setboard_ = false, colors_ = true, ping_ = false;
  int pings_ = 0;
};

class XboardPlayer final : public Player {
 public:
  XboardPlayer(std::shared_ptr<EnginePool<XboardEngineProcess>> pool, const RuleSet& rules, const TimeModel& time);

  PlayerAction decide(const Match& match, Seat seat, std::int64_t t) override;
  void new_match() override;
  std::string name() const override { return name_; }
  // Its `tellics ptell ...` lines, and `ptell ...` to it: partners talk through the referee.
  std::vector<std::string> take_partner_messages() override;
  void hear_partner(const std::string& message) override;

 private:
  PlayerAction decide_or_throw(const Match& match, Seat seat, std::int64_t t);
  void start_game(const Match& match, Seat seat);
  void send_move(const Board& before, Move m);
  // What happened since its last turn: the opponent's moves, the holdings, the clocks.
  void send_news(const Match& match, Seat seat, std::int64_t t);
  // Says `go` and reads until the engine moves or declines to (hurried once with `?`).
  PlayerAction await_move(const Match& match, Seat seat, std::int64_t t);
  std::int64_t move_limit_ms(const Match& match, Seat seat, std::int64_t t) const;
  // After an announced sit: its move if it moved all the same, else the wait action.
  PlayerAction settle_sit(const Board& now, std::int64_t think_ms);
  // A move the engine sends before it answers a ping (or within half a second without ping).
  std::optional<std::string> late_move();
  Move legal_move(const Board& now, std::string_view text) const;
  // Standard chess: whether the engine claimed a draw with the move it just sent.
  bool claims_after_move();

  std::shared_ptr<EnginePool<XboardEngineProcess>> pool_;
  EnginePool<XboardEngineProcess>::Lease engine_;
  RuleSet rules_;
  TimeModel time_;
  std::string name_;
  bool started_ = false;       // the game was set up for this match
  std::size_t events_sent_ = 0;  // events of the match already passed on
  bool sitting_ = false;        // it announced a sit (and will not move until `ptell go`) ...
  std::optional<Board> sat_on_;  // ... and did not move, in this position (holdings included)
  std::vector<std::string> said_;  // to its partner, not yet passed on
};

}  // namespace bh
