// hosted_registration.cpp — the settings read from a request, the entrants and teams
// turned into a tournament's configuration, and registration.json both ways.
#include "training/server/hosted_registration.h"

#include <map>
#include <stdexcept>

#include "training/server/rules_json.h"

namespace bh::server {

namespace {

using Json = nlohmann::json;

constexpr int kMaxRounds = 50;
constexpr int kMaxGames = 10;

template <class T>
T choice(const Json& v, const std::string& field, const std::map<std::string, T>& names) {
  if (v.is_string()) {
    const auto it = names.find(v.get<std::string>());
    if (it != names.end()) return it->second;
  }
  std::string accepted;
  for (const auto& [name, value] : names) accepted += (accepted.empty() ? "" : " | ") + name;
  throw std::invalid_argument("\"" + field + "\": one of " + accepted);
}

int whole(const Json& v, const std::string& field, int low, int high) {
  if (!v.is_number_integer() || v.get<long long>() < low || v.get<long long>() > high)
    throw std::invalid_argument("\"" + field + "\": a whole number from " + std::to_string(low) + " to " + std::to_string(high));
  return v.get<int>();
}

bool flag(const Json& v, const std::string& field) {
  if (!v.is_boolean()) throw std::invalid_argument("\"" + field + "\": true or false");
  return v.get<bool>();
}

std::string text(const Json& v, const std::string& field, std::size_t max) {
  if (!v.is_string() || v.get<std::string>().empty() || v.get<std::string>().size() > max)
    throw std::invalid_argument("\"" + field + "\": a text of 1 to " + std::to_string(max) + " characters");
  return v.get<std::string>();
}

const std::map<std::string, Format> kFormats = {
    {"swiss", Format::Swiss}, {"roundrobin", Format::RoundRobin}, {"double-roundrobin", Format::DoubleRoundRobin}};
const std::map<std::string, TeamMode> kTeamModes = {
    {"fixed", TeamMode::Fixed}, {"random", TeamMode::Random}, {"balanced", TeamMode::Balanced}};

// One setting of the request: its field and how it is read into the registration.
struct Field {
  const char* name;
  void (*read)(const Json& v, HostedRegistration& r, const RuleSet& server_rules);
};

const Field kFields[] = {
    {"title", [](const Json& v, HostedRegistration& r, const RuleSet&) { r.title = text(v, "title", 100); }},
    {"format", [](const Json& v, HostedRegistration& r, const RuleSet&) { r.config.format = choice(v, "format", kFormats); }},
    {"rounds", [](const Json& v, HostedRegistration& r, const RuleSet&) { r.config.rounds = whole(v, "rounds", 1, kMaxRounds); }},
    {"games", [](const Json& v, HostedRegistration& r, const RuleSet&) {
       r.config.games_per_pairing = whole(v, "games", 1, kMaxGames);
     }},
    {"clock", [](const Json& v, HostedRegistration& r, const RuleSet&) {
       const std::string clock = text(v, "clock", 20);
       try {
         r.config.clock = TimeControl::parse(clock);
       } catch (const std::exception& e) {
         throw std::invalid_argument("\"clock\": " + std::string(e.what()));
       }
       if (!r.config.clock.timed()) throw std::invalid_argument("\"clock\": a tournament needs a timed clock (e.g. 5+5)");
     }},
    {"rules", [](const Json& v, HostedRegistration& r, const RuleSet& server) {
       r.config.rules = rules_from_request(v, server);
       // core/RULES.md "Three or more boards": a row is a table of its own, not a tournament's.
       if (r.config.rules.boards != 2)
         throw std::invalid_argument("\"rules\": boards = " + std::to_string(r.config.rules.boards) +
                                     ": a tournament plays two boards; a row of three or more is a table of its own");
     }},
    {"teams", [](const Json& v, HostedRegistration& r, const RuleSet&) { r.config.team_mode = choice(v, "teams", kTeamModes); }},
    {"alternate_colours", [](const Json& v, HostedRegistration& r, const RuleSet&) {
       r.config.alternate_colours = flag(v, "alternate_colours");
     }},
    {"prize_places", [](const Json& v, HostedRegistration& r, const RuleSet&) {
       r.config.prize_places = whole(v, "prize_places", 0, 20);
     }},
    {"prizes_stack", [](const Json& v, HostedRegistration& r, const RuleSet&) { r.config.prizes_stack = flag(v, "prizes_stack"); }},
    {"rating_limit", [](const Json& v, HostedRegistration& r, const RuleSet&) {
       if (!v.is_number() || v.get<double>() <= 0) throw std::invalid_argument("\"rating_limit\": a positive number");
       r.config.rating_limit = v.get<double>();
     }},
    {"seed", [](const Json& v, HostedRegistration& r, const RuleSet&) {
       r.config.seed = std::uint64_t(whole(v, "seed", 0, 1'000'000'000));
     }},
};

Json participant_json(const HostedEntrant& e) {
  return {{"name", e.who.name}, {"spec", e.who.spec}, {"rating", e.who.rating ? Json(*e.who.rating) : Json()},
          {"group", e.who.group}, {"link", e.link}, {"late", e.late}};
}

}  // namespace

HostedRegistration registration_from_request(const Json& request, const RuleSet& server_rules) {
  if (!request.is_object()) throw std::invalid_argument("the body is not a JSON object");
  HostedRegistration r;
  r.title = "bughouse tournament";
  r.config.games_per_pairing = 1;  // a club evening's round is one match
  r.config.rules = server_rules;
  for (const auto& [key, value] : request.items()) {
    const Field* field = nullptr;
    for (const Field& f : kFields)
      if (key == f.name) field = &f;
    if (!field) throw std::invalid_argument("\"" + key + "\": not a setting of a tournament");
    if (!value.is_null()) field->read(value, r, server_rules);
  }
  return r;
}

TournamentConfig config_of(const HostedRegistration& r) {
  TournamentConfig c = r.config;
  c.participants.clear();
  for (const HostedEntrant& e : r.entrants)
    if (!e.late) c.participants.push_back(e.who);
  c.teams.clear();
  if (c.team_mode == TeamMode::Fixed)
    for (const auto& [white, black] : r.teams)
      c.teams.push_back({white + "+" + black, c.participant(white), c.participant(black)});
  validate(c);
  return c;
}

Json registration_json(const HostedRegistration& r) {
  Json entrants = Json::array(), teams = Json::array();
  for (const HostedEntrant& e : r.entrants) entrants.push_back(participant_json(e));
  for (const auto& [white, black] : r.teams) teams.push_back({white, black});
  const TournamentConfig& c = r.config;
  return {{"id", r.id},
          {"manage", r.manage},
          {"title", r.title},
          {"format", to_string(c.format)},
          {"rounds", c.rounds},
          {"games", c.games_per_pairing},
          {"clock", c.clock.to_string()},
          {"rules", describe(c.rules)},
          {"teams_mode", to_string(c.team_mode)},
          {"alternate_colours", c.alternate_colours},
          {"prize_places", c.prize_places},
          {"prizes_stack", c.prizes_stack},
          {"rating_limit", c.rating_limit ? Json(*c.rating_limit) : Json()},
          {"seed", c.seed},
          {"entrants", entrants},
          {"teams", teams},
          {"started", r.started}};
}

HostedRegistration registration_from_json(const Json& j, const std::filesystem::path& file) {
  try {
    HostedRegistration r;
    r.id = j.at("id").get<std::string>();
    r.manage = j.at("manage").get<std::string>();
    r.title = j.at("title").get<std::string>();
    TournamentConfig& c = r.config;
    c.format = choice(j.at("format"), "format", kFormats);  // to_string writes the same names
    c.team_mode = choice(j.at("teams_mode"), "teams_mode", kTeamModes);
    c.rounds = j.at("rounds").get<int>();
    c.games_per_pairing = j.at("games").get<int>();
    c.clock = TimeControl::parse(j.at("clock").get<std::string>());
    std::string rules;
    for (const auto& line : j.at("rules")) rules += line.get<std::string>() + "\n";
    c.rules = parse_rules(rules);
    c.alternate_colours = j.at("alternate_colours").get<bool>();
    c.prize_places = j.at("prize_places").get<int>();
    c.prizes_stack = j.at("prizes_stack").get<bool>();
    if (!j.at("rating_limit").is_null()) c.rating_limit = j.at("rating_limit").get<double>();
    c.seed = j.at("seed").get<std::uint64_t>();
    for (const Json& e : j.at("entrants")) {
      HostedEntrant entrant{{e.at("name").get<std::string>(), e.at("spec").get<std::string>(), std::nullopt,
                             e.at("group").get<std::string>()},
                            e.at("link").get<std::string>()};
      if (!e.at("rating").is_null()) entrant.who.rating = e.at("rating").get<double>();
      entrant.late = e.value("late", false);
      r.entrants.push_back(std::move(entrant));
    }
    for (const Json& t : j.at("teams")) r.teams.emplace_back(t.at(0).get<std::string>(), t.at(1).get<std::string>());
    r.started = j.at("started").get<bool>();
    return r;
  } catch (const std::exception& e) {
    throw std::runtime_error(file.string() + ": not a tournament's registration: " + e.what());
  }
}

}  // namespace bh::server
