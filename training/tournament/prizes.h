// prizes.h — who takes which prize, as a club's invitation sets them: the first places,
// then category prizes (the first mixed team, the first team whose ratings add up to less
// than a limit), each to the best-placed team of its category. A team takes one prize,
// the higher (the places rank above the categories, in the order given), unless the
// director lets prizes stack; then each prize goes to its best team whatever else it won.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "training/tournament/standings.h"

namespace bh {

struct PrizeRules {
  int places = 3;             // prizes for the first this many in the standings
  bool one_per_team = true;   // false: a team may take a place and categories too
};

// A category prize: its name and who may take it (by entrant number).
struct PrizeCategory {
  std::string name;
  std::function<bool(int entrant)> eligible;
};

struct Prize {
  std::string name;  // "1st place", "first mixed team"
  int entrant = -1;  // -1: nobody eligible is left
};

// `rows` in standing order (standings()). Places first, "1st place" to "Nth place", then
// the categories in the order given.
std::vector<Prize> award_prizes(const std::vector<StandingRow>& rows, const std::vector<PrizeCategory>& categories,
                                const PrizeRules& rules);

}  // namespace bh
