// lobby.h — the tables of a server: `POST /api/tables` creates one (its clock, its rules
// over the server's and the computer that takes the free seats), and connections find
// theirs by id. Tables nobody is at go after a while (a table whose match never started,
// a finished one: never a running one); the record of each finished match stays, in
// memory for `GET /api/tables/ID/bpgn` and, given a directory, on disk. Rules of three or
// more boards make a row's table (row_table.h). Which computer
// a browser may ask for is an allow-list (the server's --model default and the built-in
// players): a spec is also a way to start programs (`uci:PATH`) or read files (a
// checkpoint path), which a web page must never be able to choose.
#pragma once

#include <chrono>
#include <deque>
#include <filesystem>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>

#include <boost/asio/io_context.hpp>
#include <boost/asio/steady_timer.hpp>
#include <nlohmann/json_fwd.hpp>

#include "mcts/table_players.h"
#include "training/server/row_table.h"
#include "training/server/table.h"

namespace bh::server {

struct LobbyOptions {
  RuleSet rules;
  std::string default_computer = "uniform";  // what an empty "computer" means
  std::set<std::string> allowed_computers = {"random", "greedy", "uniform", "material", "tactical"};
  ComputerFactory computers;
  // A row of three or more boards (row_table.h) seats the row's built-in players: these
  // knobs for its searches and think times; its computer is the requested one when a row
  // seats it, else `tactical`.
  TableSearchSettings row_players;
  std::size_t max_tables = 1000;  // tables at once: a bound on memory
  TableLimits table_limits;
  MoveObserver on_move;  // measurements only (table.h)
  // A table without a connection goes this long after anything last happened at it: one
  // whose match never started, and a finished one. A running match is never removed (its
  // clocks end it; its people leave by limits.h's leave_grace).
  std::chrono::milliseconds unstarted_expiry{30 * 60'000};
  std::chrono::milliseconds finished_expiry{10 * 60'000};
  std::chrono::milliseconds sweep_every{60'000};  // how often the lobby looks
  // Finished matches' records kept in memory, the oldest dropped first; and a directory
  // each is also written to as `<table>-<match>.bpgn` (empty: none).
  std::size_t max_records = 10'000;
  std::filesystem::path records;
};

class Lobby {
 public:
  Lobby(boost::asio::io_context& io, LobbyOptions options);
  ~Lobby();
  Lobby(const Lobby&) = delete;
  Lobby& operator=(const Lobby&) = delete;
  // A new table from the body of `POST /api/tables`; returns the response body
  // (`{"table":ID,"seats":{"A-white":TOKEN,...},"spectator":ID}`). Throws
  // std::invalid_argument with the field that is wrong.
  std::string create(const std::string& body);
  // A table its caller set up (a tournament's: hosted_tournament.h) under the lobby's
  // limits; the lobby keeps its records, then `setup.on_finished` is told. Throws
  // std::invalid_argument when the lobby is full.
  Table& open(TableSetup setup);
  // Throws std::invalid_argument, naming `field`, unless a browser may ask for this
  // computer (the allow-list above).
  void check_offered(const std::string& computer, const std::string& field) const;
  // nullptr for an unknown id.
  SeatedTable* find(const std::string& id);
  std::size_t size() const { return tables_.size(); }
  const RuleSet& rules() const { return options_.rules; }
  const std::string& default_computer() const { return options_.default_computer; }  // serve --model
  // The latest finished match of table `id` as BPGN, whether the table is still here or
  // gone; nullopt when it finished none (or its record was dropped: max_records).
  std::optional<std::string> record(const std::string& id) const;

 private:
  void keep_record(const std::string& table, int match, const std::string& bpgn);
  std::string create_row(const nlohmann::json& request, const RuleSet& rules, const TimeControl& clock);
  void sweep();
  void schedule_sweep();

  boost::asio::io_context& io_;
  LobbyOptions options_;
  std::map<std::string, std::unique_ptr<SeatedTable>, std::less<>> tables_;
  std::map<std::string, std::string, std::less<>> records_;  // table id -> its latest finished match
  std::deque<std::string> record_order_;                     // table ids, oldest record first
  boost::asio::steady_timer sweep_timer_;
};

}  // namespace bh::server
