// tournament_desk.h — the tournaments a server hosts (`bughouse serve --tournaments DIR`),
// each in a folder of its own under DIR named by its id, found by id. Every tournament
// under DIR is read back when the server starts, so a restart loses none
// (hosted_tournament.h). Without DIR the server hosts none and says so.
#pragma once

#include <filesystem>
#include <map>
#include <memory>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

#include "training/server/hosted_tournament.h"
#include "training/server/lobby.h"

namespace bh::server {

class TournamentDesk {
 public:
  // Reads every tournament under `dir` (created when missing; empty: no tournaments).
  // Throws std::runtime_error naming the file of one that cannot be read: the server does
  // not start without a tournament it holds.
  TournamentDesk(std::filesystem::path dir, Lobby& lobby, std::size_t max_tournaments = 100);

  bool hosts() const { return !dir_.empty(); }
  // A new tournament from the body of `POST /api/tournaments`: {"id","manage","page",
  // "manage_page"}. Throws std::invalid_argument with the field that is wrong, or when
  // the server hosts none or holds its limit.
  nlohmann::json create(const std::string& body);
  HostedTournament* find(std::string_view id);
  std::size_t size() const { return tournaments_.size(); }

 private:
  std::filesystem::path dir_;
  Lobby& lobby_;
  std::size_t max_;
  std::map<std::string, std::unique_ptr<HostedTournament>, std::less<>> tournaments_;
};

}  // namespace bh::server
