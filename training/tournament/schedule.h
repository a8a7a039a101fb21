// schedule.h — the meetings of each round of a tournament, in seats: fixed schedules
// (round robin, gauntlet, every meeting of disjoint partnerships) are drawn up front;
// Swiss and rotating rounds are paired from the results so far (pairing.h).
#pragma once

#include <vector>

#include "training/tournament/pairing.h"
#include "training/tournament/standings.h"
#include "training/tournament/tournament_config.h"

namespace bh {

// A team as it sits down: its white player and its black player (participant indices).
struct TeamSeats {
  int white = 0, black = 0;
  bool operator==(const TeamSeats&) const = default;
};

// One meeting of a round: entrants (teams; players in a rotating event) and their seats.
// away == kBye: home has the bye and plays nothing.
struct Meeting {
  int home = 0, away = kBye;
  TeamSeats home_seats, away_seats;
  bool operator==(const Meeting&) const = default;
};
using RoundPlan = std::vector<Meeting>;

// What the pairing of a round knows: every game so far and the byes given.
struct ResultsSoFar {
  std::vector<GameResult> games;    // between entrants
  std::vector<double> bye_points;   // per entrant
  std::vector<int> byes;            // per entrant: byes received
  std::vector<int> home_minus_away; // per entrant: colour balance over meetings
};

class Schedule {
 public:
  Schedule(const TournamentConfig& config, std::vector<TeamSpec> teams);

  // Teams, or players in a rotating event.
  int entrants() const { return entrants_; }
  const std::vector<TeamSpec>& teams() const { return teams_; }
  std::string entrant_name(int e) const;
  // Rounds planned; a Sprt test has as many as it needs (each a batch of meetings).
  int rounds() const;
  // Round r (0-based) from the results of the rounds before it.
  RoundPlan plan(int r, const ResultsSoFar& so_far) const;

 private:
  RoundPlan seat(const Round& round) const;
  RoundPlan swiss(const ResultsSoFar& so_far) const;
  RoundPlan rotating(int r, const ResultsSoFar& so_far) const;
  RoundPlan sprt_batch() const;
  const TournamentConfig& config_;
  std::vector<TeamSpec> teams_;
  int entrants_ = 0;
  std::vector<Round> fixed_;  // the up-front schedule of the fixed formats
};

// Every meeting of two teams that share no player, each once, packed greedily into rounds
// in which nobody plays twice (the all-pairs event).
std::vector<Round> disjoint_team_schedule(const std::vector<TeamSpec>& teams);

}  // namespace bh
