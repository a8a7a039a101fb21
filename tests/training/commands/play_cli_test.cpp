// Specification of `bughouse play` and of the engine programs, driven like a person or a
// host would through standard input: a short match with a move, help and nonsense, ended
// by end of input (resignation); partner talk with a computer partner (`tell`); a draw
// by agreement; a match left to run until it ends on the clock; a row of three boards;
// `uci` and `xboard` over
// real pipes, surviving garbage and ending on end of input.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include <unistd.h>

#include "core/bpgn.h"
#include "core/table.h"
#include "tests/training/commands/dialogue.h"
#include "tests/training/commands/process.h"

namespace bh {
namespace {

using namespace std::chrono_literals;

std::filesystem::path temp_path(const std::string& name) {
  return std::filesystem::temp_directory_path() / (name + "_" + std::to_string(::getpid()));
}

TEST(PlayCli, AShortMatchScriptedThroughStandardInput) {
  const auto bpgn = temp_path("play_cli.bpgn");
  std::filesystem::remove(bpgn);
  Subprocess play({BUGHOUSE_CLI, "play", "--seat", "A-black", "--computer", "random", "--clock", "30s+0", "--seed", "5",
                   "--bpgn", bpgn.string()},
                  "bughouse play");
  std::string log;
  ASSERT_TRUE(read_until(play, "Bughouse: you play A-black", log)) << log;
  play.write_line("help");
  play.write_line("this is no move");
  // A-black's first move: e7e5 is legal whatever White opened with.
  ASSERT_TRUE(read_until(play, "Your move (A-black)", log)) << log;
  play.write_line("e7e5");
  ASSERT_TRUE(read_until(play, "A-black (you) play e5", log)) << log;
  play.close_input();  // end of input: the person leaves the table
  ASSERT_TRUE(read_until(play, "The match is saved in", log)) << log;
  EXPECT_NE(log.find("Result: team 1 wins: A-black resigned"), std::string::npos) << log;
  EXPECT_NE(log.find("Moves: UCI"), std::string::npos) << "help was not shown";
  EXPECT_NE(log.find("Board A"), std::string::npos);
  EXPECT_NE(log.find("Board B"), std::string::npos);
  // The record: the person's move with its clock stamp, the result and why.
  const auto games = read_bpgn_file(bpgn.string());
  ASSERT_EQ(games.size(), 1u);
  EXPECT_EQ(games[0].tag("BlackA"), "you");
  EXPECT_EQ(games[0].tag("WhiteA"), "random");
  EXPECT_EQ(games[0].result, "1-0");
  EXPECT_EQ(games[0].reason, "resign A-black");
  bool found = false;
  for (const BpgnPly& p : games[0].plies)
    if (p.board == BoardA && p.color == Black && p.number == 1) {
      found = true;
      EXPECT_EQ(p.text, "e5");
      EXPECT_TRUE(p.clock_ms.has_value());
    }
  EXPECT_TRUE(found);
  const Match m = replay(games[0], RuleSet{});
  EXPECT_GT(m.moves_played(), 1);
  std::filesystem::remove(bpgn);
}

TEST(PlayCli, TellReachesTheComputerPartnerAndItsAnswerComesBackInWords) {
  // A-white tells B-black "need N"; the computer partner (mcts/partner_player.h) answers
  // ok (the opponents have knights to take) or no, shown with its plain words.
  const auto bpgn = temp_path("play_tell.bpgn");
  Subprocess play({BUGHOUSE_CLI, "play", "--seat", "A-white", "--computer", "random", "--clock", "60s+0", "--seed", "3",
                   "--bpgn", bpgn.string()},
                  "bughouse play");
  std::string log;
  ASSERT_TRUE(read_until(play, "Bughouse: you play A-white", log)) << log;
  play.write_line("tell");
  ASSERT_TRUE(read_until(play, "Tell what?", log)) << log;
  play.write_line("tell need N");
  ASSERT_TRUE(read_until(play, "You tell B-black: need N", log)) << log;
  ASSERT_TRUE(read_until(play, "B-black (partner): ", log)) << log;
  const std::string answer = log.substr(log.rfind("B-black (partner): "));
  EXPECT_TRUE(answer.rfind("B-black (partner): ok (OK, I will)\n", 0) == 0 ||
              answer.rfind("B-black (partner): no (No, I can't do that)\n", 0) == 0)
      << answer;
  play.close_input();
  ASSERT_TRUE(read_until(play, "The match is saved in", log)) << log;
  std::filesystem::remove(bpgn);
}

// The table says which rules it plays where they differ from the common form.
TEST(PlayCli, TheTableNamesItsRules) {
  const auto config = temp_path("play_rules.toml");
  std::ofstream(config) << "[rules]\npromotion = \"stay\"\nrepetition_draw = \"claim\"\n";
  Subprocess play({BUGHOUSE_CLI, "play", "--seat", "A-white", "--computer", "random", "--clock", "30s+0", "--config",
                   config.string()},
                  "bughouse play");
  std::string log;
  ASSERT_TRUE(read_until(play, "Bughouse: you play A-white", log)) << log;
  EXPECT_NE(log.find("30s+0, rules: repetition_draw=claim promotion=stay."), std::string::npos) << log;
  play.close_input();
  read_until(play, "The match is saved in", log);
  std::filesystem::remove(config);
}

TEST(PlayCli, ADrawOfferedIsAgreedWhenTheComputersLeaveItToThePerson) {
  // random does not search: it leaves a draw to the people, and the person is alone.
  const auto bpgn = temp_path("play_draw.bpgn");
  std::filesystem::remove(bpgn);
  Subprocess play({BUGHOUSE_CLI, "play", "--seat", "B-black", "--computer", "random", "--clock", "60s+0", "--seed", "4",
                   "--bpgn", bpgn.string()},
                  "bughouse play");
  std::string log;
  ASSERT_TRUE(read_until(play, "Bughouse: you play B-black", log)) << log;
  play.write_line("draw");
  ASSERT_TRUE(read_until(play, "The match is saved in", log)) << log;
  EXPECT_NE(log.find("B-black (you) offers a draw"), std::string::npos) << log;
  EXPECT_NE(log.find("Result: draw by agreement"), std::string::npos) << log;
  const auto games = read_bpgn_file(bpgn.string());
  ASSERT_EQ(games.size(), 1u);
  EXPECT_EQ(games[0].result, "1/2-1/2");
  EXPECT_EQ(games[0].reason, "draw agreement");
  std::filesystem::remove(bpgn);
}

TEST(PlayCli, AMatchRunsToItsEndOnTheClock) {
  // The person never moves: the match must still end by the rules (a flag or a mate),
  // with the result and the rule, without any input closing it.
  const auto bpgn = temp_path("play_clock.bpgn");
  std::filesystem::remove(bpgn);
  Subprocess play({BUGHOUSE_CLI, "play", "--seat", "B-white", "--computer", "random", "--clock", "3s+0", "--seed", "1",
                   "--bpgn", bpgn.string()},
                  "bughouse play");
  std::string log;
  ASSERT_TRUE(read_until(play, "The match is saved in", log)) << log;
  EXPECT_NE(log.find("Result: "), std::string::npos) << log;
  const auto games = read_bpgn_file(bpgn.string());
  ASSERT_EQ(games.size(), 1u);
  EXPECT_NE(games[0].result, "*");
  EXPECT_FALSE(games[0].reason.empty());
  EXPECT_EQ(games[0].reason.find("resign"), std::string::npos) << games[0].reason;
  replay(games[0], RuleSet{});
  std::filesystem::remove(bpgn);
}

// core/RULES.md "Three or more boards": a configuration of three boards seats the person
// at C-white of a row; nonsense is refused, the move is played, end of input resigns, and
// the record replays as a row.
TEST(PlayCli, ARowOfThreeBoardsAtTheTerminal) {
  const auto config = temp_path("play_row.toml"), bpgn = temp_path("play_row.bpgn");
  std::filesystem::remove(bpgn);
  std::ofstream(config) << "[rules]\nboards = 3\n";
  Subprocess play({BUGHOUSE_CLI, "play", "--config", config.string(), "--seat", "C-white", "--computer", "greedy",
                   "--clock", "30s+0", "--seed", "2", "--bpgn", bpgn.string()},
                  "bughouse play");
  std::string log;
  ASSERT_TRUE(read_until(play, "Bughouse on 3 boards: you play C-white (team 1), 30s+0", log)) << log;
  ASSERT_TRUE(read_until(play, "Your move (C-white)", log)) << log;
  play.write_line("xyz");  // C-black cannot move before C-white: always C-white's turn here
  ASSERT_TRUE(read_until(play, "Illegal: action 'xyz'", log)) << log;
  play.write_line("e4");
  ASSERT_TRUE(read_until(play, "C-white (you) play e4", log)) << log;
  play.close_input();
  ASSERT_TRUE(read_until(play, "The match is saved in", log)) << log;
  EXPECT_NE(log.find("Board C"), std::string::npos) << log;
  EXPECT_NE(log.find("Result: team 2 wins: C-white resigned"), std::string::npos) << log;
  const auto games = read_bpgn_file(bpgn.string());
  ASSERT_EQ(games.size(), 1u);
  EXPECT_EQ(games[0].tag("WhiteC"), "you");
  EXPECT_EQ(games[0].tag("BlackC"), "greedy");
  EXPECT_EQ(games[0].tag("Rules"), "boards=3");
  EXPECT_EQ(games[0].reason, "resign C-white");
  const Table t = replay_row(games[0], record_rules(games[0], RuleSet{}));  // the moves (a resignation is none)
  EXPECT_EQ(t.boards(), 3);
  EXPECT_EQ(t.moves_played(), int(games[0].plies.size()));
  bool found = false;
  for (const BpgnPly& p : games[0].plies)
    if (p.board == BoardId(2) && p.color == White && p.number == 1) found = p.text == "e4" && p.clock_ms.has_value();
  EXPECT_TRUE(found);
  // What a row does not seat: a network, a seat past the row's end.
  const auto out = temp_path("play_row.log");
  EXPECT_EQ(run({"play", "--config", config.string(), "--model", "fresh"}, out), 1);
  EXPECT_NE(read_text(out).find("--model: a row of 3 boards is played by the built-in players"), std::string::npos)
      << read_text(out);
  EXPECT_EQ(run({"play", "--config", config.string(), "--seat", "D-white"}, out), 1);
  EXPECT_NE(read_text(out).find("--seat 'D-white': expected a seat of the 3-board row, A-white to C-black"),
            std::string::npos)
      << read_text(out);
  std::filesystem::remove(bpgn);
  std::filesystem::remove(config);
  std::filesystem::remove(out);
}

TEST(EngineCli, UciOverPipesSurvivesGarbageAndEndsOnEndOfInput) {
  Subprocess uci({BUGHOUSE_CLI, "uci"}, "bughouse uci");
  uci.write_line("uci");
  std::string log;
  ASSERT_TRUE(read_until(uci, "uciok", log)) << log;
  for (const char* garbage : {"", "   ", "\x01\x02\x7f", "position fen", "go seat nobody", "go wtime -3",
                              "setoption name", "position startpos moves 1e2e4 zz", "stop", "ponderhit"})
    uci.write_line(garbage);
  uci.write_line("isready");
  ASSERT_TRUE(read_until(uci, "readyok", log)) << log;
  uci.write_line("position fen r1bqk2r/pppp1ppp/2n5/4p3/1b2P3/2N2N2/PPPP1PPP/R1BQKB1R[Pn] w KQkq - 0 1");
  uci.write_line("go nodes 50");
  ASSERT_TRUE(read_until(uci, "bestmove ", log)) << log;
  uci.write_line("go infinite");
  uci.close_input();  // end of input ends a search under way with its answer, then the program
  ASSERT_TRUE(read_until(uci, "bestmove ", log)) << log;
  for (int i = 0; i < 100 && uci.running(); ++i) std::this_thread::sleep_for(50ms);
  EXPECT_EQ(uci.status_text(), "exited with status 0");
}

TEST(EngineCli, XboardOverPipes) {
  Subprocess xb({BUGHOUSE_CLI, "xboard"}, "bughouse xboard");
  for (const char* l : {"xboard", "protover 2"}) xb.write_line(l);
  std::string log;
  ASSERT_TRUE(read_until(xb, "feature done=1", log)) << log;
  for (const char* l : {"new", "variant bughouse", "partner somebody", "level 0 0:30 0", "time 3000", "otim 3000",
                        "usermove e2e4"})
    xb.write_line(l);
  ASSERT_TRUE(read_until(xb, "move ", log)) << log;
  xb.write_line("quit");
  for (int i = 0; i < 100 && xb.running(); ++i) std::this_thread::sleep_for(50ms);
  EXPECT_EQ(xb.status_text(), "exited with status 0");
}

}  // namespace
}  // namespace bh
