// Specification of how teams form (training/tournament/tournament_config.h make_teams) for
// teams balanced by rating, on a hand-worked field of six: the strongest with the weakest,
// and inward, the stronger partner white; and the refusals that name what is missing.
#include <gtest/gtest.h>

#include <stdexcept>
#include <string>

#include "training/tournament/tournament_config.h"

namespace bh {
namespace {

TournamentConfig six_rated() {
  TournamentConfig c;
  const double ratings[] = {1500, 1900, 1200, 1700, 1600, 1300};
  const char* names[] = {"a", "b", "c", "d", "e", "f"};
  for (int i = 0; i < 6; ++i) c.participants.push_back({names[i], "greedy", ratings[i], ""});
  c.team_mode = TeamMode::Balanced;
  return c;
}

TEST(TeamsBalancedByRating, TheStrongestPlaysWithTheWeakestAndInward) {
  // By rating: b 1900, d 1700, e 1600, a 1500, f 1300, c 1200.
  const std::vector<TeamSpec> teams = make_teams(six_rated());
  ASSERT_EQ(teams.size(), 3u);
  auto pair = [](const TeamSpec& t) { return std::pair(t.white, t.black); };
  EXPECT_EQ(pair(teams[0]), std::pair(1, 2));  // b (white) + c: 3100
  EXPECT_EQ(pair(teams[1]), std::pair(3, 5));  // d + f: 3000
  EXPECT_EQ(pair(teams[2]), std::pair(4, 0));  // e + a: 3100
  EXPECT_NO_THROW(validate(six_rated()));
  EXPECT_EQ(to_string(TeamMode::Balanced), "balanced");
}

TEST(TeamsBalancedByRating, EveryRatingIsNeededAndAnEvenField) {
  TournamentConfig unrated = six_rated();
  unrated.participants[4].rating.reset();
  try {
    validate(unrated);
    FAIL() << "a field without every rating was balanced";
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("participant e has none"), std::string::npos) << e.what();
  }
  TournamentConfig odd = six_rated();
  odd.participants.pop_back();
  EXPECT_THROW(validate(odd), std::invalid_argument);
}

}  // namespace
}  // namespace bh
