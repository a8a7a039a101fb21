// table.h — one table of `bughouse serve`: four seats with their secret tokens, the
// connections watching it, and, once a seat holder says start, the live match
// (training/live/live_match.h: the same referee as the terminal's `bughouse play`; core's
// Match judges the rules). Every connection gets the full state when it joins and after
// every move and the end; a bad message is answered to its sender only and changes
// nothing (training/server/README.md "Messages"). A seat's connection that falls silent
// (the page pings) counts as lost after a few seconds, and the others see it; a move may
// name the number of moves it was sent after, so a move resent after a reconnection is
// played once. After the end a seat holder may ask for a rematch: the same seats, fresh
// clocks; the finished match's record stays.
//
// Single-threaded: every call comes from the server's io_context thread, which also
// drives the referee with a timer. The computer seats think on threads of their own
// inside the referee, which the timer polls.
#pragma once

#include <array>
#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include <boost/asio/io_context.hpp>

#include "core/match.h"
#include "mcts/player.h"
#include "training/server/limits.h"
#include "training/server/seat_assignment.h"
#include "training/server/seated_table.h"

namespace bh::server {

// Makes the player of a computer seat from a spec (`random`, a checkpoint, ...) for a table
// playing `rules` (an external engine must be told them); throws std::invalid_argument for
// a spec it cannot make.
using ComputerFactory =
    std::function<std::unique_ptr<Player>(const std::string& spec, Seat seat, const RuleSet& rules)>;

// Told of every move a table plays, on the server's thread just before its state goes to
// the connections: the table, its match (1, 2 after a rematch, ...), the moves played so
// far in the match, and how many ms after it was due the move was played (a computer's
// move waits for the referee's timer). For measurements (tests/bench/serve_bench.cpp);
// unset in the program.
using MoveObserver =
    std::function<void(const std::string& table, int match, int moves_played, std::int64_t late_ms)>;

// Told of every match a table finishes, with the match and its record (BPGN with clock
// stamps), on the server's thread: the lobby keeps the record (lobby.h), a tournament the
// result (hosted_tournament.h).
using FinishObserver =
    std::function<void(const std::string& table, int match, const Match& played, const std::string& bpgn)>;

struct TableSetup {
  RuleSet rules;
  TimeControl clock;
  std::string computer;  // the spec of every seat no person holds at the start
  // Spectators see the partners' talk (messages, free text, suggestions) too; by default
  // only the two partners do. The opponents never do.
  bool public_talk = false;
  // A tournament's table: who sits where (seat_assignment.h); `computer` is then unused.
  std::optional<SeatAssignments> assigned;
  TableLimits limits;
  MoveObserver on_move;
  FinishObserver on_finished;
};

class Table final : public SeatedTable {
 public:
  Table(boost::asio::io_context& io, TableSetup setup, ComputerFactory computers);
  ~Table() override;
  Table(const Table&) = delete;
  Table& operator=(const Table&) = delete;

  const std::string& id() const override;
  int seats() const override { return kSeats; }
  const std::string& token(Seat seat) const override;
  std::optional<Seat> seat_of(std::string_view token) const override;
  std::string why_full(std::optional<Seat> seat) const override;

  // A dropped connection keeps its seat: the token joins again. A tournament's match
  // starts once its people are all at the table.
  void join(const std::shared_ptr<TableClient>& client, std::optional<Seat> seat) override;
  void leave(const TableClient* client) override;
  void receive(TableClient& client, std::optional<Seat> seat, std::string_view text) override;

  // A table created to be watched starts at once: computer against computer.
  void start() override;
  bool over() const override;
  // While a rematch runs, the record is the match before it.
  bool has_record() const override;
  std::string bpgn() const override;

  bool has_connections() const override;
  bool started() const override;
  bool running() const override;
  std::chrono::steady_clock::time_point last_activity() const override;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace bh::server
