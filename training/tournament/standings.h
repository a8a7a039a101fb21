// standings.h — the table of a tournament from its results: points, tie-breaks (Buchholz,
// Sonneborn-Berger, direct encounter) and the order they give, and the cross-table.
#pragma once

#include <vector>

namespace bh {

// One finished game between two entrants (a match of a pairing; a bye is not a game).
struct GameResult {
  int home = 0, away = 0;
  double home_score = 0.5;  // 1 win, 0.5 draw, 0 loss, from home's view
};

struct StandingRow {
  int entrant = 0;
  double points = 0;            // game points, byes included
  int games = 0;                // games played (byes not counted)
  int wins = 0, draws = 0, losses = 0;
  double buchholz = 0;          // sum over the games played of the opponent's points
  double sonneborn_berger = 0;  // sum over the games of the opponent's points times the score
  double direct = 0;            // points against the entrants it ties with on points
  int rank = 0;                 // 1-based; equal rows share a rank
};

// Rows sorted by points, then Buchholz, then Sonneborn-Berger, then direct encounter
// (the order the README gives), then entrant number (which does not share a rank).
// `bye_points[e]` is what entrant e got from byes (added to points, no opponent).
std::vector<StandingRow> standings(int entrants, const std::vector<GameResult>& games,
                                   const std::vector<double>& bye_points = {});

// Throws std::invalid_argument unless every game is between two different entrants of
// 0..entrants-1 with a home score in [0, 1] (and entrants >= 1); the message begins with
// `who` and names the first bad game. Every function of tournament/ that reads games
// checks them so.
void check_games(const char* who, int entrants, const std::vector<GameResult>& games);

// cross[i][j]: entrant i's points against j over all their games; games[i][j] how many.
struct CrossTable {
  std::vector<std::vector<double>> points;
  std::vector<std::vector<int>> games;
};
CrossTable cross_table(int entrants, const std::vector<GameResult>& games);

}  // namespace bh
