// tournament_config.h — what a tournament is: its participants (players as `arena`
// knows them, with a name, an optional rating and group), how they form teams, the
// format and its rounds, the clock and rules, and how matches are run. Built by
// `bughouse tournament` from its command line and players file; checked here, so that
// every bad value is refused with the option it came from before a match is played.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/match.h"
#include "training/tournament/sprt.h"

namespace bh {

// A participant whose spec is this word is a person: its matches are played over the board
// and their results entered by the director (tournament.h ResultEntry).
inline constexpr const char* kPersonSpec = "person";

struct Participant {
  std::string name;
  std::string spec;               // as `arena --a` takes it: greedy, a checkpoint, uci:PATH, ...; or "person"
  std::optional<double> rating;   // a known rating (Elo), for seeding and category prizes
  std::string group;              // any label; a team of two groups is a "mixed" team
};

// How the participants form teams of two (each team's first player plays white on its
// board and its second black, for the whole tournament unless colours alternate).
enum class TeamMode {
  Fixed,     // the teams given (--team NAME=P1,P2)
  Random,    // drawn from the participants with the seed (the club form)
  AllPairs,  // every pair of participants is a team: how well X plays with Y as partner
  Solo,      // each participant holds both seats of its team (the arena form, for nets)
  Rotating,  // individual event: fours by standing each round, partners rotating
  Balanced,  // balanced by rating: the strongest with the weakest, and so on inward
};

enum class Format { Swiss, RoundRobin, DoubleRoundRobin, Gauntlet, Sprt };

struct TeamSpec {
  std::string name;
  int white = 0, black = 0;  // participant indices; equal for a Solo team
};

struct TournamentConfig {
  std::vector<Participant> participants;
  TeamMode team_mode = TeamMode::Fixed;
  std::vector<TeamSpec> teams;    // Fixed: as given; otherwise filled by make_teams
  Format format = Format::Swiss;
  int rounds = 7;                 // Swiss and Rotating; the other formats have their own count
  std::string hero;               // gauntlet: the team (or player) that meets all others
  int games_per_pairing = 2;      // matches per meeting, colourings alternating
  bool alternate_colours = false; // a team's players swap colours from match to match
  RuleSet rules;
  TimeControl clock = TimeControl::parse("5+5");
  int concurrency = 1;            // matches played at once
  std::uint64_t seed = 1;
  std::vector<std::string> openings;  // BFEN start positions; empty: the normal start
  int max_faults = 3;             // a participant that fails this many matches is withdrawn
  bool adjudicate_claims = false; // the arbiter grants claimable draws (chess, claim options)
  SprtConfig sprt;                // Format::Sprt: the test between the two participants
  int max_games = 1000;           // Format::Sprt: stop undecided after this many matches
  std::string anchor;             // ratings anchored here (default: the first participant)
  std::optional<double> rating_limit;  // category: teams whose ratings sum below this
  // Prizes (prizes.h): the first this many places, then the categories; a team takes one
  // prize unless they stack. They change no match, so the journal's settings omit them.
  int prize_places = 3;
  bool prizes_stack = false;

  int participant(const std::string& name) const;  // index, or -1
  bool is_person(int participant) const { return participants[std::size_t(participant)].spec == kPersonSpec; }
};

// Throws std::invalid_argument naming the option (or participant, or team) that is wrong:
// duplicate names, a team naming an unknown player or a player in two fixed teams, too
// few entrants for the format, an odd number of players to draw into teams, ...
void validate(const TournamentConfig& config);

// The teams of the tournament: as given (Fixed), drawn with the seed (Random), every pair
// (AllPairs), one per participant (Solo); Rotating events form teams round by round.
std::vector<TeamSpec> make_teams(const TournamentConfig& config);

std::string to_string(TeamMode mode);
std::string to_string(Format format);

}  // namespace bh
