// Specification of a tournament with people in it, as a club evening runs: people play
// over the board and the director enters their results when asked (after the round's
// program matches), corrects a result typed wrong, and withdraws a player between rounds;
// the pairing sheet of each round seats everyone.
#include <gtest/gtest.h>

#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "tests/training/tournament/tournament_test_util.h"
#include "training/tournament/pairing_sheet.h"
#include "training/tournament/tournament.h"
#include "training/tournament/tournament_summary.h"

namespace bh {
namespace {

using test::failing_side;
using test::fresh_dir;
using test::greedy_side;
using test::random_side;

// Three fixed teams: two people, two greedy movers, two random movers. The people's
// sides fail if asked for a player: a person's match is never played by the program.
TournamentConfig club_evening() {
  TournamentConfig c;
  for (const char* name : {"ann", "ben", "g1", "g2", "r1", "r2"})
    c.participants.push_back({name, std::string(name).size() == 3 ? kPersonSpec : name[0] == 'g' ? "greedy" : "random", {}, ""});
  c.teams = {{"people", 0, 1}, {"greedy", 2, 3}, {"random", 4, 5}};
  c.team_mode = TeamMode::Fixed;
  c.format = Format::RoundRobin;
  c.clock = TimeControl::parse("1+0");
  return c;
}

std::vector<ArenaSide> club_sides() {
  return {failing_side("ann"), failing_side("ben"), greedy_side("g1"), greedy_side("g2"), random_side("r1"), random_side("r2")};
}

// People play over the board: the director enters each of their matches' results when
// asked, after the round's program matches; the entries score like played matches, the
// round's pairing sheet names every seat, and an entry that stops leaves a journal the
// tournament resumes from.
TEST(Tournament, PeoplesMatchesAreEnteredByTheDirector) {
  const auto dir = fresh_dir("people");
  const TournamentConfig c = club_evening();
  const std::vector<ArenaSide> sides = club_sides();
  std::vector<OverTheBoard> asked;
  // The people win every match they play as team 1 and lose the others by an illegal move.
  const ResultEntry director = [&](const OverTheBoard& m) -> std::optional<EnteredResult> {
    asked.push_back(m);
    const bool people_are_team1 = m.seats[AWhite] == 0 || m.seats[AWhite] == 1;
    return people_are_team1 ? EnteredResult{1, "over the board"} : EnteredResult{1, "illegal move"};
  };
  Tournament t(c, sides, dir, false);
  EXPECT_THROW(t.run(), std::runtime_error);  // people play: no entry, no tournament
  ASSERT_TRUE(t.run({}, director));
  ASSERT_EQ(asked.size(), 4u);  // two meetings with the people, two matches each
  for (const OverTheBoard& m : asked) {
    const auto person = [](int p) { return p == 0 || p == 1; };
    EXPECT_EQ(int(person(m.seats[AWhite])) + person(m.seats[BBlack]) + person(m.seats[ABlack]) + person(m.seats[BWhite]), 2);
  }
  const TournamentSummary s = summarize(t);
  EXPECT_EQ(s.endings.at("over the board"), 2);
  EXPECT_EQ(s.endings.at("illegal move"), 2);
  // Each entered match went to team 1: the people won two and lost two.
  for (const StandingRow& row : s.standings) {
    if (s.entrants[std::size_t(row.entrant)].name != "people") continue;
    EXPECT_EQ(row.wins, 2);
    EXPECT_EQ(row.losses, 2);
  }
  // Three rounds, the people playing in two (a bye in the third): the sheets seat them.
  int seated = 0, byes = 0;
  for (int r = 0; r < 3; ++r) {
    const std::string sheet = pairing_sheet_html(t, r);
    EXPECT_NE(sheet.find("Round " + std::to_string(r + 1) + " pairings"), std::string::npos);
    seated += sheet.find("ann (team 1)") != std::string::npos && sheet.find("ben (team 1)") != std::string::npos;
    byes += sheet.find("Bye: people") != std::string::npos;
  }
  EXPECT_EQ(seated, 2);
  EXPECT_EQ(byes, 1);

  // A result typed wrong is entered again: the journal keeps both lines, the standings use
  // the new one, and a resumed tournament reads it so. A program's match is not entered.
  const OverTheBoard lost = asked[1];  // the people's first meeting, second match: lost
  t.correct(lost.round, lost.meeting, lost.game, {0, "over the board"});  // team 2, the people, won
  EXPECT_EQ(t.journal().corrections(), 1);
  auto people_wins = [](const TournamentSummary& sum) {
    for (const StandingRow& row : sum.standings)
      if (sum.entrants[std::size_t(row.entrant)].name == "people") return row.wins;
    return -1;
  };
  EXPECT_EQ(people_wins(summarize(t)), 3);
  EXPECT_EQ(people_wins(summarize(Tournament(c, sides, dir, true))), 3);
  EXPECT_THROW(t.correct(9, 0, 0, {1, "over the board"}), std::invalid_argument);
  for (const MatchRecord& rec : t.journal().matches())
    if (rec.message.empty()) {  // played by the programs
      EXPECT_THROW(t.correct(rec.round, rec.meeting, rec.game, {1, "over the board"}), std::invalid_argument);
      break;
    }

  // An entry that stops (end of input): the journal keeps what was entered, and a resumed
  // tournament asks only for the rest.
  const auto stopped = fresh_dir("people_stopped");
  int answered = 0;
  Tournament first(c, sides, stopped, false);
  EXPECT_FALSE(first.run({}, [&](const OverTheBoard& m) -> std::optional<EnteredResult> {
    if (answered == 1) return std::nullopt;
    ++answered;
    return director(m);
  }));
  const std::size_t kept = first.journal().matches().size();
  asked.clear();
  Tournament resumed(c, sides, stopped, true);
  ASSERT_TRUE(resumed.run({}, director));
  EXPECT_EQ(resumed.journal().matches().size(), 6u);  // three meetings, two matches each
  EXPECT_EQ(asked.size(), std::size_t(4 - 1)) << "kept " << kept;
}

// The director withdraws a player between rounds: from the next round to be paired its
// team forfeits every match, named so in the journal; the rounds before stand.
TEST(Tournament, APlayerWithdrawnBetweenRoundsForfeitsTheRest) {
  const TournamentConfig c = club_evening();
  const std::vector<ArenaSide> sides = club_sides();
  const ResultEntry draws = [](const OverTheBoard&) -> std::optional<EnteredResult> { return EnteredResult{0.5, "over the board"}; };
  // Which team is at home in the third round: the one whose white player withdraws.
  Tournament reference(c, sides, fresh_dir("withdraw_reference"), false);
  ASSERT_TRUE(reference.run({}, draws));
  const int home = reference.journal().rounds()[2][0].home;
  const std::string leaver = c.participants[std::size_t(c.teams[std::size_t(home)].white)].name;

  const auto dir = fresh_dir("withdraw");
  Tournament t(c, sides, dir, false);
  // Stop once the second round is paired (at its first entry, or after it without one).
  const ResultEntry until_round_two = [&](const OverTheBoard& m) -> std::optional<EnteredResult> {
    if (m.round >= 1) return std::nullopt;
    return draws(m);
  };
  t.run({}, until_round_two);
  Tournament between(c, sides, dir, true);
  const std::size_t paired = between.journal().rounds().size();
  ASSERT_EQ(paired, 2u) << "the people's bye fell in round 2: this field stops after round 3 is paired";
  between.withdraw(leaver);
  EXPECT_THROW(between.withdraw(leaver), std::invalid_argument);
  EXPECT_THROW(between.withdraw("nobody"), std::invalid_argument);
  ASSERT_TRUE(between.run({}, draws));
  int forfeits = 0;
  for (const MatchRecord& rec : between.journal().matches()) {
    if (rec.round < 2) {
      EXPECT_NE(rec.ending, "forfeit");
      continue;
    }
    EXPECT_EQ(rec.ending, "forfeit");
    EXPECT_EQ(rec.message, leaver + " was withdrawn by the director");
    EXPECT_EQ(rec.home_score, 0);  // the leaver's team is at home and loses
    ++forfeits;
  }
  EXPECT_EQ(forfeits, 2);
}

}  // namespace
}  // namespace bh
