// Specification of `bughouse tournament` as a program: a killed tournament resumes from
// its journal and ends exactly as an uninterrupted one (the kill placed at write
// boundaries found from a trace, so the test is deterministic), people's results are typed
// in by the director, and bad input is refused with the option, file and line named.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "tests/training/commands/process.h"
#include "tests/training/commands/dialogue.h"
#include "core/bpgn.h"

namespace bh {
namespace {

namespace fs = std::filesystem;

fs::path scratch(const std::string& name) {
  const fs::path dir = fs::temp_directory_path() / ("tournament_command_" + name);
  fs::remove_all(dir);
  fs::create_directories(dir);
  return dir;
}

// Eight built-in players drawn into four teams, three Swiss rounds at a fast clock, with
// simulated think times: every match is a function of the seed.
std::vector<std::string> swiss_args(const fs::path& out) {
  std::vector<std::string> args = {"tournament", "--rounds", "3", "--clock", "1+0", "--clock-mode", "model",
                                   "--out", out.string()};
  for (int i = 0; i < 8; ++i) args.insert(args.end(), {"--player", "p" + std::to_string(i) + "=" + (i % 2 ? "random" : "greedy")});
  return args;
}

int count_lines(const fs::path& file) {
  std::ifstream in(file);
  int n = 0;
  for (std::string line; std::getline(in, line);) ++n;
  return n;
}

TEST(TournamentCommand, KilledAtWriteBoundariesResumesToTheSameResult) {
  const fs::path dir = scratch("kill");
  const fs::path reference = dir / "reference", trace = dir / "trace.txt";
  ASSERT_EQ(run(swiss_args(reference), dir / "reference.log", {{"BUGHOUSE_WRITE_TRACE", trace.string()}}), 0)
      << read_text(dir / "reference.log");
  const std::string expected = read_text(reference / "summary.json");
  ASSERT_NE(expected.find("\"rounds_done\": 3"), std::string::npos);
  const int boundaries = count_lines(trace);
  ASSERT_GT(boundaries, 40);
  // Every seventh boundary, then the last: the journal's header, round lines, match
  // records and their lines, the summaries between rounds.
  std::vector<int> kills;
  for (int n = 1; n < boundaries; n += 7) kills.push_back(n);
  kills.push_back(boundaries);
  for (int n : kills) {
    const fs::path out = dir / ("killed-" + std::to_string(n));
    std::vector<std::string> args = swiss_args(out);
    const int killed = run(args, dir / "killed.log", {{"BUGHOUSE_KILL_AT_WRITE", std::to_string(n)}});
    ASSERT_EQ(killed, 128 + 9) << "boundary " << n << ": " << read_text(dir / "killed.log");
    args.push_back("--resume");
    ASSERT_EQ(run(args, dir / "resumed.log"), 0) << "boundary " << n << ": " << read_text(dir / "resumed.log");
    EXPECT_EQ(read_text(out / "summary.json"), expected) << "killed at boundary " << n;
    EXPECT_EQ(count_lines(out / "journal.jsonl"), count_lines(reference / "journal.jsonl")) << "boundary " << n;
  }
  fs::remove_all(dir);
}

// A club evening at the terminal: two people and two programs in fixed teams; the
// programs' matches would play themselves, the people's are typed in by the director when
// asked (a line it cannot read is asked again), the round's pairing sheet is written, and
// the standings come out as CSV.
TEST(TournamentCommand, TheDirectorTypesInThePeoplesResults) {
  const fs::path dir = scratch("people");
  Subprocess t({BUGHOUSE_CLI, "tournament", "--format", "roundrobin", "--player", "ann=person", "--player", "ben=person",
                "--player", "g1=greedy", "--player", "g2=greedy", "--team", "people=ann,ben", "--team", "bots=g1,g2",
                "--clock", "1+0", "--clock-mode", "model", "--out", (dir / "out").string()},
               "bughouse tournament");
  std::string log;
  auto read_until = [&](const std::string& text) { return bh::read_until(t, text, log); };
  ASSERT_TRUE(read_until("round 1 paired: the sheet to print is")) << log;
  ASSERT_TRUE(read_until("result of round 1, table 1, match 1: team 1 ann (A-white) + ben (B-black) v team 2 g2 (A-black) + g1 (B-white)"))
      << log;
  t.write_line("people won");
  ASSERT_TRUE(read_until("not a result: expected 1-0")) << log;
  t.write_line("1-0");
  ASSERT_TRUE(read_until("result of round 1, table 1, match 2")) << log;
  t.write_line("1/2 forfeit");
  ASSERT_TRUE(read_until("not a result: a forfeit or an illegal move decides for one team")) << log;
  t.write_line("1-0 illegal");  // team 1 is the programs' in the second match: the people lost
  ASSERT_TRUE(read_until("written:")) << log;
  EXPECT_NE(log.find("people 1-0 bots (over the board; entered by the director)"), std::string::npos) << log;
  EXPECT_NE(log.find("people 0-1 bots (illegal move; entered by the director)"), std::string::npos) << log;
  const std::string standings = read_text(dir / "out" / "standings.csv");
  EXPECT_NE(standings.find(",people,1.0,2,1-0-1,"), std::string::npos) << standings;
  const std::string sheet = read_text(dir / "out" / "round-1.html");
  for (const char* name : {"ann (team 1)", "ben (team 1)", "g1 (team 2)", "g2 (team 2)"})
    EXPECT_NE(sheet.find(name), std::string::npos) << name << " in " << sheet;
  t.close_input();

  // The second result was typed wrong: the director corrects it, and the standings follow.
  const std::vector<std::string> again = {"tournament", "--format", "roundrobin", "--player", "ann=person", "--player",
                                          "ben=person", "--player", "g1=greedy", "--player", "g2=greedy", "--team",
                                          "people=ann,ben", "--team", "bots=g1,g2", "--clock", "1+0", "--clock-mode",
                                          "model", "--out", (dir / "out").string(), "--resume"};
  std::vector<std::string> wrong = again;
  wrong.insert(wrong.end(), {"--correct", "1.1.3=0-1"});
  EXPECT_NE(run(wrong, dir / "wrong.log"), 0);
  EXPECT_NE(read_text(dir / "wrong.log").find("round 1, table 1, match 3 has no result to correct"), std::string::npos)
      << read_text(dir / "wrong.log");
  std::vector<std::string> corrected = again;
  corrected.insert(corrected.end(), {"--correct", "1.1.2=0-1"});
  ASSERT_EQ(run(corrected, dir / "corrected.log"), 0) << read_text(dir / "corrected.log");
  EXPECT_NE(read_text(dir / "corrected.log").find("corrected round 1, table 1, match 2: 0-1"), std::string::npos);
  EXPECT_NE(read_text(dir / "out" / "standings.csv").find(",people,2.0,2,2-0-0,"), std::string::npos)
      << read_text(dir / "out" / "standings.csv");
  EXPECT_NE(read_text(dir / "out" / "journal.jsonl").find("\"kind\":\"correction\""), std::string::npos);
  fs::remove_all(dir);
}

// Reads the [FEN "..."] tag of a record.
std::string fen_tag(const fs::path& record) {
  const std::string text = read_text(record);
  const std::size_t at = text.find("[FEN \"");
  return at == std::string::npos ? std::string() : text.substr(at + 6, text.find('"', at + 6) - at - 6);
}

TEST(TournamentCommand, EveryMeetingStartsFromAnOpeningInBothColourings) {
  const fs::path dir = scratch("openings");
  // A prefix of a real record: 1. e4 on board A and 1. d4 1... d5 on board B.
  std::ofstream(dir / "prefixes.bpgn") << "[Event \"prefix\"]\n[Result \"*\"]\n\n1A. e4 1B. d4 1b. d5 *\n";
  const std::vector<std::string> args = {"tournament", "--player", "g=greedy", "--player", "r=random", "--teams", "solo",
                                         "--format", "roundrobin", "--clock", "1+0", "--clock-mode", "model",
                                         "--openings", (dir / "prefixes.bpgn").string(), "--out", (dir / "out").string()};
  ASSERT_EQ(run(args, dir / "log.txt"), 0) << read_text(dir / "log.txt");
  const std::string expected = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR[] b KQkq - 0 1 | "
                               "rnbqkbnr/ppp1pppp/8/3p4/3P4/8/PPP1PPPP/RNBQKBNR[] w KQkq - 0 2 | "
                               "60000 60000 60000 60000";  // the prefix's clocks are not carried over
  EXPECT_EQ(fen_tag(dir / "out/games/r01-m01-g1.bpgn"), expected);
  EXPECT_EQ(fen_tag(dir / "out/games/r01-m01-g2.bpgn"), expected);
  fs::remove_all(dir);
}

// core/RULES.md "Clocks": a tournament may be played with a delay instead of an increment;
// its records say so and replay, move for move, to the end the tournament scored.
TEST(TournamentCommand, PlaysUnderADelayAndItsRecordsReplay) {
  const fs::path dir = scratch("delay");
  const std::vector<std::string> args = {"tournament", "--player", "g=greedy", "--player", "r=random", "--teams", "solo",
                                         "--format", "roundrobin", "--clock", "5sd1", "--clock-mode", "model",
                                         "--out", (dir / "out").string()};
  ASSERT_EQ(run(args, dir / "log.txt"), 0) << read_text(dir / "log.txt");
  const fs::path record = dir / "out/games/r01-m01-g1.bpgn";
  std::ifstream in(record);
  const std::vector<BpgnGame> games = read_bpgn(in, record.string());
  ASSERT_EQ(games.size(), 1u);
  EXPECT_EQ(games[0].tag("TimeControl"), "5+0d1");
  const Match replayed = replay(games[0], RuleSet{});
  EXPECT_EQ(replayed.time_control(), (TimeControl{5'000, 0, 1'000}));
  ASSERT_TRUE(replayed.over());
  EXPECT_EQ(games[0].reason, replayed.outcome().tag()) << "the replay ends as the tournament's match did";
  fs::remove_all(dir);
}

TEST(TournamentCommand, RefusesBadInputNamingWhatIsWrong) {
  const fs::path dir = scratch("bad");
  auto refused = [&](std::vector<std::string> args, const std::string& expect) {
    args.insert(args.begin(), "tournament");
    args.insert(args.end(), {"--out", (dir / "out").string()});
    const int code = run(args, dir / "bad.log");
    const std::string text = read_text(dir / "bad.log");
    EXPECT_NE(code, 0) << text;
    EXPECT_NE(text.find(expect), std::string::npos) << "expected \"" << expect << "\" in: " << text;
  };
  refused({"--player", "a=greedy", "--player", "b=random", "--team", "t=a,c", "--team", "u=b,a"}, "no participant is named c");
  refused({"--player", "a=greedy", "--player", "a=random"}, "two participants are named a");
  refused({"--player", "a=greedy", "--player", "b=random", "--player", "c=greedy", "--teams", "random"},
          "even number of participants");
  refused({"--player", "nospec"}, "--player nospec: expected NAME=VALUE");
  refused({"--player", "a=greedy", "--player", "b=random", "--format", "gauntlet"}, "--hero");
  std::ofstream(dir / "players.toml") << "[[player]]\nname = \"a\"\nspec = \"greedy\"\nratting = 3\n";
  refused({"--players", (dir / "players.toml").string()}, "players.toml:4");
  std::ofstream(dir / "openings.txt") << "# start positions\nnot a position\n";
  refused({"--player", "a=greedy", "--player", "b=random", "--openings", (dir / "openings.txt").string()}, "openings.txt:2");
  fs::remove_all(dir);
}

}  // namespace
}  // namespace bh
