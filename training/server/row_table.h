// row_table.h — a table of `bughouse serve` for a row of three or more boards
// (core/RULES.md "Three or more boards"): two seats a board with their secret tokens, the
// connections watching it, and, once a seat holder says start (or at once, for a table to
// watch), the live row (training/live/live_row.h; core's Table judges the rules), driven by
// the server's timer. The row's built-in players (mcts/table_players.h) take the seats no
// person holds. Every connection gets the state (row_state_json.h) when it joins and after
// every move and the end; a bad message is answered to its sender only.
//
// Messages (training/server/README.md "A row of boards"): ping, move (with the receiver
// after '>' where a capture has a choice, and "ply" as at a two-board table), resign,
// start. What a two-board table has and a row does not yet: partner talk and suggestions,
// draw offers and claims, rematches, losing by a lost connection, tournaments.
//
// Single-threaded: every call comes from the server's io_context thread.
#pragma once

#include <functional>
#include <memory>
#include <string>

#include <boost/asio/io_context.hpp>

#include "core/rules.h"
#include "mcts/table_players.h"
#include "training/server/limits.h"
#include "training/server/seated_table.h"

namespace bh::server {

struct RowTableSetup {
  RuleSet rules;  // rules.boards boards, 3 or more
  TimeControl clock;
  std::string computer = "tactical";  // the free seats' player: random, greedy, material or tactical
  TableSearchSettings players;        // the search players' visits, every computer's think times
  TableLimits limits;
  // Told of each finished match with its number and record (BPGN with clock stamps).
  std::function<void(const std::string& table, int match, const std::string& bpgn)> on_finished;
};

class RowTable final : public SeatedTable {
 public:
  // Throws std::invalid_argument for rules a row does not play or a computer it does not
  // seat.
  RowTable(boost::asio::io_context& io, RowTableSetup setup);
  ~RowTable() override;
  RowTable(const RowTable&) = delete;
  RowTable& operator=(const RowTable&) = delete;

  const std::string& id() const override;
  int seats() const override;
  const std::string& token(Seat seat) const override;
  std::optional<Seat> seat_of(std::string_view token) const override;
  std::string why_full(std::optional<Seat> seat) const override;
  void join(const std::shared_ptr<TableClient>& client, std::optional<Seat> seat) override;
  void leave(const TableClient* client) override;
  void receive(TableClient& client, std::optional<Seat> seat, std::string_view text) override;
  void start() override;
  bool over() const override;
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
