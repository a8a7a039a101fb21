// prizes.cpp — places, then categories, each to the best team still free to take it.
#include "training/tournament/prizes.h"

#include <algorithm>
#include <set>

namespace bh {

namespace {

std::string place_name(int place) {
  constexpr const char* kSuffix[] = {"th", "st", "nd", "rd"};
  const int last = place % 10, tens = place % 100;
  const char* suffix = (tens >= 11 && tens <= 13) || last > 3 ? kSuffix[0] : kSuffix[last];
  return std::to_string(place) + suffix + " place";
}

}  // namespace

std::vector<Prize> award_prizes(const std::vector<StandingRow>& rows, const std::vector<PrizeCategory>& categories,
                                const PrizeRules& rules) {
  std::vector<Prize> prizes;
  std::set<int> awarded;
  // The best-placed team `eligible` accepts that is still free to take a prize.
  auto best = [&](const std::function<bool(int)>& eligible) {
    for (const StandingRow& row : rows)
      if (eligible(row.entrant) && (!rules.one_per_team || !awarded.contains(row.entrant))) return row.entrant;
    return -1;
  };
  for (int place = 1; place <= rules.places; ++place) {
    const int entrant = place <= int(rows.size()) ? rows[std::size_t(place - 1)].entrant : -1;
    prizes.push_back({place_name(place), entrant});
    if (entrant >= 0) awarded.insert(entrant);
  }
  for (const PrizeCategory& c : categories) {
    const int entrant = best(c.eligible);
    prizes.push_back({c.name, entrant});
    if (entrant >= 0) awarded.insert(entrant);
  }
  return prizes;
}

}  // namespace bh
