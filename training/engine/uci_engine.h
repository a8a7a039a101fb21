// uci_engine.h — the `bughouse uci` engine: the three layers of training/engine/PROTOCOL.md.
//
// 1. Single-board UCI as Fairy-Stockfish speaks it for bughouse (a host that drives
//    Fairy-Stockfish drives this unchanged): one board with holdings, `go wtime btime`.
// 2. The whole match, board-prefixed: `position fen <fenA>|<fenB> moves 1e2e4 2d7d5`,
//    `setoption name Team value white|black`.
// 3. Four seats and four clocks: `go seat <seat> clocks <Aw> <Ab> <Bw> <Bb>`; the answer
//    `bestmove 0000` is the wait action (sit).
//
// The protocol runs on the caller's thread (handle() per input line) and the search on a
// thread of its own, so `isready` and `stop` are answered while it searches. Nothing a
// host sends can crash it: unknown commands and words are ignored; a malformed FEN or an
// illegal move prints `info string error: ...` and keeps the previous position; an
// impossible `go` prints the error and `bestmove 0000` (or `(none)` where a single-board
// host expects it).
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "training/engine/engine_position.h"
#include "training/engine/engine_search.h"
#include "training/engine/engine_setup.h"
#include "training/engine/go_command.h"
#include "training/engine/line_protocol.h"
#include "training/engine/line_writer.h"

namespace bh {

class UciEngine final : public LineProtocol {
 public:
  // `setup.evaluator` must be set. `record_path`: where whole-match games (layer 2) are
  // appended as BPGN when a game ends (ucinewgame, quit); empty = not recorded (the UCI
  // option RecordFile sets it too).
  UciEngine(const EngineSetup& setup, LineWriter& out, std::string record_path = "");
  ~UciEngine();
  UciEngine(const UciEngine&) = delete;
  UciEngine& operator=(const UciEngine&) = delete;

  // Handles one line of input. Returns false once the host said `quit`.
  bool handle(std::string_view line) override;
  // The host is gone (end of input): stop, answer a running search, write the record.
  void shutdown() override;
  // Blocks until no search runs (tests).
  void wait_for_search() { search_.wait(); }
  // The search thread's progress interval (tests shorten it).
  void set_report_interval(std::chrono::milliseconds every) { search_.set_report_interval(every); }

 private:
  // Who decides at a `go`, on which boards (A and B as the search sees them).
  struct GoSeat {
    Board a, b;
    Seat seat = AWhite;
    bool announce = false;           // say `info string seat` before bestmove (layer 2)
    bool layer3 = false;             // `go seat ...`: four seats and four clocks
    bool single_board_host = false;  // layer 1: knows nothing of seats or waits
  };
  struct GoClocks {
    std::array<std::int64_t, kSeats> clocks{};
    std::int64_t increment = 0;
    bool timed = false;
  };

  void uci();
  void show_position();  // `d`
  void setoption(std::string_view args);
  void set_variant(const std::string& value);
  void set_team(const std::string& value);
  void set_visits(const std::string& value);
  void set_move_overhead(const std::string& value);
  void set_moves_to_go(const std::string& value);
  void set_hash(const std::string& value);
  void set_threads(const std::string& value);
  void set_net_visits(const std::string& value);
  void position(std::string_view args);
  void go(std::string_view args);
  // The steps of `go`; those that can refuse return nullopt after refusing.
  std::optional<GoSeat> go_seat(const GoCommand& g);
  std::optional<Seat> team_seat(const Board& a, const Board& b);
  GoClocks go_clocks(const GoCommand& g, Seat seat);
  std::optional<GameState> go_root(const GoSeat& who, const GoClocks& clocks);
  // The match's time control at this `go` (its start: the largest clock seen this game).
  TimeControl time_control(const GoClocks& c) const {
    return c.timed ? TimeControl{game_initial_ms_, c.increment} : TimeControl::untimed();
  }
  // Waits are actions only for a host that names four seats and clocks (layer 3).
  static bool waits_offered(const GoSeat& who, const GoClocks& clocks) { return who.layer3 && clocks.timed; }
  // Lets the search keep its tree when this whole-match `go` continues the last one.
  void keep_tree_if_continued(const GoSeat& who, const GoClocks& clocks);
  SearchLimits go_limits(const GoCommand& g, const GoClocks& clocks, Seat seat) const;
  void new_game();
  void write_record();
  void error(const std::string& what);
  // Answers a `go` that cannot search: the error and `bestmove 0000`/`(none)`.
  void refuse_go(const std::string& what, bool single_board_host);
  void report(const SearchInfo& info, bool prefixed, bool announce_seat);

  // A whole-match position the engine searched: the next search may keep its tree when
  // its position continues this one (same start, same kind of clocks and waits, the moves
  // a prefix of the new ones).
  struct Searched {
    Board start_a, start_b, a, b;
    std::vector<std::pair<BoardId, Move>> moves;
    TimeControl clock;
    bool allow_wait = false;
  };
  // The actions from `before` to `now` with their seats, or nullopt when `now` does not
  // continue `before`.
  static std::optional<std::vector<std::pair<Seat, Move>>> played_since(const Searched& before, const Searched& now);

  EngineSetup setup_;
  LineWriter& out_;
  EngineSearch search_;
  EnginePosition position_;
  std::optional<Searched> searched_;  // the last whole-match search's position
  std::optional<Team> team_;          // Team option; nullopt = the mover of board A
  std::string record_path_;
  std::int64_t game_initial_ms_ = 0;  // the largest clock seen this game (the time control's start)
  bool quit_ = false;
};

}  // namespace bh
