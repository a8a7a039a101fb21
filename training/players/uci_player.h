// uci_player.h — a UCI engine (Fairy-Stockfish, or `bughouse uci` itself) as a Player in
// four-player matches. One engine process plays one seat. Per decision it gets its board
// as a FEN with holdings (training/engine/PROTOCOL.md layer 1: what a bughouse server gives
// Fairy-Stockfish) and `go wtime/btime/winc/binc` from the match clocks; with
// whole_match=1 it gets both boards and all four clocks instead (layers 2 and 3), and
// `bestmove 0000` is its wait. Its clock pays the wall time it really took.
#pragma once

#include <chrono>
#include <memory>
#include <string>

#include "core/match.h"
#include "mcts/player.h"
#include "training/players/engine_pool.h"
#include "training/players/engine_spec.h"
#include "training/players/subprocess.h"

namespace bh {

// The engine process and its side of the conversation.
class UciEngineProcess {
 public:
  // Starts the program and completes the handshake (uci/uciok, UCI_Variant bughouse, the
  // spec's options, isready/readyok). Throws EngineError naming the engine.
  explicit UciEngineProcess(const EngineSpec& spec);
  // Says `quit` (then Subprocess ends it for good).
  ~UciEngineProcess();
  UciEngineProcess(const UciEngineProcess&) = delete;
  UciEngineProcess& operator=(const UciEngineProcess&) = delete;

  void new_game();  // ucinewgame, isready/readyok
  // Sends `position` and `go`, returns the words after `bestmove`. If nothing comes within
  // `limit`, sends `stop` and waits a little more; then throws EngineError.
  std::string best_move(const std::string& position, const std::string& go, std::chrono::milliseconds limit);
  const EngineSpec& spec() const { return spec_; }
  const std::string& name() const { return process_.name(); }

 private:
  // Reads until a line starting with `word`; throws EngineError after `limit`.
  std::string expect(std::string_view word, std::chrono::milliseconds limit, const std::string& after);

  EngineSpec spec_;
  Subprocess process_;
};

class UciPlayer final : public Player {
 public:
  UciPlayer(std::shared_ptr<EnginePool<UciEngineProcess>> pool, const RuleSet& rules, const TimeModel& time);

  PlayerAction decide(const Match& match, Seat seat, std::int64_t t) override;
  void new_match() override;
  std::string name() const override { return name_; }

 private:
  std::shared_ptr<EnginePool<UciEngineProcess>> pool_;
  EnginePool<UciEngineProcess>::Lease engine_;
  RuleSet rules_;
  TimeModel time_;
  std::string name_;
};

// "position ..." and "go ..." for `seat` deciding at match time t (exposed for tests).
std::string uci_position_command(const Match& match, Seat seat, bool whole_match);
std::string uci_go_command(const Match& match, Seat seat, std::int64_t t, const EngineSpec& spec);

}  // namespace bh
