// Specification of the pairings: the Berger tables written out by hand, the gauntlet's
// order, and Swiss rounds worked by hand (entrant numbers are 0-based; the comments give
// 1-based ranks where they explain a choice).
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <random>
#include <set>
#include <stdexcept>
#include <utility>

#include "training/tournament/pairing.h"

namespace bh {
namespace {

// Home minus away games of every entrant over the rounds.
std::vector<int> colour_balance(int entrants, const std::vector<Round>& rounds) {
  std::vector<int> balance(entrants, 0);
  for (const Round& round : rounds)
    for (const Pairing& p : round)
      if (p.away != kBye) ++balance[p.home], --balance[p.away];
  return balance;
}

TEST(RoundRobin, FourIsTheBergerTable) {
  // FIDE's table for 4 (1-based): 1-4 2-3 / 4-3 1-2 / 2-4 3-1.
  const std::vector<Round> expected = {
      {{0, 3}, {1, 2}},
      {{3, 2}, {0, 1}},
      {{1, 3}, {2, 0}},
  };
  EXPECT_EQ(round_robin(4, false), expected);
}

TEST(RoundRobin, FourMeetsEveryPairOnceEachEntrantOncePerRound) {
  const std::vector<Round> rounds = round_robin(4, false);
  ASSERT_EQ(rounds.size(), 3u);
  std::map<std::pair<int, int>, int> meetings;
  for (const Round& round : rounds) {
    std::set<int> playing;
    for (const Pairing& p : round) {
      EXPECT_TRUE(playing.insert(p.home).second);
      EXPECT_TRUE(playing.insert(p.away).second);
      ++meetings[{std::min(p.home, p.away), std::max(p.home, p.away)}];
    }
    EXPECT_EQ(playing.size(), 4u);
  }
  EXPECT_EQ(meetings.size(), 6u);
  for (const auto& [pair, count] : meetings) EXPECT_EQ(count, 1) << pair.first << "-" << pair.second;
}

TEST(RoundRobin, FiveIsTheBergerTableOfSixWithTheSixthAsBye) {
  // FIDE's table for 6 (1-based): 1-6 2-5 3-4 / 6-4 5-3 1-2 / 2-6 3-1 4-5 / 6-5 1-4 2-3 /
  // 3-6 4-2 5-1; whoever meets 6 has the bye, listed last.
  const std::vector<Round> expected = {
      {{1, 4}, {2, 3}, {0, kBye}},
      {{4, 2}, {0, 1}, {3, kBye}},
      {{2, 0}, {3, 4}, {1, kBye}},
      {{0, 3}, {1, 2}, {4, kBye}},
      {{3, 1}, {4, 0}, {2, kBye}},
  };
  EXPECT_EQ(round_robin(5, false), expected);
}

TEST(RoundRobin, FiveHasOneByePerRoundAndOneByeEach) {
  const std::vector<Round> rounds = round_robin(5, false);
  ASSERT_EQ(rounds.size(), 5u);
  std::vector<int> byes(5, 0);
  for (const Round& round : rounds) {
    int in_round = 0;
    for (const Pairing& p : round)
      if (p.away == kBye) ++in_round, ++byes[p.home];
    EXPECT_EQ(in_round, 1);
  }
  EXPECT_EQ(byes, std::vector<int>(5, 1));
}

TEST(RoundRobin, EvenCountsBalanceColoursToOne) {
  for (int n : {2, 4, 6, 8, 10}) {
    for (int b : colour_balance(n, round_robin(n, false))) EXPECT_EQ(std::abs(b), 1) << "n = " << n;
  }
}

TEST(RoundRobin, DoubleRoundRepeatsTheCycleColoursSwapped) {
  const std::vector<Round> rounds = round_robin(4, true);
  ASSERT_EQ(rounds.size(), 6u);
  std::map<std::pair<int, int>, int> home_away;
  for (int r = 0; r < 3; ++r) {
    ASSERT_EQ(rounds[r + 3].size(), rounds[r].size());
    for (size_t b = 0; b < rounds[r].size(); ++b)
      EXPECT_EQ(rounds[r + 3][b], (Pairing{rounds[r][b].away, rounds[r][b].home}));
  }
  for (const Round& round : rounds)
    for (const Pairing& p : round) ++home_away[{p.home, p.away}];
  EXPECT_EQ(home_away.size(), 12u);  // each of the 6 pairs once each way
  for (const auto& [pair, count] : home_away) EXPECT_EQ(count, 1);
  EXPECT_EQ(colour_balance(4, rounds), std::vector<int>(4, 0));
}

TEST(RoundRobin, RejectsFewerThanTwo) {
  EXPECT_THROW(round_robin(1, false), std::invalid_argument);
  EXPECT_THROW(round_robin(0, true), std::invalid_argument);
}

TEST(Gauntlet, HeroMeetsTheOthersInOrderAlternatingHome) {
  const std::vector<Round> expected = {{{2, 0}}, {{1, 2}}, {{2, 3}}};
  EXPECT_EQ(gauntlet(4, 2), expected);
}

TEST(Gauntlet, RejectsAHeroOutsideTheField) {
  EXPECT_THROW(gauntlet(4, 4), std::invalid_argument);
  EXPECT_THROW(gauntlet(4, -1), std::invalid_argument);
  EXPECT_THROW(gauntlet(1, 0), std::invalid_argument);
}

// Four entrants whose numbers are not their rank: by rating 1 (1700), 2 (1600), 0 (1500),
// 3 (1400).
std::vector<SwissEntrant> four_rated() {
  std::vector<SwissEntrant> field(4);
  field[0].rating = 1500, field[1].rating = 1700, field[2].rating = 1600, field[3].rating = 1400;
  return field;
}

TEST(Swiss, FirstRoundTopHalfMeetsBottomHalf) {
  // Ranks 1v3 and 2v4: entrant 1 meets 0, entrant 2 meets 3; colours even, so the
  // higher-ranked is home.
  const Round expected = {{1, 0}, {2, 3}};
  EXPECT_EQ(swiss_round(four_rated()), expected);
}

TEST(Swiss, SecondRoundPairsWinnersAndLosersWithoutRepeats) {
  // Round 1 was 1-0 (0 won the upset) and 2-3 (2 won). Winners by rating: 2, 0; losers: 1, 3.
  // 2 and 1 were home (+1), 0 and 3 away (-1): the one that was away is home now.
  std::vector<SwissEntrant> field = four_rated();
  field[0] = {1, {1}, -1, false, 1500};
  field[1] = {0, {0}, +1, false, 1700};
  field[2] = {1, {3}, +1, false, 1600};
  field[3] = {0, {2}, -1, false, 1400};
  const Round expected = {{0, 2}, {3, 1}};
  EXPECT_EQ(swiss_round(field), expected);
}

TEST(Swiss, BacktracksWhenTheNaturalPairingWouldRepeat) {
  // Six entrants, all on 1.5 after three rounds of draws, equal ratings: rank = number.
  // Rounds (home first, 1-based): 3-4 5-1 2-6 / 5-3 4-2 1-6 / 4-5 6-3 2-1.
  // The natural pairing 1-4 2-5 3-6 repeats 3-6: with 1-4 fixed, 2 tries 5 (its Dutch
  // choice), finds 3-6 left, backs up and takes 3; 5-6 is new. Colours: 1, 3 and 6 were
  // away twice (-1) and get home against 4, 2 and 5 (+1).
  std::vector<SwissEntrant> field = {
      {1.5, {4, 5, 1}, -1, false, 0}, {1.5, {5, 3, 0}, +1, false, 0}, {1.5, {3, 4, 5}, -1, false, 0},
      {1.5, {2, 1, 4}, +1, false, 0}, {1.5, {0, 2, 3}, +1, false, 0}, {1.5, {1, 0, 2}, -1, false, 0},
  };
  const Round expected = {{0, 3}, {2, 1}, {5, 4}};
  EXPECT_EQ(swiss_round(field), expected);
}

TEST(Swiss, RepeatsOnlyWhenNoPairingAvoidsThem) {
  // Four entrants who have all met: the repeat is unavoidable and the Dutch choice (ranks
  // 1v3, 2v4) stands.
  std::vector<SwissEntrant> field = {
      {1.5, {1, 2, 3}, 0, false, 0}, {1.5, {0, 2, 3}, 0, false, 0},
      {1.5, {0, 1, 3}, 0, false, 0}, {1.5, {0, 1, 2}, 0, false, 0},
  };
  const Round expected = {{0, 2}, {1, 3}};
  EXPECT_EQ(swiss_round(field), expected);
}

TEST(Swiss, WhenRepeatsAreForcedTheLeastMetMeet) {
  // Four entrants who have all met, 0 and 2 (and 1 and 3) twice: the Dutch choice 1v3,
  // 2v4 (0-2, 1-3) would meet a third time, so 0 takes 1 (met once) and 2 meets 3.
  std::vector<SwissEntrant> field = {
      {1.5, {1, 2, 2, 3}, 0, false, 0}, {1.5, {0, 2, 3, 3}, 0, false, 0},
      {1.5, {0, 0, 1, 3}, 0, false, 0}, {1.5, {0, 1, 1, 2}, 0, false, 0},
  };
  const Round expected = {{0, 1}, {2, 3}};
  EXPECT_EQ(swiss_round(field), expected);
}

TEST(Swiss, OddCountGivesTheByeToTheLowestRankedWithoutOne) {
  // Ranked 0 (2), 1 and 2 (1), 3 and 4 (0.5): 4 is last but had a bye, so 3 has it. Then 0,
  // alone on 2, floats down to 1; 2 meets 4.
  std::vector<SwissEntrant> field(5);
  const double scores[] = {2, 1, 1, 0.5, 0.5};
  for (int e = 0; e < 5; ++e) field[e].score = scores[e];
  field[4].had_bye = true;
  const Round expected = {{0, 1}, {2, 4}, {3, kBye}};
  EXPECT_EQ(swiss_round(field), expected);
}

TEST(Swiss, WhenAllHadAByeTheLowestRankedHasIt) {
  std::vector<SwissEntrant> field(3);
  for (SwissEntrant& e : field) e.had_bye = true;
  const Round expected = {{0, 1}, {2, kBye}};
  EXPECT_EQ(swiss_round(field), expected);
}

TEST(Swiss, TheEntrantWithMoreHomeGamesIsAway) {
  std::vector<SwissEntrant> field(2);
  field[0].home_minus_away = 1;  // ranked first, but has been home more often
  EXPECT_EQ(swiss_round(field), (Round{{1, 0}}));
  field[1].home_minus_away = 1;  // a tie: the higher-ranked is home
  EXPECT_EQ(swiss_round(field), (Round{{0, 1}}));
}

bool have_met(const SwissEntrant& e, int other) {
  return std::find(e.opponents.begin(), e.opponents.end(), other) != e.opponents.end();
}

// Whether the entrants in `left` can all be paired without a repeat (tried exhaustively).
bool repeat_free_exists(const std::vector<SwissEntrant>& field, std::vector<int> left) {
  if (left.empty()) return true;
  const int first = left[0];
  for (size_t k = 1; k < left.size(); ++k) {
    if (have_met(field[first], left[k])) continue;
    std::vector<int> rest(left.begin() + 1, left.end());
    rest.erase(rest.begin() + (k - 1));
    if (repeat_free_exists(field, rest)) return true;
  }
  return false;
}

TEST(Swiss, WholeTournamentsRepeatOnlyWhenForced) {
  // Swiss events of 7 and 8 played to the end with fixed pseudo-random results: every round
  // seats everyone once (one bye when odd, never twice to the same entrant while others
  // lack one), and has a repeat exactly when an exhaustive search finds no pairing without.
  for (int n : {7, 8}) {
    std::mt19937 random(n);
    std::vector<SwissEntrant> field(n);
    for (int e = 0; e < n; ++e) field[e].rating = 1000 - 10 * e;
    for (int round = 0; round < n - 1; ++round) {
      const std::vector<SwissEntrant> before = field;
      const Round pairings = swiss_round(before);
      std::vector<int> seen(n, 0), paired;
      bool repeated = false;
      for (const Pairing& p : pairings) {
        ++seen[p.home];
        if (p.away == kBye) {
          EXPECT_FALSE(before[p.home].had_bye) << "n " << n << " round " << round;
          field[p.home].had_bye = true, field[p.home].score += 1;
          continue;
        }
        ++seen[p.away];
        paired.push_back(p.home), paired.push_back(p.away);
        repeated = repeated || have_met(before[p.home], p.away);
        const double home_score = static_cast<double>(random() % 3) / 2;
        field[p.home].score += home_score, field[p.away].score += 1 - home_score;
        field[p.home].opponents.push_back(p.away), field[p.away].opponents.push_back(p.home);
        ++field[p.home].home_minus_away, --field[p.away].home_minus_away;
      }
      EXPECT_EQ(seen, std::vector<int>(n, 1)) << "n " << n << " round " << round;
      std::sort(paired.begin(), paired.end());
      EXPECT_EQ(repeated, !repeat_free_exists(before, paired)) << "n " << n << " round " << round;
    }
  }
}

TEST(Swiss, RejectsAnOpponentOutsideTheField) {
  std::vector<SwissEntrant> field(2);
  field[0].opponents = {2};
  EXPECT_THROW(swiss_round(field), std::invalid_argument);
  field[0].opponents = {0};
  EXPECT_THROW(swiss_round(field), std::invalid_argument);
  EXPECT_THROW(swiss_round({}), std::invalid_argument);
}

}  // namespace
}  // namespace bh
