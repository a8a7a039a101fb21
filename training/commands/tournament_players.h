// tournament_players.h — the participants and teams of `bughouse tournament`, from the
// command line (--player NAME=SPEC, --team NAME=P1,P2) and from a players file (TOML):
//
//   [[player]]
//   name = "alice"          # required, unique
//   spec = "greedy"         # required: as `arena --a` takes it
//   rating = 1500           # optional: seeding, category prizes, the anchor's Elo
//   group = "w"             # optional: a team of two groups is a mixed team
//
//   [[team]]
//   name = "knights"
//   players = ["alice", "bob"]   # white, then black
//
// Errors name the file, line and key, or the option.
#pragma once

#include <string>
#include <vector>

#include "training/tournament/tournament_config.h"

namespace bh::cli {

// Adds the file's players and teams to `config`. Throws ConfigError.
void read_players_file(const std::string& path, TournamentConfig& config);

// "NAME=SPEC" -> a participant; "NAME=P1,P2" -> a team of known participants.
// Throws std::invalid_argument naming the option and the text.
Participant parse_player_option(const std::string& text);
TeamSpec parse_team_option(const std::string& text, const TournamentConfig& config);

}  // namespace bh::cli
