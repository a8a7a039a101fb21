// standings.cpp — points and tie-breaks from the games, sorted and ranked; the cross-table.
// Scores are halves, so every sum below is exact in a double and ties compare with ==.
#include "training/tournament/standings.h"

#include <algorithm>
#include <stdexcept>
#include <string>

namespace bh {
namespace {

// Points, games and W/D/L of every entrant; the tie-breaks come once all points are known.
std::vector<StandingRow> tally(int entrants, const std::vector<GameResult>& games,
                               const std::vector<double>& bye_points) {
  std::vector<StandingRow> rows(entrants);
  for (int e = 0; e < entrants; ++e) {
    rows[e].entrant = e;
    if (!bye_points.empty()) rows[e].points = bye_points[e];
  }
  auto count = [](StandingRow& row, double score) {
    row.points += score;
    ++row.games;
    if (score > 0.5) ++row.wins;
    else if (score < 0.5) ++row.losses;
    else ++row.draws;
  };
  for (const GameResult& g : games) {
    count(rows[g.home], g.home_score);
    count(rows[g.away], 1 - g.home_score);
  }
  return rows;
}

// Buchholz, Sonneborn-Berger and direct encounter from the final points.
void add_tie_breaks(std::vector<StandingRow>& rows, const std::vector<GameResult>& games) {
  auto credit = [&](int self, int opponent, double score) {
    const double points = rows[opponent].points;
    rows[self].buchholz += points;
    rows[self].sonneborn_berger += score * points;
    if (points == rows[self].points) rows[self].direct += score;
  };
  for (const GameResult& g : games) {
    credit(g.home, g.away, g.home_score);
    credit(g.away, g.home, 1 - g.home_score);
  }
}

bool same_ties(const StandingRow& a, const StandingRow& b) {
  return a.points == b.points && a.buchholz == b.buchholz && a.sonneborn_berger == b.sonneborn_berger &&
         a.direct == b.direct;
}

bool better(const StandingRow& a, const StandingRow& b) {
  if (a.points != b.points) return a.points > b.points;
  if (a.buchholz != b.buchholz) return a.buchholz > b.buchholz;
  if (a.sonneborn_berger != b.sonneborn_berger) return a.sonneborn_berger > b.sonneborn_berger;
  if (a.direct != b.direct) return a.direct > b.direct;
  return a.entrant < b.entrant;
}

}  // namespace

void check_games(const char* who, int entrants, const std::vector<GameResult>& games) {
  if (entrants < 1)
    throw std::invalid_argument(std::string(who) + ": needs at least 1 entrant, got " + std::to_string(entrants));
  for (size_t g = 0; g < games.size(); ++g) {
    const GameResult& r = games[g];
    auto where = [&] { return std::string(who) + ": game " + std::to_string(g) + " (" + std::to_string(r.home) +
                              " v " + std::to_string(r.away) + ") "; };
    if (r.home < 0 || r.home >= entrants || r.away < 0 || r.away >= entrants)
      throw std::invalid_argument(where() + "names an entrant outside 0.." + std::to_string(entrants - 1));
    if (r.home == r.away) throw std::invalid_argument(where() + "pairs an entrant with itself");
    if (!(r.home_score >= 0 && r.home_score <= 1))
      throw std::invalid_argument(where() + "has home score " + std::to_string(r.home_score) + ", not in [0, 1]");
  }
}

std::vector<StandingRow> standings(int entrants, const std::vector<GameResult>& games,
                                   const std::vector<double>& bye_points) {
  check_games("standings", entrants, games);
  if (!bye_points.empty() && static_cast<int>(bye_points.size()) != entrants)
    throw std::invalid_argument("standings: " + std::to_string(bye_points.size()) + " bye points for " +
                                std::to_string(entrants) + " entrants");
  std::vector<StandingRow> rows = tally(entrants, games, bye_points);
  add_tie_breaks(rows, games);
  std::sort(rows.begin(), rows.end(), better);
  for (size_t i = 0; i < rows.size(); ++i)
    rows[i].rank = i > 0 && same_ties(rows[i], rows[i - 1]) ? rows[i - 1].rank : static_cast<int>(i) + 1;
  return rows;
}

CrossTable cross_table(int entrants, const std::vector<GameResult>& games) {
  check_games("cross_table", entrants, games);
  CrossTable table;
  table.points.assign(entrants, std::vector<double>(entrants, 0));
  table.games.assign(entrants, std::vector<int>(entrants, 0));
  for (const GameResult& g : games) {
    table.points[g.home][g.away] += g.home_score;
    table.points[g.away][g.home] += 1 - g.home_score;
    ++table.games[g.home][g.away];
    ++table.games[g.away][g.home];
  }
  return table;
}

}  // namespace bh
