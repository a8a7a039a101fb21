// tournament_players.cpp — players and teams from the command line and a TOML file.
#include "training/commands/tournament_players.h"

#include <stdexcept>

#include <toml++/toml.h>

#include "training/config/config_reader.h"

namespace bh::cli {

namespace {

std::pair<std::string, std::string> split_at_equals(const std::string& text, const std::string& option) {
  const std::size_t eq = text.find('=');
  if (eq == std::string::npos || eq == 0 || eq + 1 == text.size())
    throw std::invalid_argument(option + " " + text + ": expected NAME=VALUE");
  return {text.substr(0, eq), text.substr(eq + 1)};
}

int known_player(const TournamentConfig& config, const std::string& name, const std::string& where) {
  const int p = config.participant(name);
  if (p < 0) throw std::invalid_argument(where + ": no participant is named " + name);
  return p;
}

toml::table parse_file(const std::string& path) {
  try {
    return toml::parse_file(path);
  } catch (const toml::parse_error& e) {
    throw ConfigError(path + ":" + std::to_string(e.source().begin.line) + ":" + std::to_string(e.source().begin.column) +
                      ": " + std::string(e.description()));
  }
}

void read_player(const toml::table& t, const std::string& path, int i, TournamentConfig& config) {
  ConfigReader r(t, "player[" + std::to_string(i) + "]", path);
  Participant p;
  double rating = std::numeric_limits<double>::quiet_NaN();
  r.read("name", p.name);
  r.read("spec", p.spec);
  r.read("rating", rating, -10000, 10000);
  r.read("group", p.group);
  r.finish();
  if (p.name.empty()) r.fail("name", "every player needs a name");
  if (p.spec.empty()) r.fail("spec", "every player needs a spec (greedy, a checkpoint, uci:PATH, ...)");
  if (rating == rating) p.rating = rating;
  config.participants.push_back(p);
}

void read_team(const toml::table& t, const std::string& path, int i, TournamentConfig& config) {
  ConfigReader r(t, "team[" + std::to_string(i) + "]", path);
  TeamSpec team;
  r.read("name", team.name);
  r.mark_known("players");
  r.finish();
  const toml::array* players = t.get_as<toml::array>("players");
  if (!players || players->size() != 2 || !(*players)[0].is_string() || !(*players)[1].is_string())
    r.fail("players", "must list two player names: [white, black]");
  const std::string where = path + ": team " + team.name;
  team.white = known_player(config, (*players)[0].value_or(std::string()), where);
  team.black = known_player(config, (*players)[1].value_or(std::string()), where);
  if (team.name.empty()) team.name = config.participants[std::size_t(team.white)].name + "+" + config.participants[std::size_t(team.black)].name;
  config.teams.push_back(team);
}

// An array of tables under `key` (or nothing); anything else is an error at the key.
template <class Read>
void read_array(const toml::table& root, const std::string& path, const char* key, Read read) {
  const toml::node* node = root.get(key);
  if (!node) return;
  const toml::array* items = node->as_array();
  if (!items || !items->is_array_of_tables())
    throw ConfigError(path + ":" + std::to_string(node->source().begin.line) + ": " + key + ": write [[" + key + "]] tables");
  int i = 0;
  for (const toml::node& item : *items) read(*item.as_table(), path, i++);
}

}  // namespace

void read_players_file(const std::string& path, TournamentConfig& config) {
  const toml::table root = parse_file(path);
  for (auto&& [key, node] : root)
    if (key.str() != "player" && key.str() != "team")
      throw ConfigError(path + ":" + std::to_string(key.source().begin.line) + ": unknown key " + std::string(key.str()) +
                        " (the file holds [[player]] and [[team]] tables)");
  read_array(root, path, "player", [&](const toml::table& t, const std::string& p, int i) { read_player(t, p, i, config); });
  read_array(root, path, "team", [&](const toml::table& t, const std::string& p, int i) { read_team(t, p, i, config); });
}

Participant parse_player_option(const std::string& text) {
  const auto [name, spec] = split_at_equals(text, "--player");
  return {name, spec, std::nullopt, ""};
}

TeamSpec parse_team_option(const std::string& text, const TournamentConfig& config) {
  const auto [name, members] = split_at_equals(text, "--team");
  const std::size_t comma = members.find(',');
  if (comma == std::string::npos) throw std::invalid_argument("--team " + text + ": expected NAME=WHITE,BLACK");
  const std::string where = "--team " + text;
  return {name, known_player(config, members.substr(0, comma), where), known_player(config, members.substr(comma + 1), where)};
}

}  // namespace bh::cli
