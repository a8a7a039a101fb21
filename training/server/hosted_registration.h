// hosted_registration.h — a tournament `bughouse serve` hosts, as the director set it up:
// its title and settings, the entrants as they registered (a person with the secret link
// that takes them to their seat in every round; a computer by the spec the server offers),
// and the teams formed by hand. Kept in the tournament's folder as registration.json,
// written atomically at every change and read back after a restart; the rounds themselves
// are the tournament's journal (training/tournament/journal.h) beside it.
#pragma once

#include <filesystem>
#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "training/tournament/tournament_config.h"

namespace bh::server {

struct HostedEntrant {
  Participant who;    // spec: kPersonSpec, or a computer the server offers
  std::string link;   // a person's secret link; "" for a computer
  bool late = false;  // entered after the first round (the journal's entry lines hold them)
};

struct HostedRegistration {
  std::string id, manage;   // the tournament's public id and the director's secret
  std::string title;
  TournamentConfig config;  // the settings; participants and teams come from the fields below
  std::vector<HostedEntrant> entrants;
  std::vector<std::pair<std::string, std::string>> teams;  // by hand: (white, black) by name
  bool started = false;     // the first round is paired: no entry changes after that
};

// The settings of `POST /api/tournaments` over the server's rules: "title", "format"
// (swiss | roundrobin | double-roundrobin), "rounds", "games" (matches per pairing),
// "clock" ("5+5"), "rules" (as a table's), "teams" (fixed | random | balanced: by hand,
// drawn, balanced by rating), "alternate_colours", "prize_places", "prizes_stack",
// "rating_limit", "seed". Throws std::invalid_argument naming the field that is wrong.
HostedRegistration registration_from_request(const nlohmann::json& request, const RuleSet& server_rules);

// The tournament as it was set up at its first round: participants from the entrants (the
// late ones aside: the journal adds them), the teams by hand as indices; validated
// (tournament_config.h). Throws std::invalid_argument saying why.
TournamentConfig config_of(const HostedRegistration& registration);

nlohmann::json registration_json(const HostedRegistration& registration);
// Throws std::runtime_error naming `file` and the field that is wrong.
HostedRegistration registration_from_json(const nlohmann::json& j, const std::filesystem::path& file);

}  // namespace bh::server
