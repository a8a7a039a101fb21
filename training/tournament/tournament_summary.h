// tournament_summary.h — what a tournament has shown so far, computed from its journal:
// standings with tie-breaks, the cross-table, ratings of entrants and of players with 95%
// intervals, category winners, endings by kind, faults, and the SPRT's state. The text
// tables, the JSON summary and the HTML page (tournament_report.h) all print this one value.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "training/players/elo.h"
#include "training/tournament/bradley_terry.h"
#include "training/tournament/sprt.h"
#include "training/tournament/standings.h"
#include "training/tournament/tournament.h"

namespace bh {

struct EntrantInfo {
  std::string name;
  std::string members;  // "alice (white) + bob (black)"; empty when the entrant is a player
};

// A gauntlet's hero against one opponent: the ladder's rung.
struct GauntletRung {
  std::string opponent;
  int wins = 0, draws = 0, losses = 0;  // the hero's
  EloEstimate elo;                      // of the hero over the opponent, with its interval
};

struct TournamentSummary {
  std::string format;               // "swiss, 7 rounds, teams drawn at random, 5+5"
  int rounds_done = 0, rounds_planned = 0;
  std::vector<EntrantInfo> entrants;
  std::vector<StandingRow> standings;
  CrossTable cross;
  std::vector<Rating> entrant_ratings;
  std::vector<std::string> players;
  std::vector<Rating> player_ratings;  // from every match, a team as strong as its players' mean
  std::string anchor;                  // "alice = 0"
  std::vector<std::pair<std::string, std::string>> categories;  // ("first mixed team", "alice+bob"): each category's best
  std::vector<std::pair<std::string, std::string>> prizes;      // ("1st place", "alice+bob"), "-" for nobody (prizes.h)
  std::map<std::string, int> endings;
  std::vector<std::string> faults;     // "xboard-engine: 2 faults (withdrawn)"
  std::optional<SprtState> sprt;
  std::string hero;                    // a gauntlet's
  std::vector<GauntletRung> rungs;     // a gauntlet's, in the order met
  int matches = 0;
};

TournamentSummary summarize(const Tournament& tournament);

}  // namespace bh
