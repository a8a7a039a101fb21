// pairing.h — who meets whom in each round of a tournament: round robin (Berger tables),
// Swiss by score (repeats avoided, colours balanced) and gauntlet. Entrants are numbered
// 0..n-1 (teams in a team event, players in an individual one); the tournament decides
// what an entrant is. Pure functions of their inputs: the same inputs pair the same way.
#pragma once

#include <vector>

namespace bh {

// One meeting of a round. `home` takes the first colouring of the pairing's matches (in a
// team event: team 1, the seats A-white and B-black). away == kBye: home has the bye.
inline constexpr int kBye = -1;
struct Pairing {
  int home = 0;
  int away = kBye;
  bool operator==(const Pairing&) const = default;
};
using Round = std::vector<Pairing>;

// Every entrant meets every other once per cycle (twice with `double_round`, colours
// swapped in the second cycle), by the circle method of the Berger tables; an odd count
// adds a bye (listed last in its round). Returns the rounds in order (n-1 per cycle for
// even n, n for odd n). Throws std::invalid_argument for fewer than 2 entrants.
std::vector<Round> round_robin(int entrants, bool double_round);

// The gauntlet: `hero` meets every other entrant in number order, one per round, home in
// even rounds and away in odd ones. Throws std::invalid_argument for fewer than 2
// entrants or a hero outside 0..entrants-1.
std::vector<Round> gauntlet(int entrants, int hero);

// What the Swiss pairing knows of an entrant before a round.
struct SwissEntrant {
  double score = 0;               // points so far
  std::vector<int> opponents;     // entrants met so far, once per game (a repeat is avoided
                                  // while possible, and then the least met is preferred)
  int home_minus_away = 0;        // colour balance: home games minus away games
  bool had_bye = false;
  double rating = 0;              // initial order among equal scores (higher first)
};

// One Swiss round over entrants[0..n-1] (Dutch-style, simplified; README names it): sort
// by score, then rating, then number; pair top-down within score groups, floating the
// odd one down, by a backtracking search that takes the first pairing without repeats (a
// repeat only when no pairing of the whole field avoids them); the lowest-ranked entrant
// without a bye gets it when n is odd (the lowest-ranked of all when every one had one).
// Home goes to the entrant with the lower colour balance (the higher-ranked on a tie).
// Boards in the order paired, the bye last. Throws std::invalid_argument for fewer than
// 2 entrants or an opponent that is not another entrant.
Round swiss_round(const std::vector<SwissEntrant>& entrants);

}  // namespace bh
