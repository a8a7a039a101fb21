// hosted_tournament.h — one tournament `bughouse serve` hosts (training/server/README.md
// "Tournaments"): the director registers people and computers and forms the teams; each
// round is paired by the tournament code (training/tournament) and every match gets a
// table of the lobby whose seats are assigned (seat_assignment.h): a person reaches theirs
// through the secret link given at registration, a computer plays its own. A table's
// result enters the journal by itself; the director may instead enter a result played
// over the board, and correct one. Everything lives in the tournament's folder
// (registration.json, the journal, games/), so a restarted server resumes it; a match
// whose table was lost in the restart starts again at a fresh table, and the director is
// told (notices).
//
// Single-threaded: every call comes from the server's io_context thread, as the tables'.
#pragma once

#include <array>
#include <filesystem>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "training/server/hosted_registration.h"
#include "training/server/lobby.h"
#include "training/tournament/tournament.h"

namespace bh::server {

class HostedTournament {
 public:
  // A new tournament in `dir` (created; registration.json written at once).
  HostedTournament(HostedRegistration registration, std::filesystem::path dir, Lobby& lobby);
  // One read back from its folder after a restart. Throws std::runtime_error naming the
  // file that cannot be read.
  static std::unique_ptr<HostedTournament> load(const std::filesystem::path& dir, Lobby& lobby);
  HostedTournament(const HostedTournament&) = delete;
  HostedTournament& operator=(const HostedTournament&) = delete;

  const std::string& id() const { return reg_.id; }
  const std::string& manage_key() const { return reg_.manage; }
  // The director's action (register, late, withdraw, teams, round, result, correct) with its
  // JSON body; returns the answer's body. Throws std::invalid_argument saying why, and
  // then nothing has changed.
  nlohmann::json act(std::string_view action, const nlohmann::json& body);

  // Everything the pages show: settings, entrants, teams, every round's pairings with
  // their results and tables, the standings and prizes; `director` adds the people's
  // links and the notices.
  nlohmann::json view(bool director) const;
  // Where the person with this secret link plays now: {"name","table","seat","token"}, or
  // {"name","waiting"} saying why there is no seat; nullopt for a link nobody holds. A
  // table the lobby removed while nobody came (lobby.h) is opened again first.
  std::optional<nlohmann::json> seat_of(std::string_view link);

  // The exports (empty before the first round): standings and cross-table as CSV, the
  // standings page, a round's printable pairing sheet (throws std::out_of_range for a
  // round not paired), and a match's record from games/ (nullopt for a name that is not
  // one; throws std::runtime_error when it cannot be read).
  std::string standings_csv() const;
  std::string cross_table_csv() const;
  std::string standings_html() const;
  std::string pairing_sheet(int round) const;
  std::optional<std::string> record(std::string_view name) const;
  // Every match played at a table, as one BPGN file in round, table and match order ("" when
  // none was); throws std::runtime_error naming a record that cannot be read.
  std::string all_records() const;

 private:
  using MatchKey = std::array<int, 3>;  // round, meeting, game (0-based)

  HostedEntrant entrant_from(const nlohmann::json& body) const;
  nlohmann::json entered_json(const HostedEntrant& e) const;
  nlohmann::json register_entrant(const nlohmann::json& body);
  nlohmann::json enter_late(const nlohmann::json& body);
  nlohmann::json withdraw(const nlohmann::json& body);
  nlohmann::json form_teams(const nlohmann::json& body);
  nlohmann::json next_round(const nlohmann::json& body);
  nlohmann::json enter_result(const nlohmann::json& body);
  nlohmann::json correct_result(const nlohmann::json& body);
  void start();
  void commit(HostedRegistration next);
  void open_tables();
  void open_table(const OverTheBoard& m);
  void finished(const MatchKey& key, const Match& played);
  nlohmann::json rounds_json() const;
  nlohmann::json match_json(const OverTheBoard& m, bool has_table) const;
  std::string state() const;

  HostedRegistration reg_;
  std::filesystem::path dir_;
  Lobby& lobby_;
  std::optional<Tournament> tournament_;  // from the first round on
  std::map<MatchKey, std::string> tables_;  // the table each match of the current round plays at
  std::vector<std::string> notices_;        // what the director must know (a table lost, a record not written)
};

}  // namespace bh::server
