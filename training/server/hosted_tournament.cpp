// hosted_tournament.cpp — the director's actions, the tables of each round, and what the
// pages read.
#include "training/server/hosted_tournament.h"

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <stdexcept>

#include "core/platform/atomic_file.h"
#include "training/server/secret_token.h"

namespace bh::server {

namespace {

using Json = nlohmann::json;

constexpr std::size_t kMaxEntrants = 200;
constexpr std::size_t kMaxName = 40;
const char* const kRegistrationFile = "registration.json";

std::string name_field(const Json& body, const char* field) {
  const auto it = body.find(field);
  if (it == body.end() || !it->is_string()) throw std::invalid_argument(std::string("\"") + field + "\": a name");
  const std::string name = it->get<std::string>();
  const bool printable = std::none_of(name.begin(), name.end(), [](char c) { return (unsigned char)c < 0x20 || c == 0x7f; });
  if (name.empty() || name.size() > kMaxName || !printable || name.find_first_of(",+=") != std::string::npos)
    throw std::invalid_argument(std::string("\"") + field + "\": 1 to " + std::to_string(kMaxName) +
                                " printable characters, none of , + =");
  return name;
}

// The 1-based round, table and match of a result's body, as a 0-based key.
std::array<int, 3> match_field(const Json& body) {
  std::array<int, 3> key{};
  const char* names[] = {"round", "table", "match"};
  for (int i = 0; i < 3; ++i) {
    const auto it = body.find(names[i]);
    if (it == body.end() || !it->is_number_integer() || it->get<long long>() < 1 || it->get<long long>() > 1000)
      throw std::invalid_argument(std::string("\"") + names[i] + "\": a number from 1");
    key[std::size_t(i)] = it->get<int>() - 1;
  }
  return key;
}

EnteredResult result_field(const Json& body) {
  const auto it = body.find("result");
  if (it == body.end() || !it->is_string()) throw std::invalid_argument("\"result\": " + std::string(kEnteredResultForms));
  try {
    return parse_entered_result(it->get<std::string>());
  } catch (const std::invalid_argument& e) {
    throw std::invalid_argument("\"result\": " + std::string(e.what()));
  }
}

}  // namespace

HostedTournament::HostedTournament(HostedRegistration registration, std::filesystem::path dir, Lobby& lobby)
    : reg_(std::move(registration)), dir_(std::move(dir)), lobby_(lobby) {
  std::filesystem::create_directories(dir_);
  if (reg_.started) {
    tournament_.emplace(config_of(reg_), dir_, true);
    if (!tournament_->journal().rounds().empty() && !tournament_->unfinished(int(tournament_->journal().rounds().size()) - 1).empty())
      notices_.push_back("the server restarted: the matches of the current round without a result start again at fresh tables");
    open_tables();
  }
  commit(reg_);
}

std::unique_ptr<HostedTournament> HostedTournament::load(const std::filesystem::path& dir, Lobby& lobby) {
  const std::filesystem::path file = dir / kRegistrationFile;
  std::ifstream in(file);
  if (!in) throw std::runtime_error(file.string() + ": cannot be read");
  const Json j = Json::parse(in, nullptr, false);
  if (j.is_discarded()) throw std::runtime_error(file.string() + ": not JSON");
  return std::make_unique<HostedTournament>(registration_from_json(j, file), dir, lobby);
}

// The registration as it is to be: written first, kept after, so a write that fails (a
// full disk) leaves the tournament as it was, on disk and in memory.
void HostedTournament::commit(HostedRegistration next) {
  write_file_atomic(dir_ / kRegistrationFile, registration_json(next).dump(1) + "\n");
  reg_ = std::move(next);
}

Json HostedTournament::act(std::string_view action, const Json& body) {
  using Action = Json (HostedTournament::*)(const Json&);
  static const std::pair<std::string_view, Action> kActions[] = {
      {"register", &HostedTournament::register_entrant}, {"withdraw", &HostedTournament::withdraw},
      {"teams", &HostedTournament::form_teams},           {"round", &HostedTournament::next_round},
      {"result", &HostedTournament::enter_result},        {"correct", &HostedTournament::correct_result},
      {"late", &HostedTournament::enter_late}};
  if (!body.is_object()) throw std::invalid_argument("the body is not a JSON object");
  for (const auto& [name, act] : kActions)
    if (name == action) return (this->*act)(body);
  throw std::invalid_argument("unknown action '" + std::string(action) +
                              "': register, late, withdraw, teams, round, result or correct");
}

// An entrant from a registration's fields: a person (no "computer"), with a secret link,
// or a computer the server offers; a name nobody holds yet.
HostedEntrant HostedTournament::entrant_from(const Json& body) const {
  if (!body.is_object()) throw std::invalid_argument("an entrant is {\"name\", \"rating\", \"group\", \"computer\"}");
  if (reg_.entrants.size() >= kMaxEntrants)
    throw std::invalid_argument("register: a tournament takes " + std::to_string(kMaxEntrants) + " entrants at most");
  HostedEntrant e;
  e.who.name = name_field(body, "name");
  for (const HostedEntrant& other : reg_.entrants)
    if (other.who.name == e.who.name) throw std::invalid_argument("register: '" + e.who.name + "' is registered already");
  const auto computer = body.find("computer");
  if (computer != body.end() && !computer->is_null()) {
    if (!computer->is_string()) throw std::invalid_argument("\"computer\": a computer's name");
    // "model": the server's own (serve --model), whatever its spec.
    e.who.spec = *computer == "model" ? lobby_.default_computer() : computer->get<std::string>();
    lobby_.check_offered(e.who.spec, "computer");
  } else {
    e.who.spec = kPersonSpec;
    e.link = secret_token();
  }
  if (const auto rating = body.find("rating"); rating != body.end() && !rating->is_null()) {
    if (!rating->is_number() || rating->get<double>() < 0 || rating->get<double>() > 5000)
      throw std::invalid_argument("\"rating\": a number from 0 to 5000");
    e.who.rating = rating->get<double>();
  }
  if (const auto group = body.find("group"); group != body.end() && !group->is_null())
    e.who.group = group->is_string() && group->get<std::string>().size() <= kMaxName
                      ? group->get<std::string>()
                      : throw std::invalid_argument("\"group\": a text of at most " + std::to_string(kMaxName) + " characters");
  return e;
}

Json HostedTournament::entered_json(const HostedEntrant& e) const {
  Json answer = {{"name", e.who.name}};
  if (!e.link.empty()) answer["link"] = "/tournament/" + reg_.id + "?player=" + e.link;
  return answer;
}

// Before the first round only; after it, a whole team enters late (enter_late).
Json HostedTournament::register_entrant(const Json& body) {
  if (reg_.started) throw std::invalid_argument("register: the tournament has started; a team enters late with \"late\"");
  HostedEntrant e = entrant_from(body);
  HostedRegistration next = reg_;
  next.entrants.push_back(e);
  commit(std::move(next));
  return entered_json(e);
}

// {"white":{entrant},"black":{entrant}}: a team that joins a started Swiss from the next
// round paired (Tournament::enter_late), each person with their link.
Json HostedTournament::enter_late(const Json& body) {
  if (!tournament_) throw std::invalid_argument("late: the tournament has not started; register instead");
  HostedEntrant white = entrant_from(body.value("white", Json()));
  HostedEntrant black = entrant_from(body.value("black", Json()));
  if (white.who.name == black.who.name) throw std::invalid_argument("late: a team is two different players");
  tournament_->enter_late(white.who, black.who);  // journaled: the point of no return
  white.late = black.late = true;
  HostedRegistration next = reg_;
  next.entrants.push_back(white);
  next.entrants.push_back(black);
  commit(std::move(next));
  return {{"white", entered_json(white)}, {"black", entered_json(black)}};
}

// Before the first round the entrant leaves the list (and any team by hand); after it,
// their team forfeits from the next round paired (Tournament::withdraw).
Json HostedTournament::withdraw(const Json& body) {
  const std::string name = name_field(body, "name");
  if (tournament_) {
    tournament_->withdraw(name);
    return {{"withdrawn", name}};
  }
  HostedRegistration next = reg_;
  const auto it = std::find_if(next.entrants.begin(), next.entrants.end(), [&](const HostedEntrant& e) { return e.who.name == name; });
  if (it == next.entrants.end()) throw std::invalid_argument("withdraw: '" + name + "' is not registered");
  next.entrants.erase(it);
  std::erase_if(next.teams, [&](const auto& t) { return t.first == name || t.second == name; });
  commit(std::move(next));
  return {{"withdrawn", name}};
}

// {"teams":[["white","black"],...]} by hand, or {"mode":"random"|"balanced"} formed at the start.
Json HostedTournament::form_teams(const Json& body) {
  if (reg_.started) throw std::invalid_argument("teams: the tournament has started; its teams stand");
  HostedRegistration next = reg_;
  if (const auto mode = body.find("mode"); mode != body.end()) {
    if (!mode->is_string() || (*mode != "random" && *mode != "balanced"))
      throw std::invalid_argument("\"mode\": random or balanced (or \"teams\" by hand)");
    next.config.team_mode = *mode == "random" ? TeamMode::Random : TeamMode::Balanced;
    next.teams.clear();
  } else {
    const auto teams = body.find("teams");
    if (teams == body.end() || !teams->is_array()) throw std::invalid_argument("\"teams\": a list of [white, black] pairs");
    next.config.team_mode = TeamMode::Fixed;
    next.teams.clear();
    for (const Json& t : *teams) {
      if (!t.is_array() || t.size() != 2) throw std::invalid_argument("\"teams\": a team is two players, [white, black]");
      next.teams.emplace_back(name_field(Json{{"name", t[0]}}, "name"), name_field(Json{{"name", t[1]}}, "name"));
    }
  }
  if (next.config.team_mode == TeamMode::Fixed) config_of(next);  // unknown names, a player in two teams: refused
  commit(std::move(next));
  return {{"teams", to_string(reg_.config.team_mode)}};
}

void HostedTournament::start() {
  const TournamentConfig config = config_of(reg_);  // throws with the reason, nothing changed
  if (config.team_mode == TeamMode::Fixed && int(config.teams.size()) * 2 != int(config.participants.size()))
    throw std::invalid_argument("round: every entrant must be in a team (" + std::to_string(config.teams.size()) +
                                " teams for " + std::to_string(config.participants.size()) + " entrants)");
  // A journal already there is this tournament's own, begun before a crash that kept the
  // registration from saying so: it resumes (its settings must match).
  tournament_.emplace(config, dir_, std::filesystem::exists(dir_ / "journal.jsonl"));
  HostedRegistration next = reg_;
  next.started = true;
  commit(std::move(next));
}

Json HostedTournament::next_round(const Json&) {
  if (!tournament_) start();
  int r = 0;
  try {
    r = tournament_->pair_next_round();
  } catch (const std::logic_error& e) {
    throw std::invalid_argument(std::string("round: ") + e.what());
  }
  tables_.clear();
  open_tables();
  return {{"round", r + 1}};
}

Json HostedTournament::enter_result(const Json& body) {
  if (!tournament_) throw std::invalid_argument("result: no round is paired yet");
  const auto [r, m, g] = match_field(body);
  tournament_->enter(r, m, g, result_field(body));
  open_tables();  // the meeting's next match, if any
  return {{"entered", true}};
}

Json HostedTournament::correct_result(const Json& body) {
  if (!tournament_) throw std::invalid_argument("correct: no round is paired yet");
  const auto [r, m, g] = match_field(body);
  tournament_->correct(r, m, g, result_field(body));
  return {{"corrected", true}};
}

// The first match without a result of each meeting of the latest round gets a table, if it
// has none (a meeting's matches are played one after the other: the same people sit at
// them). Idempotent: called after a pairing, a result, a restart.
void HostedTournament::open_tables() {
  if (!tournament_ || tournament_->journal().rounds().empty()) return;
  const int r = int(tournament_->journal().rounds().size()) - 1;
  std::vector<int> meetings_seen;
  for (const OverTheBoard& m : tournament_->unfinished(r)) {
    if (std::find(meetings_seen.begin(), meetings_seen.end(), m.meeting) != meetings_seen.end()) continue;
    meetings_seen.push_back(m.meeting);
    const auto it = tables_.find({m.round, m.meeting, m.game});
    if (it == tables_.end() || !lobby_.find(it->second)) open_table(m);
  }
}

void HostedTournament::open_table(const OverTheBoard& m) {
  const TournamentConfig& c = tournament_->config();
  TableSetup setup;
  setup.rules = c.rules;
  setup.clock = c.clock;
  SeatAssignments assigned;
  for (int s = 0; s < kSeats; ++s) {
    const Participant& p = c.participants[std::size_t(m.seats[std::size_t(s)])];
    assigned[std::size_t(s)] = {p.name, p.spec == kPersonSpec ? "" : p.spec};
  }
  setup.assigned = assigned;
  const MatchKey key{m.round, m.meeting, m.game};
  setup.on_finished = [this, key](const std::string&, int, const Match& played, const std::string&) { finished(key, played); };
  try {
    Table& table = lobby_.open(std::move(setup));
    tables_[key] = table.id();
    const bool people = std::any_of(assigned.begin(), assigned.end(), [](const SeatAssignment& a) { return a.person(); });
    if (!people) table.start();  // the computers play at once; anyone may watch
  } catch (const std::exception& e) {
    notices_.push_back(match_place(m.round, m.meeting, m.game) + ": no table could be opened (" + e.what() +
                       "); enter its result or pair again after a restart");
  }
}

// A table's match is over: its result enters the journal (unless the director entered
// one meanwhile), and the meeting's next match gets its table.
void HostedTournament::finished(const MatchKey& key, const Match& played) {
  try {
    tournament_->record_played(key[0], key[1], key[2], played);
  } catch (const std::exception& e) {
    notices_.push_back(match_place(key[0], key[1], key[2]) + ": its result could not be recorded (" + e.what() +
                       "); enter it");
  }
  open_tables();
}

}  // namespace bh::server
