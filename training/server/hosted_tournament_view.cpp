// hosted_tournament_view.cpp — what the tournament's pages read: the view, a person's
// seat, and the exports.
#include "training/server/hosted_tournament.h"

#include <algorithm>
#include <fstream>
#include <sstream>
#include <tuple>

#include "training/tournament/pairing_sheet.h"
#include "training/tournament/tournament_report.h"
#include "training/tournament/tournament_summary.h"

namespace bh::server {

namespace {

using Json = nlohmann::json;

std::string result_text(const MatchRecord& rec) {
  const double team1 = rec.team1_score();
  return team1 == 1 ? "1-0" : team1 == 0 ? "0-1" : "1/2";
}

std::string read_record(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream bytes;
  bytes << in.rdbuf();
  if (!in) throw std::runtime_error(path.string() + " cannot be read");
  return bytes.str();
}

}  // namespace

std::string HostedTournament::state() const {
  if (!tournament_) return "registration";
  return tournament_->finished() ? "finished" : "playing";
}

Json HostedTournament::match_json(const OverTheBoard& m, bool has_table) const {
  const TournamentConfig& c = tournament_->config();
  Json seats = Json::object();
  for (int s = 0; s < kSeats; ++s)
    seats[std::string(seat_name(Seat(s)))] = c.participants[std::size_t(m.seats[std::size_t(s)])].name;
  Json j = {{"match", m.game + 1}, {"seats", seats}, {"result", nullptr}, {"table", nullptr}};
  if (const MatchRecord* rec = tournament_->journal().find(m.round, m.meeting, m.game)) {
    j["result"] = result_text(*rec);
    j["ending"] = rec->ending;
    if (!rec->message.empty()) j["message"] = rec->message;
    if (!rec->file.empty()) j["record"] = rec->file.substr(rec->file.find('/') + 1);
  }
  if (has_table) {
    const auto it = tables_.find({m.round, m.meeting, m.game});
    if (it != tables_.end() && lobby_.find(it->second)) j["table"] = it->second;
  }
  return j;
}

Json HostedTournament::rounds_json() const {
  Json rounds = Json::array();
  const auto& plans = tournament_->journal().rounds();
  const int games = tournament_->config().games_per_pairing;
  for (int r = 0; r < int(plans.size()); ++r) {
    Json meetings = Json::array();
    for (int m = 0; m < int(plans[std::size_t(r)].size()); ++m) {
      const Meeting& meeting = plans[std::size_t(r)][std::size_t(m)];
      Json j = {{"table", m + 1}, {"home", tournament_->schedule().entrant_name(meeting.home)}};
      if (meeting.away == kBye) {
        j["bye"] = true;
      } else {
        j["away"] = tournament_->schedule().entrant_name(meeting.away);
        j["matches"] = Json::array();
        for (int g = 0; g < games; ++g)
          j["matches"].push_back(match_json({r, m, g, seats_of(meeting, g, tournament_->config().alternate_colours)},
                                            r + 1 == int(plans.size())));
      }
      meetings.push_back(j);
    }
    rounds.push_back({{"round", r + 1}, {"meetings", meetings}});
  }
  return rounds;
}

Json HostedTournament::view(bool director) const {
  const TournamentConfig& c = reg_.config;
  Json entrants = Json::array();
  for (const HostedEntrant& e : reg_.entrants) {
    Json j = {{"name", e.who.name}, {"rating", e.who.rating ? Json(*e.who.rating) : Json()}, {"group", e.who.group},
              {"computer", e.who.spec == kPersonSpec ? Json() : Json(e.who.spec)}};
    if (director && !e.link.empty()) j["link"] = "/tournament/" + reg_.id + "?player=" + e.link;
    entrants.push_back(j);
  }
  Json teams = Json::array();
  if (tournament_)
    for (const TeamSpec& t : tournament_->schedule().teams())
      teams.push_back({t.name, tournament_->config().participants[std::size_t(t.white)].name,
                       tournament_->config().participants[std::size_t(t.black)].name});
  else
    for (const auto& [white, black] : reg_.teams) teams.push_back({white + "+" + black, white, black});
  Json j = {{"id", reg_.id},
            {"title", reg_.title},
            {"state", state()},
            {"settings",
             {{"format", to_string(c.format)}, {"rounds", c.rounds}, {"games", c.games_per_pairing},
              {"clock", c.clock.to_string()}, {"rules", describe_changes(c.rules)}, {"teams", to_string(c.team_mode)},
              {"alternate_colours", c.alternate_colours}, {"prize_places", c.prize_places},
              {"rating_limit", c.rating_limit ? Json(*c.rating_limit) : Json()}}},
            {"entrants", entrants},
            {"teams", teams},
            {"rounds", tournament_ ? rounds_json() : Json::array()}};
  if (tournament_) j["summary"] = Json::parse(summary_json(summarize(*tournament_)));
  if (director) j["notices"] = notices_;
  return j;
}

std::optional<Json> HostedTournament::seat_of(std::string_view link) {
  const auto who = std::find_if(reg_.entrants.begin(), reg_.entrants.end(),
                                [&](const HostedEntrant& e) { return !e.link.empty() && e.link == link; });
  if (link.empty() || who == reg_.entrants.end()) return std::nullopt;
  Json j = {{"name", who->who.name}};
  auto waiting = [&](const std::string& why) {
    j["waiting"] = why;
    return j;
  };
  if (!tournament_) return waiting("the first round is not paired yet");
  open_tables();
  const int me = tournament_->config().participant(who->who.name);
  const int r = int(tournament_->journal().rounds().size()) - 1;
  for (const OverTheBoard& m : r < 0 ? std::vector<OverTheBoard>{} : tournament_->unfinished(r)) {
    const auto seat = std::find(m.seats.begin(), m.seats.end(), me);
    if (seat == m.seats.end()) continue;
    const auto table = tables_.find({m.round, m.meeting, m.game});
    SeatedTable* t = table == tables_.end() ? nullptr : lobby_.find(table->second);
    if (!t)
      return waiting(match_place(m.round, m.meeting, m.game) +
                     ": your match has no table yet (the one before it is still played, or the director enters it)");
    const Seat s = Seat(seat - m.seats.begin());
    j["round"] = r + 1, j["table"] = t->id(), j["seat"] = std::string(seat_name(s)), j["token"] = t->token(s);
    return j;
  }
  return waiting(tournament_->finished() ? "the tournament is over"
                                         : "no match of yours is waiting: the next round is not paired yet");
}

std::string HostedTournament::standings_csv() const { return tournament_ ? bh::standings_csv(summarize(*tournament_)) : ""; }
std::string HostedTournament::cross_table_csv() const { return tournament_ ? bh::cross_table_csv(summarize(*tournament_)) : ""; }
std::string HostedTournament::standings_html() const {
  return tournament_ ? summary_html(summarize(*tournament_), reg_.title) : "";
}

std::string HostedTournament::pairing_sheet(int round) const {
  if (!tournament_) throw std::out_of_range("no round is paired yet");
  return pairing_sheet_html(*tournament_, round);
}

std::optional<std::string> HostedTournament::record(std::string_view name) const {
  if (!tournament_) return std::nullopt;
  for (const MatchRecord& rec : tournament_->journal().matches())
    if (!rec.file.empty() && rec.file == "games/" + std::string(name)) return read_record(dir_ / rec.file);
  return std::nullopt;
}

std::string HostedTournament::all_records() const {
  if (!tournament_) return "";
  std::vector<MatchRecord> played;
  for (const MatchRecord& rec : tournament_->journal().matches())
    if (!rec.file.empty()) played.push_back(rec);
  std::sort(played.begin(), played.end(), [](const MatchRecord& a, const MatchRecord& b) {
    return std::tie(a.round, a.meeting, a.game) < std::tie(b.round, b.meeting, b.game);
  });
  std::string out;
  for (const MatchRecord& rec : played) out += read_record(dir_ / rec.file) + "\n";
  return out;
}

}  // namespace bh::server
