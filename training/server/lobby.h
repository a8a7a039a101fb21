// lobby.h — the tables of a server: `POST /api/tables` creates one (its clock and the
// computer that takes the free seats), and connections find theirs by id. Which computer
// a browser may ask for is an allow-list (the server's --model default and the built-in
// players): a spec is also a way to start programs (`uci:PATH`) or read files (a
// checkpoint path), which a web page must never be able to choose.
#pragma once

#include <map>
#include <memory>
#include <set>
#include <string>

#include <boost/asio/io_context.hpp>

#include "training/server/table.h"

namespace bh::server {

struct LobbyOptions {
  RuleSet rules;
  std::string default_computer = "uniform";  // what an empty "computer" means
  std::set<std::string> allowed_computers = {"random", "greedy", "uniform", "material", "tactical"};
  ComputerFactory computers;
  std::size_t max_tables = 1000;  // tables live as long as the server: a bound on memory
  TableLimits table_limits;
  MoveObserver on_move;  // measurements only (table.h)
};

class Lobby {
 public:
  Lobby(boost::asio::io_context& io, LobbyOptions options);
  // A new table from the body of `POST /api/tables`; returns the response body
  // (`{"table":ID,"seats":{"A-white":TOKEN,...},"spectator":ID}`). Throws
  // std::invalid_argument with the field that is wrong.
  std::string create(const std::string& body);
  // nullptr for an unknown id.
  Table* find(const std::string& id);
  std::size_t size() const { return tables_.size(); }

 private:
  boost::asio::io_context& io_;
  LobbyOptions options_;
  std::map<std::string, std::unique_ptr<Table>, std::less<>> tables_;
};

}  // namespace bh::server
