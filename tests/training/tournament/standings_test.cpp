// Specification of the standings: small tournaments whose points and tie-breaks are worked
// out by hand in the comments, one tie-break deciding in each.
#include <gtest/gtest.h>

#include <stdexcept>

#include "training/tournament/standings.h"

namespace bh {
namespace {

std::vector<int> order(const std::vector<StandingRow>& rows) {
  std::vector<int> entrants;
  for (const StandingRow& r : rows) entrants.push_back(r.entrant);
  return entrants;
}

std::vector<int> ranks(const std::vector<StandingRow>& rows) {
  std::vector<int> result;
  for (const StandingRow& r : rows) result.push_back(r.rank);
  return result;
}

const StandingRow& row_of(const std::vector<StandingRow>& rows, int entrant) {
  for (const StandingRow& r : rows)
    if (r.entrant == entrant) return r;
  throw std::logic_error("no row");
}

TEST(Standings, HandWorkedRoundRobinOfFourWithASharedRank) {
  // A=0 B=1 C=2 D=3: A-B 1-0, A-C ½-½, A-D 1-0, B-C 1-0, B-D ½-½, C-D 0-1.
  // Points:   A 1+½+1 = 2.5   B 0+1+½ = 1.5   C ½+0+0 = 0.5   D 0+½+1 = 1.5
  // Buchholz: A 1.5+0.5+1.5 = 3.5  B 2.5+0.5+1.5 = 4.5  C 2.5+1.5+1.5 = 5.5  D 2.5+1.5+0.5 = 4.5
  // S-B:      A 1.5+¼+1.5 = 3.25   B 0+0.5+¾ = 1.25     C 1.25+0+0 = 1.25   D 0+¾+0.5 = 1.25
  // Direct (B and D tie on 1.5): their draw, ½ each. B and D are equal on everything.
  const std::vector<GameResult> games = {{0, 1, 1}, {0, 2, 0.5}, {0, 3, 1}, {1, 2, 1}, {1, 3, 0.5}, {2, 3, 0}};
  const std::vector<StandingRow> rows = standings(4, games);
  EXPECT_EQ(order(rows), (std::vector<int>{0, 1, 3, 2}));
  EXPECT_EQ(ranks(rows), (std::vector<int>{1, 2, 2, 4}));
  const double points[] = {2.5, 1.5, 0.5, 1.5}, buchholz[] = {3.5, 4.5, 5.5, 4.5};
  const double sb[] = {3.25, 1.25, 1.25, 1.25}, direct[] = {0, 0.5, 0, 0.5};
  for (int e = 0; e < 4; ++e) {
    const StandingRow& r = row_of(rows, e);
    EXPECT_EQ(r.points, points[e]) << e;
    EXPECT_EQ(r.buchholz, buchholz[e]) << e;
    EXPECT_EQ(r.sonneborn_berger, sb[e]) << e;
    EXPECT_EQ(r.direct, direct[e]) << e;
    EXPECT_EQ(r.games, 3);
  }
  const StandingRow& a = row_of(rows, 0);
  EXPECT_EQ((std::vector<int>{a.wins, a.draws, a.losses}), (std::vector<int>{2, 1, 0}));
  const StandingRow& c = row_of(rows, 2);
  EXPECT_EQ((std::vector<int>{c.wins, c.draws, c.losses}), (std::vector<int>{0, 1, 2}));
}

TEST(Standings, BuchholzDecidesBeforeSonnebornBerger) {
  // Y=0 X=1 P=2 Q=3 R=4 S=5: X beats P, Q beats X, Y draws R and S, Q beats S.
  // Points: Q 2, X 1, Y 1, R ½, S ½, P 0.
  // X: Buchholz P+Q = 0+2 = 2, S-B 1·0 = 0.   Y: Buchholz R+S = ½+½ = 1, S-B ½·½+½·½ = ½.
  // Buchholz puts X first though S-B would put Y first.
  // S: Buchholz Y+Q = 1+2 = 3, S-B ½·1 = ½.   R: Buchholz Y = 1, S-B ½·1 = ½: S before R.
  const std::vector<GameResult> games = {{1, 2, 1}, {3, 1, 1}, {0, 4, 0.5}, {0, 5, 0.5}, {3, 5, 1}};
  const std::vector<StandingRow> rows = standings(6, games);
  EXPECT_EQ(order(rows), (std::vector<int>{3, 1, 0, 5, 4, 2}));
  EXPECT_EQ(ranks(rows), (std::vector<int>{1, 2, 3, 4, 5, 6}));
  EXPECT_EQ(row_of(rows, 1).buchholz, 2);
  EXPECT_EQ(row_of(rows, 1).sonneborn_berger, 0);
  EXPECT_EQ(row_of(rows, 0).buchholz, 1);
  EXPECT_EQ(row_of(rows, 0).sonneborn_berger, 0.5);
  EXPECT_EQ(row_of(rows, 5).buchholz, 3);
}

TEST(Standings, SonnebornBergerDecidesBeforeDirectEncounter) {
  // A=0 B=1 D=2 C=3 (a round robin): A-B 1-0, A-C 0-1, A-D 1-0, B-C 1-0, B-D 1-0, C-D 0-1.
  // Points: A 2, B 2, C 1, D 1; in a round robin the Buchholz of equal points are equal
  // (A 2+1+1 = 4 = B; C 2+2+1 = 5 = D).
  // S-B: A beat B and D, 2+1 = 3; B beat C and D, 1+1 = 2; C beat A, 2; D beat C, 1.
  // So C is above D although D beat C (direct: D 1, C 0), and C's number is higher.
  const std::vector<GameResult> games = {{0, 1, 1}, {0, 3, 0}, {0, 2, 1}, {1, 3, 1}, {1, 2, 1}, {3, 2, 0}};
  const std::vector<StandingRow> rows = standings(4, games);
  EXPECT_EQ(order(rows), (std::vector<int>{0, 1, 3, 2}));
  EXPECT_EQ(ranks(rows), (std::vector<int>{1, 2, 3, 4}));
  EXPECT_EQ(row_of(rows, 3).sonneborn_berger, 2);
  EXPECT_EQ(row_of(rows, 2).sonneborn_berger, 1);
  EXPECT_EQ(row_of(rows, 3).direct, 0);
  EXPECT_EQ(row_of(rows, 2).direct, 1);
}

TEST(Standings, DirectEncounterDecidesWhenTheRestIsEqual) {
  // Y=0 X=1 A=2 C=3 D=4: X beats Y, A beats X, Y draws C and D, A beats D, C beats D.
  // Points: A 2, C 1.5, X 1, Y 1, D 0.5.
  // X: Buchholz Y+A = 1+2 = 3, S-B 1·1 = 1.   Y: Buchholz X+C+D = 1+1.5+0.5 = 3,
  // S-B ½·1.5+½·0.5 = 1. Equal; X beat Y, the only other entrant on 1: direct X 1, Y 0.
  const std::vector<GameResult> games = {{1, 0, 1}, {2, 1, 1}, {0, 3, 0.5}, {0, 4, 0.5}, {2, 4, 1}, {3, 4, 1}};
  const std::vector<StandingRow> rows = standings(5, games);
  EXPECT_EQ(order(rows), (std::vector<int>{2, 3, 1, 0, 4}));
  EXPECT_EQ(ranks(rows), (std::vector<int>{1, 2, 3, 4, 5}));
  for (int e : {0, 1}) {
    EXPECT_EQ(row_of(rows, e).points, 1);
    EXPECT_EQ(row_of(rows, e).buchholz, 3);
    EXPECT_EQ(row_of(rows, e).sonneborn_berger, 1);
  }
  EXPECT_EQ(row_of(rows, 1).direct, 1);
  EXPECT_EQ(row_of(rows, 0).direct, 0);
}

TEST(Standings, ByesArePointsButNotGames) {
  // 0 beats 1; 1 had a bye worth 1. Points 0: 1, 1: 1, 2: 0.
  // Buchholz counts the opponent's bye: 0's is 1 (1 has 1 point), 1's is 1. S-B: 0 has
  // 1·1 = 1, 1 has 0. Direct: 0 scored 1 against 1, tied on points.
  const std::vector<StandingRow> rows = standings(3, {{0, 1, 1}}, {0, 1, 0});
  EXPECT_EQ(order(rows), (std::vector<int>{0, 1, 2}));
  const StandingRow& one = row_of(rows, 1);
  EXPECT_EQ(one.points, 1);
  EXPECT_EQ(one.games, 1);
  EXPECT_EQ(one.losses, 1);
  EXPECT_EQ(row_of(rows, 0).buchholz, 1);
  EXPECT_EQ(row_of(rows, 0).sonneborn_berger, 1);
  EXPECT_EQ(row_of(rows, 2).games, 0);
}

TEST(Standings, MeetingTwiceCountsTwiceInTheTieBreaks) {
  // 0 beats 1, then they draw: 0 has 1.5, 1 has 0.5.
  // Buchholz 0: 0.5+0.5 = 1, 1: 1.5+1.5 = 3. S-B 0: 1·0.5+½·0.5 = 0.75, 1: ½·1.5 = 0.75.
  const std::vector<StandingRow> rows = standings(2, {{0, 1, 1}, {1, 0, 0.5}});
  EXPECT_EQ(row_of(rows, 0).buchholz, 1);
  EXPECT_EQ(row_of(rows, 1).buchholz, 3);
  EXPECT_EQ(row_of(rows, 0).sonneborn_berger, 0.75);
  EXPECT_EQ(row_of(rows, 1).sonneborn_berger, 0.75);
  EXPECT_EQ(row_of(rows, 0).games, 2);
}

TEST(Standings, EveryoneEqualSharesFirstPlace) {
  // A cycle: each beat one and lost to one; everything is equal.
  const std::vector<StandingRow> rows = standings(3, {{0, 1, 1}, {1, 2, 1}, {2, 0, 1}});
  EXPECT_EQ(order(rows), (std::vector<int>{0, 1, 2}));
  EXPECT_EQ(ranks(rows), (std::vector<int>{1, 1, 1}));
}

TEST(Standings, RejectsGamesOutsideTheField) {
  EXPECT_THROW(standings(2, {{0, 2, 1}}), std::invalid_argument);
  EXPECT_THROW(standings(2, {{-1, 1, 1}}), std::invalid_argument);
  EXPECT_THROW(standings(2, {{1, 1, 1}}), std::invalid_argument);
  EXPECT_THROW(standings(2, {{0, 1, 1.5}}), std::invalid_argument);
  EXPECT_THROW(standings(2, {}, {1}), std::invalid_argument);
  EXPECT_THROW(standings(0, {}), std::invalid_argument);
  EXPECT_THROW(cross_table(2, {{0, 3, 1}}), std::invalid_argument);
}

TEST(CrossTable, PointsAndGamesFromEachSide) {
  // 0 beats 1, 1 draws 0 at home, 2 loses to 0 at home.
  const CrossTable t = cross_table(3, {{0, 1, 1}, {1, 0, 0.5}, {2, 0, 0}});
  EXPECT_EQ(t.points[0], (std::vector<double>{0, 1.5, 1}));
  EXPECT_EQ(t.points[1], (std::vector<double>{0.5, 0, 0}));
  EXPECT_EQ(t.points[2], (std::vector<double>{0, 0, 0}));
  EXPECT_EQ(t.games[0], (std::vector<int>{0, 2, 1}));
  EXPECT_EQ(t.games[1], (std::vector<int>{2, 0, 0}));
  EXPECT_EQ(t.games[2], (std::vector<int>{1, 0, 0}));
}

}  // namespace
}  // namespace bh
