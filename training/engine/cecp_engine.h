// cecp_engine.h — the `bughouse xboard` engine: CECP (xboard/WinBoard protocol 2) in
// bughouse mode, as Sjeng and Fairy-Stockfish speak it to an internet chess server
// through xboard's zippy interface.
//
// The engine knows its own board: moves (`usermove e2e4`, bare `e2e4`, drops `P@e4`),
// the pieces in hand (`holding [PN] [BQ]`, sent by the server after every change), its
// clock and the opponent's (`time`/`otim`, centiseconds). The partner's board is unknown
// (the start position stands for it). With a partner (`partner <name>`) it plays real
// bughouse: it may sit (the search's wait action: no move, clock running, until the
// position changes or a wait slice passes), telling the partner `tellics ptell sit`
// when it starts sitting and `tellics ptell go` when it moves again; and it follows the
// partner's requests `ptell sit` (do not move until `go`), `go`/`move`, `fast`, `slow`.
// A draw offer (`draw`) is accepted with `offer draw` when the latest search finds its team
// not ahead (mcts/draw_offer.h), and declined by silence otherwise.
//
// Thinking runs on a thread of its own; every input that changes the position aborts a
// search under way, and the engine thinks again on the new position when it is its turn.
#pragma once

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include "core/board.h"
#include "training/engine/engine_search.h"
#include "training/engine/engine_setup.h"
#include "training/engine/line_protocol.h"
#include "training/engine/line_writer.h"

namespace bh {

class CecpEngine final : public LineProtocol {
 public:
  // `setup.evaluator` must be set and outlive the engine.
  CecpEngine(const EngineSetup& setup, LineWriter& out);
  ~CecpEngine();
  CecpEngine(const CecpEngine&) = delete;
  CecpEngine& operator=(const CecpEngine&) = delete;

  // Handles one line of input; false after `quit`.
  bool handle(std::string_view line) override;
  // End of input: stop thinking and the thinking thread.
  void shutdown() override;
  // Blocks until the engine is neither thinking nor about to think (tests), at most
  // `limit`; returns whether it became idle.
  bool wait_idle(std::chrono::milliseconds limit);

 private:
  using Clock = std::chrono::steady_clock;
  // One line of input: all of it, its first word (the command) and the rest.
  struct Input {
    std::string_view line, word, args;
  };
  using Handler = void (CecpEngine::*)(const Input&);
  // The handler of a CECP command word; nullptr for a word that has none.
  static Handler handler_for(std::string_view word);
  // Commands known and not needed here (no pondering, no analysis).
  static bool ignored(std::string_view word);

  // Command handlers, under mutex_.
  void cmd_protover(const Input&);
  void cmd_new(const Input&);
  void cmd_variant(const Input&);
  void cmd_force(const Input&);
  void cmd_go(const Input&);
  void cmd_playother(const Input&);
  void cmd_level(const Input&);
  void cmd_st(const Input&);
  void cmd_time(const Input&);
  void cmd_otim(const Input&);
  void cmd_usermove(const Input&);
  void cmd_holding(const Input&);
  void cmd_partner(const Input&);
  void cmd_ptell(const Input&);
  void cmd_setboard(const Input&);
  void cmd_undo(const Input&);
  void cmd_remove(const Input&);
  void cmd_draw(const Input&);
  void cmd_result(const Input&);
  void cmd_move_now(const Input&);
  void cmd_ping(const Input&);
  void cmd_post(const Input&);
  void cmd_nopost(const Input&);
  void cmd_analyze(const Input&);
  // A word that is no command: a move (protocol 1 style) when it has a rank digit.
  void not_a_command(std::string_view word);
  // time/otim: the centiseconds, or nullopt after saying why not.
  std::optional<std::int64_t> centiseconds(const Input& in);
  void take_back(int moves);

  // Partner tells (ptell), by their first word; under mutex_.
  void tell_sit();
  void tell_go();
  void tell_speed(bool fast);

  // The thinking thread and its steps, under mutex_.
  void think_loop();
  // Waits while there is nothing to think about or the engine sits by choice; true when
  // it waited (the caller looks again).
  bool rest(std::unique_lock<std::mutex>& lock);
  // The decision on the engine's board with its clock at `own_ms`; nullopt (after saying
  // why) when there is none.
  std::optional<GameState> decision_root(std::int64_t own_ms);
  SearchLimits turn_limits(std::int64_t own_ms);
  // Thinking output (post), from the search thread.
  void post_thinking(const SearchInfo& info);
  // After a search of the current position: move, sit, or wait for the interface.
  void act(const SearchInfo& result);
  void sit();
  void play_own(Move move);

  bool timed() const { return own_ms_ > 0 || initial_ms_ > 0; }
  bool should_think() const;
  // The partner's sit holds while the engine's clock can afford it (an unknown clock
  // always can); when the engine's own clock reaches the floor, it moves.
  bool sits_for_partner() const;
  std::optional<Clock::time_point> partner_sit_ends() const;
  void changed();                    // the position changed, rethink
  bool apply_user_move(std::string_view text);
  void partner_tell(std::string_view text);
  void new_game();
  void new_turn();                   // changed(), and a fresh time budget
  std::int64_t own_clock_now() const;

  EngineSetup setup_;
  LineWriter& out_;
  EngineSearch search_;

  mutable std::mutex mutex_;
  std::condition_variable wake_;
  Board board_;
  std::vector<Board> history_;           // boards before each move (undo)
  bool force_ = false;
  std::optional<Color> engine_color_ = Black;
  std::int64_t own_ms_ = 0, opp_ms_ = 0;   // from time/otim (0 = unknown)
  Clock::time_point own_stamp_ = Clock::now();
  std::int64_t initial_ms_ = 0, increment_ms_ = 0;  // from level
  std::int64_t fixed_ms_ = 0;              // st: seconds per move
  std::string partner_;
  bool partner_says_sit_ = false;
  bool go_fast_ = false;
  bool told_partner_sit_ = false;
  Clock::time_point sit_until_{};          // sitting by choice until then ...
  std::uint64_t sit_generation_ = 0;       // ... unless the position changes
  std::uint64_t generation_ = 0;           // bumped by every change of the position
  // One time budget per turn: a holding or a tell that restarts the search spends what is
  // left of it rather than a fresh one (else a stream of holdings would never let it move).
  std::uint64_t turn_ = 0;                 // bumped when a new turn begins (a move, a new position)
  static constexpr std::uint64_t kNoTurn = ~std::uint64_t(0);
  std::uint64_t budget_turn_ = kNoTurn;    // the turn budget_ms_ belongs to (kNoTurn: renew it)
  Clock::time_point budget_start_{};
  std::int64_t budget_ms_ = 0;
  std::optional<float> last_value_;        // the latest search's value for the engine's team
  bool thinking_ = false;
  bool quit_ = false;
  std::atomic<bool> post_{false};
  std::atomic<bool> move_now_{false};
  std::thread thinker_;  // last: starts after every other member exists
};

}  // namespace bh
