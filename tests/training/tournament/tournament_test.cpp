// Specification of a tournament as played: seats and colours, the schedules of the
// formats, every match recorded and journaled, resume without replaying a match, a
// failing player losing its matches and then withdrawn, and the SPRT stopping when it
// decides. Players are the built-in movers with simulated think times, so every match is
// a function of its seeds and two runs agree exactly.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <functional>
#include <set>
#include <stdexcept>

#include <nlohmann/json.hpp>

#include "core/bpgn.h"
#include "mcts/greedy_player.h"
#include "mcts/random_player.h"
#include "training/tournament/tournament.h"
#include "training/tournament/tournament_report.h"
#include "training/tournament/tournament_summary.h"

#include "tests/training/tournament/tournament_test_util.h"

namespace bh {
namespace {

using test::failing_side;
using test::fresh_dir;
using test::greedy_side;
using test::random_side;


// Eight players: four greedy, four random; even-numbered ones greedy.
TournamentConfig eight_players() {
  TournamentConfig c;
  for (int i = 0; i < 8; ++i) c.participants.push_back({(i % 2 ? "r" : "g") + std::to_string(i), i % 2 ? "random" : "greedy", {}, ""});
  c.team_mode = TeamMode::Random;
  c.format = Format::Swiss;
  c.rounds = 3;
  c.clock = TimeControl::parse("1+0");
  c.concurrency = 2;
  return c;
}

std::vector<ArenaSide> sides_of(const TournamentConfig& c) {
  std::vector<ArenaSide> sides;
  for (const Participant& p : c.participants) sides.push_back(p.spec == "greedy" ? greedy_side(p.name) : random_side(p.name));
  return sides;
}

// The journal of `whole` as a kill after its `matches`-th match line leaves it in `cut`:
// everything before the next match line, and half of that line when `torn`.
void cut_journal(const std::filesystem::path& whole, const std::filesystem::path& cut, int matches, bool torn) {
  std::filesystem::create_directories(cut);
  std::ifstream in(whole / "journal.jsonl");
  std::ofstream out(cut / "journal.jsonl");
  std::string line;
  for (int seen = 0; std::getline(in, line);) {
    if (line.find("\"kind\":\"match\"") != std::string::npos && ++seen > matches) {
      if (torn) out << line.substr(0, line.size() / 2);
      return;
    }
    out << line << "\n";
  }
}

TEST(TournamentSeats, HomeIsTeamOneInEvenGamesAndColoursStay) {
  const Meeting m{0, 1, {10, 11}, {20, 21}};
  const auto g0 = seats_of(m, 0, false), g1 = seats_of(m, 1, false);
  // Team 1 holds A-white and B-black (core/RULES.md): home's white player on A, black on B.
  EXPECT_EQ(g0, (std::array<int, kSeats>{10, 21, 20, 11}));
  EXPECT_EQ(g1, (std::array<int, kSeats>{20, 11, 10, 21}));
  // Every player kept its colour: 10 and 20 white, 11 and 21 black.
  const auto g1_alt = seats_of(m, 1, true);
  EXPECT_EQ(g1_alt, (std::array<int, kSeats>{21, 10, 11, 20}));  // partners swapped colours
}

TEST(TournamentSchedule, EveryPartnershipMeetsEveryDisjointOneOnce) {
  std::vector<TeamSpec> teams;
  for (int i = 0; i < 4; ++i)
    for (int j = i + 1; j < 4; ++j) teams.push_back({std::to_string(i) + std::to_string(j), i, j});
  const auto rounds = disjoint_team_schedule(teams);
  // Four players make three splits into two teams: 01-23, 02-13, 03-12, one per round.
  ASSERT_EQ(rounds.size(), 3u);
  EXPECT_EQ(rounds[0], (Round{{0, 5}}));  // "01" vs "23"
  EXPECT_EQ(rounds[1], (Round{{1, 4}}));  // "02" vs "13"
  EXPECT_EQ(rounds[2], (Round{{2, 3}}));  // "03" vs "12"
}

TEST(Tournament, SwissOfEightPlayersInFourTeamsRecordsEveryMatch) {
  const auto dir = fresh_dir("swiss");
  TournamentConfig c = eight_players();
  Tournament t(c, sides_of(c), dir, false);
  int played = 0;
  t.run({[&](const Meeting&, const MatchRecord&) { ++played; }, {}, {}});
  // Four teams: two meetings a round, two matches a meeting.
  EXPECT_EQ(played, 3 * 2 * 2);
  ASSERT_EQ(t.journal().rounds().size(), 3u);
  const TournamentSummary s = summarize(t);
  double points = 0;
  for (const StandingRow& row : s.standings) {
    points += row.points;
    EXPECT_EQ(row.games, 6);
  }
  EXPECT_DOUBLE_EQ(points, 12);
  // Every record replays, and every player kept its colour in every match.
  std::map<std::string, std::set<char>> colours;
  for (const MatchRecord& rec : t.journal().matches()) {
    const auto games = read_bpgn_file((dir / rec.file).string());
    ASSERT_EQ(games.size(), 1u) << rec.file;
    replay(games[0], c.rules, c.clock);
    for (const char* tag : {"WhiteA", "WhiteB"}) colours[games[0].tag(tag)].insert('w');
    for (const char* tag : {"BlackA", "BlackB"}) colours[games[0].tag(tag)].insert('b');
  }
  EXPECT_EQ(colours.size(), 8u);
  for (const auto& [name, seen] : colours) EXPECT_EQ(seen.size(), 1u) << name << " changed colour";
}

// core/RULES.md "Both games played out": each match scores its teams their share of the
// two games' points, which the journal keeps: each record's ending and the score read from
// its tag agree, and a round still hands out one point a match.
TEST(Tournament, UnderBothGamesAMatchScoresItsShareOfTheGamesPoints) {
  const auto dir = fresh_dir("both_games");
  TournamentConfig c = eight_players();
  c.rounds = 2;
  set_option(c.rules, "both_games", "true");
  Tournament t(c, sides_of(c), dir, false);
  t.run({});
  std::set<double> shares;
  for (const MatchRecord& rec : t.journal().matches()) {
    EXPECT_EQ(rec.ending, "games");
    const auto games = read_bpgn_file((dir / rec.file).string());
    ASSERT_EQ(games.size(), 1u) << rec.file;
    const std::optional<Outcome> ending = parse_outcome_tag(games[0].reason);
    ASSERT_TRUE(ending) << games[0].reason;
    EXPECT_DOUBLE_EQ(rec.team1_score(), ending->share(Team1)) << games[0].reason;
    shares.insert(rec.team1_score());
  }
  double points = 0;
  for (const StandingRow& row : summarize(t).standings) points += row.points;
  EXPECT_DOUBLE_EQ(points, 2 * 2 * 2);
  EXPECT_TRUE(shares.count(0.75) || shares.count(0.25)) << "no match ended 1.5-0.5 in these seeds";
}

TEST(Tournament, ResumesFromItsJournalWithoutReplayingAMatch) {
  const auto whole = fresh_dir("whole");
  TournamentConfig c = eight_players();
  c.concurrency = 1;
  Tournament full(c, sides_of(c), whole, false);
  full.run();
  // A kill after the fifth match line, in the middle of the sixth line.
  const auto cut = fresh_dir("cut");
  cut_journal(whole, cut, 5, true);
  Tournament resumed(c, sides_of(c), cut, true);
  int played = 0;
  resumed.run({[&](const Meeting&, const MatchRecord&) { ++played; }, {}, {}});
  EXPECT_EQ(played, 12 - 5);
  ASSERT_EQ(resumed.journal().matches().size(), 12u);
  EXPECT_EQ(summary_json(summarize(resumed)), summary_json(summarize(full)));
}

TEST(Tournament, RefusesToResumeWithOtherSettingsOrToOverwrite) {
  const auto dir = fresh_dir("settings");
  TournamentConfig c = eight_players();
  c.rounds = 1;
  Tournament(c, sides_of(c), dir, false).run();
  EXPECT_THROW(Tournament(c, sides_of(c), dir, false), std::runtime_error);
  c.seed = 2;
  try {
    Tournament(c, sides_of(c), dir, true);
    FAIL() << "a journal of other settings was resumed";
  } catch (const std::runtime_error& e) {
    EXPECT_NE(std::string(e.what()).find("/seed"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("journal.jsonl:1"), std::string::npos) << e.what();
  }
}

// A journal written by a build that knew fewer rule options lists fewer rule lines for
// the same rules: it resumes. Other rules are still refused.
TEST(Tournament, AJournalOfFewerRuleOptionsResumesAndOtherRulesDoNot) {
  const auto dir = fresh_dir("rules");
  TournamentConfig c = eight_players();
  c.rounds = 1;
  Tournament(c, sides_of(c), dir, false).run();
  const auto journal = dir / "journal.jsonl";
  auto rewrite_rules = [&](const std::function<void(nlohmann::json&)>& change) {
    std::ifstream in(journal);
    std::string first, rest, line;
    std::getline(in, first);
    while (std::getline(in, line)) rest += line + "\n";
    in.close();
    nlohmann::json head = nlohmann::json::parse(first);
    change(head["settings"]["rules"]);
    std::ofstream(journal) << head.dump() << "\n" << rest;
  };
  rewrite_rules([](nlohmann::json& rules) {
    nlohmann::json older = nlohmann::json::array();
    for (const auto& r : rules)
      if (r.get<std::string>().rfind("pawn_drop_sixth", 0) != 0 && r.get<std::string>().rfind("fifty_move_draw", 0) != 0)
        older.push_back(r);
    rules = older;
  });
  EXPECT_NO_THROW(Tournament(c, sides_of(c), dir, true));
  rewrite_rules([](nlohmann::json& rules) { rules.push_back("promotion=stay"); });
  try {
    Tournament(c, sides_of(c), dir, true);
    FAIL() << "a journal of other rules was resumed";
  } catch (const std::runtime_error& e) {
    EXPECT_NE(std::string(e.what()).find("/rules"), std::string::npos) << e.what();
  }
}

TEST(Tournament, AFailingPlayerLosesItsMatchesAndIsWithdrawn) {
  const auto dir = fresh_dir("faults");
  TournamentConfig c;
  for (const char* name : {"a", "b", "c", "d"}) c.participants.push_back({name, "x", {}, ""});
  c.team_mode = TeamMode::Solo;
  c.format = Format::RoundRobin;
  c.max_faults = 2;
  c.clock = TimeControl::parse("1+0");
  std::vector<ArenaSide> sides = {failing_side("a"), greedy_side("b"), random_side("c"), greedy_side("d")};
  Tournament t(c, sides, dir, false);
  t.run();
  const TournamentSummary s = summarize(t);
  // "a" meets three others, two matches each: its first round's two matches fail (both are
  // played, the withdrawal counts from the next round), the four after are forfeited.
  EXPECT_EQ(s.endings.at("fault"), 2);
  EXPECT_EQ(s.endings.at("forfeit"), 4);
  ASSERT_EQ(s.faults.size(), 1u);
  EXPECT_EQ(s.faults[0], "a: 2 faults (withdrawn)");
  EXPECT_EQ(s.standings.back().entrant, 0);
  EXPECT_EQ(s.standings.back().points, 0);
  EXPECT_EQ(s.matches, 12);
}

TEST(Tournament, AResumedRoundForfeitsWhatTheWholeRoundWould) {
  // "a" fails at once; withdrawn after one fault, from the next round on. Killed after the
  // first match of round 1, the resumed round must still play (not forfeit) its second.
  TournamentConfig c;
  for (const char* name : {"a", "b", "c", "d"}) c.participants.push_back({name, "x", {}, ""});
  c.team_mode = TeamMode::Solo;
  c.format = Format::RoundRobin;
  c.max_faults = 1;
  c.clock = TimeControl::parse("1+0");
  auto sides = [] {
    return std::vector<ArenaSide>{failing_side("a"), greedy_side("b"), random_side("c"), greedy_side("d")};
  };
  const auto whole = fresh_dir("faults_whole");
  Tournament full(c, sides(), whole, false);
  full.run();
  EXPECT_EQ(summarize(full).endings.at("fault"), 2);
  const auto cut = fresh_dir("faults_cut");
  cut_journal(whole, cut, 1, false);
  Tournament resumed(c, sides(), cut, true);
  resumed.run();
  EXPECT_EQ(summary_json(summarize(resumed)), summary_json(summarize(full)));
}

TEST(Tournament, SprtStopsWhenItDecides) {
  const auto dir = fresh_dir("sprt");
  TournamentConfig c;
  c.participants = {{"greedy", "greedy", {}, ""}, {"random", "random", {}, ""}};
  c.team_mode = TeamMode::Solo;
  c.format = Format::Sprt;
  c.sprt = {0, 200, 0.05, 0.05};
  c.clock = TimeControl::parse("1+0");
  c.concurrency = 2;
  Tournament t(c, {greedy_side("greedy"), random_side("random")}, dir, false);
  t.run();
  const TournamentSummary s = summarize(t);
  ASSERT_TRUE(s.sprt);
  EXPECT_EQ(s.sprt->decision, SprtDecision::AcceptH1) << s.sprt->to_string();
  EXPECT_LT(s.matches, c.max_games);
}

TEST(Tournament, RotatingEventSeatsEveryPlayerOnceARoundWithNewPartners) {
  const auto dir = fresh_dir("rotating");
  TournamentConfig c = eight_players();
  c.team_mode = TeamMode::Rotating;
  c.games_per_pairing = 1;
  Tournament t(c, sides_of(c), dir, false);
  t.run();
  std::set<std::pair<int, int>> partners;
  for (const RoundPlan& round : t.journal().rounds()) {
    std::multiset<int> seated;
    for (const Meeting& m : round)
      for (int p : {m.home_seats.white, m.home_seats.black, m.away_seats.white, m.away_seats.black}) seated.insert(p);
    EXPECT_EQ(seated, (std::multiset<int>{0, 1, 2, 3, 4, 5, 6, 7}));
    for (const Meeting& m : round)
      for (const TeamSeats& team : {m.home_seats, m.away_seats})
        partners.insert({std::min(team.white, team.black), std::max(team.white, team.black)});
  }
  const TournamentSummary s = summarize(t);
  EXPECT_EQ(s.standings.size(), 8u);  // scored per player
  EXPECT_GE(partners.size(), 8u);     // partnerships change from round to round
}

TEST(Tournament, AGauntletIsALadderWithAnEloPerRung) {
  const auto dir = fresh_dir("gauntlet");
  TournamentConfig c;
  c.participants = {{"hero", "greedy", {}, ""}, {"r1", "random", {}, ""}, {"g", "greedy", {}, ""}, {"r2", "random", {}, ""}};
  c.team_mode = TeamMode::Solo;
  c.format = Format::Gauntlet;
  c.hero = "hero";
  c.games_per_pairing = 4;
  c.clock = TimeControl::parse("1+0");
  Tournament t(c, {greedy_side("hero"), random_side("r1"), greedy_side("g"), random_side("r2")}, dir, false);
  t.run();
  const TournamentSummary s = summarize(t);
  // One rung per opponent, in the order met; the hero's W/D/L there and nowhere else.
  ASSERT_EQ(s.rungs.size(), 3u);
  EXPECT_EQ(s.rungs[0].opponent, "r1");
  EXPECT_EQ(s.rungs[1].opponent, "g");
  EXPECT_EQ(s.rungs[2].opponent, "r2");
  int hero_points2 = 0;
  for (const GauntletRung& r : s.rungs) {
    EXPECT_EQ(r.wins + r.draws + r.losses, 4) << r.opponent;
    EXPECT_EQ(r.elo.elo, estimate_elo(r.wins, r.draws, r.losses).elo);
    hero_points2 += 2 * r.wins + r.draws;
  }
  const StandingRow& hero_row = *std::ranges::find(s.standings, 0, &StandingRow::entrant);
  EXPECT_EQ(2 * hero_row.points, hero_points2);
  EXPECT_NE(gauntlet_text(s).find("Gauntlet: hero against each opponent"), std::string::npos);
}

TEST(TournamentReport, PagesEscapeNamesAndJsonReadsBack) {
  const auto dir = fresh_dir("report");
  TournamentConfig c;
  c.participants = {{"<b>x", "greedy", 1500.0, "w"}, {"y", "random", {}, ""}};
  c.team_mode = TeamMode::Solo;
  c.format = Format::RoundRobin;
  c.clock = TimeControl::parse("1+0");
  Tournament t(c, {greedy_side("<b>x"), random_side("y")}, dir, false);
  t.run();
  const TournamentSummary s = summarize(t);
  const std::string html = summary_html(s, "t");
  EXPECT_EQ(html.find("<b>x"), std::string::npos);
  EXPECT_NE(html.find("&lt;b&gt;x"), std::string::npos);
  EXPECT_NE(summary_json(s).find("\"rounds_done\": 1"), std::string::npos);
  EXPECT_EQ(s.anchor, "<b>x = 1500");
  EXPECT_EQ(s.player_ratings[0].elo, 1500);
}

// A club's evening: four fixed teams of two, the players' groups making two of them
// mixed; the prizes follow the standings (one a team), and the standings and cross-table
// export as CSV, a name with a comma and a quote quoted as RFC 4180 has it.
TEST(TournamentReport, PrizesFollowTheStandingsAndTheTablesExportAsCsv) {
  const auto dir = fresh_dir("prizes");
  TournamentConfig c;
  const char* names[] = {"g1", "g2", "g3", "g4", "r1", "r2", "r3", "r4"};
  for (int i = 0; i < 8; ++i) c.participants.push_back({names[i], i < 4 ? "greedy" : "random", {}, i % 2 ? "m" : "f"});
  // Two teams of greedy players; of the random ones, "r1+r2" is mixed, "r3+r4" too.
  c.teams = {{"Smith, \"the greedy\"", 0, 2}, {"g2+g4", 1, 3}, {"r1+r2", 4, 5}, {"r3+r4", 6, 7}};
  c.team_mode = TeamMode::Fixed;
  c.format = Format::RoundRobin;
  c.clock = TimeControl::parse("1+0");
  c.prize_places = 2;
  std::vector<ArenaSide> sides;
  for (int i = 0; i < 8; ++i) sides.push_back(i < 4 ? greedy_side(names[i]) : random_side(names[i]));
  Tournament t(c, sides, dir, false);
  t.run();
  const TournamentSummary s = summarize(t);
  ASSERT_EQ(s.prizes.size(), 3u);
  // The two greedy teams (not mixed) take the places; the mixed prize goes to the better
  // of the two random teams, whichever the standings put first.
  const std::string first = s.entrants[std::size_t(s.standings[0].entrant)].name;
  const std::string second = s.entrants[std::size_t(s.standings[1].entrant)].name;
  const std::string third = s.entrants[std::size_t(s.standings[2].entrant)].name;
  EXPECT_EQ(s.prizes[0], (std::pair<std::string, std::string>{"1st place", first}));
  EXPECT_EQ(s.prizes[1], (std::pair<std::string, std::string>{"2nd place", second}));
  EXPECT_EQ(s.prizes[2].first, "first mixed team");
  EXPECT_EQ(s.prizes[2].second, third);
  EXPECT_TRUE(third == "r1+r2" || third == "r3+r4") << third;

  const std::string csv = standings_csv(s);
  EXPECT_EQ(csv.substr(0, csv.find("\r\n")), "rank,entrant,points,games,W-D-L,Buchholz,S-B,direct,Elo,95%");
  EXPECT_NE(csv.find(",\"Smith, \"\"the greedy\"\"\","), std::string::npos) << csv;
  int lines = 0;
  for (std::size_t at = 0; (at = csv.find("\r\n", at)) != std::string::npos; at += 2) ++lines;
  EXPECT_EQ(lines, 5);  // the header and four teams
  const std::string cross = cross_table_csv(s);
  EXPECT_NE(cross.find(",x,"), std::string::npos) << cross;  // each team's own column
  EXPECT_NE(summary_json(s).find("\"first mixed team\""), std::string::npos);
}

}  // namespace
}  // namespace bh
