// tournament_results.h — what the journal's matches add up to: games between entrants for
// the standings and the Swiss pairing, byes, colour balance, the seats of every match for
// the player ratings, endings by kind, and each participant's faults.
#pragma once

#include <array>
#include <map>
#include <string>
#include <vector>

#include "training/tournament/journal.h"
#include "training/tournament/schedule.h"

namespace bh {

// One match as the ratings see it: who sat where, and team 1's score.
struct SeatedGame {
  std::array<int, kSeats> seats{};  // participant per seat
  double team1_score = 0.5;
};

struct TournamentResults {
  ResultsSoFar so_far;                 // per entrant (teams; players in a rotating event)
  std::vector<SeatedGame> seated;      // matches played (forfeits and faults without a game excluded)
  std::map<std::string, int> endings;  // "mate", "flag", "fault", "forfeit", ...
  std::vector<int> faults;             // per participant: matches lost by its failure
  std::vector<bool> withdrawn;         // per participant: withdrawn by the director as of these results
  int wins = 0, draws = 0, losses = 0; // entrant 0's, over all its matches (the SPRT's count)
};

// Results of the matches in `journal` up to (not including) round `before` (all by default).
TournamentResults results_of(const TournamentConfig& config, const Schedule& schedule, const Journal& journal,
                             int before = -1);

// A participant that has failed `max_faults` matches, or that the director withdrew, plays
// no more.
bool is_withdrawn(const TournamentConfig& config, const TournamentResults& results, int participant);

}  // namespace bh
