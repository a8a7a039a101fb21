// Specification of the prizes (training/tournament/prizes.h) on a hand-made table of five
// teams, as a club's invitation sets them: the first three places, the first mixed team
// and the first team under a rating sum; a team takes one prize, the higher (the places
// before the categories), unless the director lets prizes stack.
#include <gtest/gtest.h>

#include <set>

#include "training/tournament/prizes.h"

namespace bh {
namespace {

// Standing order: entrants 3, 1, 4, 0, 2. Mixed: 1 and 0. Under the rating sum: 1 only.
std::vector<StandingRow> table() {
  std::vector<StandingRow> rows;
  int rank = 1;
  for (int e : {3, 1, 4, 0, 2}) rows.push_back({.entrant = e, .points = double(6 - rank), .rank = rank++});
  return rows;
}

std::vector<PrizeCategory> categories() {
  const std::set<int> mixed = {1, 0}, under = {1};
  return {{"first mixed team", [mixed](int e) { return mixed.contains(e); }},
          {"first team under 3200", [under](int e) { return under.contains(e); }}};
}

std::vector<std::pair<std::string, int>> as_pairs(const std::vector<Prize>& prizes) {
  std::vector<std::pair<std::string, int>> out;
  for (const Prize& p : prizes) out.emplace_back(p.name, p.entrant);
  return out;
}

TEST(Prizes, ATeamTakesOnlyItsHigherPrize) {
  // Entrant 1 is 2nd, and the best mixed team and the only one under the sum: it keeps the
  // 2nd place; the mixed prize goes to the next mixed team (0); nobody else is under 3200.
  EXPECT_EQ(as_pairs(award_prizes(table(), categories(), {})),
            (std::vector<std::pair<std::string, int>>{{"1st place", 3},
                                                      {"2nd place", 1},
                                                      {"3rd place", 4},
                                                      {"first mixed team", 0},
                                                      {"first team under 3200", -1}}));
}

TEST(Prizes, StackedPrizesGoToTheBestTeamOfEachWhateverElseItWon) {
  EXPECT_EQ(as_pairs(award_prizes(table(), categories(), {.places = 3, .one_per_team = false})),
            (std::vector<std::pair<std::string, int>>{{"1st place", 3},
                                                      {"2nd place", 1},
                                                      {"3rd place", 4},
                                                      {"first mixed team", 1},
                                                      {"first team under 3200", 1}}));
}

TEST(Prizes, PlacesBeyondTheFieldGoToNobodyAndTheNamesCountOn) {
  const auto prizes = award_prizes(table(), {}, {.places = 12, .one_per_team = true});
  ASSERT_EQ(prizes.size(), 12u);
  EXPECT_EQ(prizes[10].name, "11th place");
  EXPECT_EQ(prizes[11].name, "12th place");
  EXPECT_EQ(prizes[4].entrant, 2);
  EXPECT_EQ(prizes[5].entrant, -1);
  EXPECT_EQ(award_prizes(table(), {}, {.places = 0}).size(), 0u);
}

}  // namespace
}  // namespace bh
