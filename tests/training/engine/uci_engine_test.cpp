// Specification of `bughouse uci` (training/engine/PROTOCOL.md), in-process with evaluators that
// need no network: the handshake, single-board positions with holdings, drops and
// promotions, search limits and stop, options, errors that keep the engine usable and a
// garbage feed. The whole-match layers are in uci_whole_match_test.cpp.
#include <gtest/gtest.h>

#include <filesystem>
#include <random>
#include <regex>
#include <sstream>

#include <unistd.h>

#include "core/bpgn.h"
#include "core/fen.h"
#include "core/notation.h"
#include "mcts/simple_evaluators.h"
#include "tests/training/engine/uci_session.h"

namespace bh {
namespace {

using test::last_info;
using test::Lines;
using test::Session;
using test::starts_with;

// Sends `uci`: is `option` one of the lines before uciok?
bool offers(Session& s, std::string_view option) {
  s.send("uci");
  if (!s.lines.next("uciok")) return false;
  const auto lines = s.lines.all();
  return std::find(lines.begin(), lines.end(), option) != lines.end();
}

// Sends `command`, then isready: does an answer before readyok contain `text`?
bool answers(Session& s, const std::string& command, std::string_view text) {
  const std::size_t seen = s.lines.all().size();
  s.send(command);
  s.send("isready");
  if (!s.lines.next("readyok")) return false;
  const auto lines = s.lines.all();
  for (std::size_t i = seen; i < lines.size(); ++i)
    if (lines[i].find(text) != std::string::npos) return true;
  return false;
}

TEST(UciEngine, HandshakeListsTheVariantAndOptions) {
  Session s;
  s.send("uci");
  ASSERT_TRUE(s.lines.next("uciok"));
  const auto all = s.lines.all();
  EXPECT_TRUE(starts_with(all.at(0), "id name "));
  EXPECT_TRUE(starts_with(all.at(1), "id author "));
  EXPECT_NE(std::find(all.begin(), all.end(), "option name UCI_Variant type combo default bughouse var bughouse"),
            all.end());
  EXPECT_NE(std::find(all.begin(), all.end(), "option name Team type combo default auto var auto var white var black"),
            all.end());
  s.send("setoption name UCI_Variant value bughouse");
  s.send("isready");
  EXPECT_EQ(s.lines.next("readyok"), "readyok");
  for (const auto& l : s.lines.all()) EXPECT_FALSE(starts_with(l, "info string error")) << l;
}

TEST(UciEngine, SingleBoardDropsWhenOnlyDropsAreLegal) {
  // White's king on a1 cannot move (the queen on c2 guards a2, b1, b2) and White holds a
  // knight: every legal move is a knight drop, written N@<square>.
  Session s;
  s.send("position fen k7/8/8/8/8/8/2q5/K7[N] w - - 0 1");
  s.send("go nodes 30");
  const std::string move = s.bestmove();
  EXPECT_TRUE(std::regex_match(move, std::regex("N@[a-h][1-8]"))) << move;
  EXPECT_NO_THROW(parse_uci(parse_fen("k7/8/8/8/8/8/2q5/K7[N] w - - 0 1"), RuleSet{}, move));
}

TEST(UciEngine, PromotionsCarryTheirPieceLetter) {
  // The same trapped king; the pawn on e7 can only promote.
  Session s;
  s.send("position fen k7/4P3/8/8/8/8/2q5/K7[] w - - 0 1");
  s.send("go nodes 30");
  EXPECT_TRUE(std::regex_match(s.bestmove(), std::regex("e7e8[qrbn]")));
}

TEST(UciEngine, MovesAfterTheFenIncludingDropsAndPromotedPieces) {
  Session s;
  // Holdings of both sides, a promoted queen (~) on the board, then a drop and a move.
  s.send("position fen r3k3/8/8/8/8/8/8/R3K2Q~[Nn] w Qq - 0 1 moves N@d5 n@f3");
  s.send("d");
  auto d = s.lines.next("info string board ");
  ASSERT_TRUE(d);
  const Board b = parse_fen(d->substr(std::string("info string board ").size()));
  EXPECT_EQ(b.piece_on(D5), make_piece(White, Knight));
  EXPECT_EQ(b.piece_on(F3), make_piece(Black, Knight));
  EXPECT_TRUE(b.is_promoted(H1));
  EXPECT_EQ(b.reserve(White).total() + b.reserve(Black).total(), 0);
  EXPECT_TRUE(b.in_check());  // the knight on f3 checks the king on e1
  s.send("go nodes 20");
  const std::string move = s.bestmove();
  EXPECT_NO_THROW(parse_uci(b, RuleSet{}, move)) << move;
}

TEST(UciEngine, NodesLimitIsTheVisitCountReported) {
  Session s;
  s.send("position startpos moves e2e4 d7d5 e4d5");
  s.send("go nodes 120");
  ASSERT_TRUE(s.lines.next("bestmove"));
  std::string last_info;
  for (const auto& l : s.lines.all())
    if (starts_with(l, "info depth")) last_info = l;
  EXPECT_NE(last_info.find(" nodes 120 "), std::string::npos) << last_info;
  EXPECT_NE(last_info.find(" score cp "), std::string::npos);
  EXPECT_NE(last_info.find(" pv "), std::string::npos);
  EXPECT_NE(last_info.find(" nps "), std::string::npos);
}

// PROTOCOL.md "Progress": a proven end is reported as `score mate`. Hand-worked: Qh5-d5 mates
// (the black king on e6 has e7, f7, d6, d7 and f6 covered or blocked; the second position of
// tests/data/mate_in_one.epd); and with Black to move in the second, both of its moves
// (a6, a5) let White mate at once (Qg7 or Qf8: the king on h8 has g8 and h7 covered).
TEST(UciEngine, AProvenMateIsReportedAsScoreMate) {
  Session s;
  s.send("position fen rnbq1bnr/p2pp3/1p2kp1p/3p3Q/4P2N/2N5/PPP2PPP/R1B1KB1R[] w KQ - 4 11");
  s.send("go nodes 16");
  EXPECT_EQ(s.bestmove(), "h5d5");
  const std::string won = last_info(s);
  EXPECT_NE(won.find(" score mate 1 "), std::string::npos) << won;
  EXPECT_NE(won.find(" pv h5d5"), std::string::npos) << won;

  s.send("position fen 7k/p4Q2/6K1/8/8/8/8/8[] b - - 0 1");
  s.send("go nodes 64");
  const std::string move = s.bestmove();
  EXPECT_TRUE(move == "a7a6" || move == "a7a5") << move;
  const std::string lost = last_info(s);
  EXPECT_NE(lost.find(" score mate -1 "), std::string::npos) << lost;
}

// PROTOCOL.md "Options": Hash sizes the evaluation cache (mcts/eval_cache.h). The same
// search again finds every position it evaluates in the cache; Hash 0 turns it off.
TEST(UciEngine, HashCachesEvaluationsAcrossSearches) {
  MaterialEvaluator material;
  Session s(&material);
  EXPECT_TRUE(offers(s, "option name Hash type spin default 64 min 0 max 65536"));
  // The cache line of one search (empty when there is none).
  auto search = [&](std::string_view go) {
    const std::size_t seen = s.lines.all().size();
    s.send(go);
    s.lines.next("bestmove");
    const auto lines = s.lines.all();
    std::string found;
    for (std::size_t i = seen; i < lines.size(); ++i)
      if (starts_with(lines[i], "info string cache hits")) found = lines[i];
    return found;
  };
  s.send("position startpos moves e2e4");
  const std::string first = search("go nodes 200");
  const std::string second = search("go nodes 200");
  std::smatch m;
  ASSERT_TRUE(std::regex_match(second, m, std::regex(R"(info string cache hits (\d+) of (\d+) \(100%\))"))) << second;
  EXPECT_EQ(m[1], m[2]) << "an identical search asks for nothing new";
  EXPECT_NE(first.find(" (0%)"), std::string::npos) << first;
  s.send("setoption name Hash value 0");
  EXPECT_EQ(search("go nodes 50"), "") << "no cache, no cache line";
  EXPECT_TRUE(answers(s, "setoption name Hash value -1", "Hash '-1'"));
}

// PROTOCOL.md "Options": Threads searches one tree with that many threads, each with an
// evaluator of its own; an engine whose evaluator cannot be had twice offers only 1.
// PROTOCOL.md "Options": MovesToGo sets the share of the clock a timed `go` thinks for
// (go_command.h think_budget_ms, whose arithmetic engine_position_test.cpp checks).
TEST(UciEngine, MovesToGoIsOfferedAndChecked) {
  Session s;
  EXPECT_TRUE(offers(s, "option name MovesToGo type spin default 60 min 2 max 1000"));
  EXPECT_FALSE(answers(s, "setoption name MovesToGo value 30", "error"));
  EXPECT_TRUE(answers(s, "setoption name MovesToGo value 1", "MovesToGo '1': expected 2..1000"));
  EXPECT_TRUE(answers(s, "setoption name movestogo value many", "MovesToGo 'many': expected 2..1000"));
}

TEST(UciEngine, ThreadsSearchOneTreeTogether) {
  Session single;
  single.send("uci");
  ASSERT_TRUE(single.lines.next("uciok"));
  const auto offered = single.lines.all();
  EXPECT_NE(std::find(offered.begin(), offered.end(), "option name Threads type spin default 1 min 1 max 1"), offered.end());
  EXPECT_TRUE(answers(single, "setoption name Threads value 2", "Threads '2': expected 1..1"));

  MaterialEvaluator material;
  Session s(&material);
  s.setup.make_evaluator = [] { return std::make_unique<MaterialEvaluator>(); };
  s.engine = std::make_unique<UciEngine>(s.setup, s.lines.writer());
  s.send("uci");
  ASSERT_TRUE(s.lines.next("uciok"));
  const auto options = s.lines.all();
  EXPECT_NE(std::find(options.begin(), options.end(), "option name Threads type spin default 1 min 1 max 256"), options.end());
  s.send("setoption name Threads value 3");
  s.send("position startpos moves e2e4");
  s.send("go nodes 600");
  EXPECT_NO_THROW(parse_uci(parse_fen("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR[] b KQkq - 0 1"), RuleSet{}, s.bestmove()));
  EXPECT_NE(last_info(s).find(" nodes 600 "), std::string::npos) << last_info(s);
}

// PROTOCOL.md "Options": NetVisits makes a network lazy (mcts/README.md "Lazy network"):
// nodes are judged by the tactical evaluator until they earn that many visits, so the
// same search asks the network far less. Offered only where the evaluator is a network
// (here the material evaluator stands in for one).
TEST(UciEngine, NetVisitsAsksTheNetworkLessAndIsOfferedForNetworksOnly) {
  Session plain;
  plain.send("uci");
  ASSERT_TRUE(plain.lines.next("uciok"));
  for (const auto& l : plain.lines.all()) EXPECT_FALSE(starts_with(l, "option name NetVisits")) << l;
  EXPECT_TRUE(answers(plain, "setoption name NetVisits value 4", "NetVisits: this engine's evaluator is no network"));

  MaterialEvaluator material;
  Session s(&material);
  s.setup.network = true;
  s.engine = std::make_unique<UciEngine>(s.setup, s.lines.writer());
  EXPECT_TRUE(offers(s, "option name NetVisits type spin default 0 min 0 max 1000000"));
  // Network calls of one search: the lookups of the evaluation cache.
  auto asked = [&](std::string_view net_visits) {
    s.send("setoption name Hash value 0");  // a fresh cache: every lookup a call
    s.send("setoption name Hash value 64");
    s.send("setoption name NetVisits value " + std::string(net_visits));
    s.send("ucinewgame");
    s.send("position startpos moves e2e4");
    const std::size_t seen = s.lines.all().size();
    s.send("go nodes 400");
    s.lines.next("bestmove");
    const auto lines = s.lines.all();
    std::smatch m;
    for (std::size_t i = seen; i < lines.size(); ++i)
      if (std::regex_match(lines[i], m, std::regex(R"(info string cache hits \d+ of (\d+) .*)"))) return std::stoi(m[1]);
    return -1;
  };
  const int every = asked("0");
  const int lazy = asked("4");
  EXPECT_GE(every, 390) << "every node asks the network";
  EXPECT_GT(lazy, 0);
  EXPECT_LT(lazy * 4, every) << "only nodes with four visits ask it";
  EXPECT_TRUE(answers(s, "setoption name NetVisits value -1", "NetVisits '-1': expected 0..1000000"));
}

TEST(UciEngine, InfiniteSearchAnswersIsreadyAndStopsOnStop) {
  Session s;
  s.send("position startpos");
  s.send("go infinite");
  s.send("isready");
  ASSERT_TRUE(s.lines.next("readyok"));
  // UCI: no bestmove before stop, however long it runs.
  for (const auto& l : s.lines.all()) EXPECT_FALSE(starts_with(l, "bestmove")) << "bestmove before stop";
  s.send("stop");
  const std::string move = s.bestmove();
  EXPECT_NO_THROW(parse_uci(Board(), RuleSet{}, move)) << move;
}

TEST(UciEngine, ClockGoReturnsALegalMove) {
  Session s;
  s.send("position fen r1bqk2r/pppp1ppp/2n5/4p3/1b2P3/2N2N2/PPPP1PPP/R1BQKB1R[Pn] w KQkq - 0 1");
  s.send("go wtime 2000 btime 2000 winc 0 binc 0");
  const std::string move = s.bestmove();
  EXPECT_NO_THROW(parse_uci(parse_fen("r1bqk2r/pppp1ppp/2n5/4p3/1b2P3/2N2N2/PPPP1PPP/R1BQKB1R[Pn] w KQkq - 0 1"),
                            RuleSet{}, move));
}

TEST(UciEngine, MalformedPositionsKeepThePreviousOne) {
  Session s;
  s.send("position startpos moves e2e4");
  const std::vector<std::string> bad = {
      "position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] x KQkq - 0 1",
      "position fen 8/8/8/8/8/8/8/8 w - - 0 1",                  // no kings
      "position startpos moves e2e4 e7e5 e1e3",                  // illegal third move
      "position startpos moves e2e4 N@f6",                       // black holds nothing
      "position fen " + std::string(kStartFen) + " | garbage",   // board B malformed
      "position startpos moves 1e2e4 e7e5",                      // whole match without board digit
      "position",
      "position fen",
  };
  for (const auto& line : bad) {
    s.send(line);
    auto err = s.lines.next("info string error: ");
    ASSERT_TRUE(err) << line;
    EXPECT_NE(err->find("previous position is kept"), std::string::npos) << *err;
  }
  // The illegal third move is named with its index.
  const auto all = s.lines.all();
  EXPECT_NE(std::find_if(all.begin(), all.end(), [](const std::string& l) { return l.find("move 3 'e1e3'") != std::string::npos; }),
            all.end());
  s.send("d");
  EXPECT_EQ(*s.lines.next("info string board "), "info string board " + to_fen([] {
              Board b;
              b.play(parse_uci(b, RuleSet{}, "e2e4"));
              return b;
            }()));
  s.send("isready");
  EXPECT_TRUE(s.lines.next("readyok"));
}

TEST(UciEngine, GarbageNeverStopsTheEngine) {
  Session s;
  std::mt19937 rng(7);
  const std::vector<std::string> words = {"uci", "isready", "go", "position", "fen", "startpos", "moves", "seat",
                                          "clocks", "wtime", "btime", "nodes", "movetime", "infinite", "stop",
                                          "setoption", "name", "value", "Team", "|", "e2e4", "N@f3", "1e2e4",
                                          "2d7d5", "0000", "-5", "99999999999999999999", "[Pn]", "~", "ucinewgame",
                                          "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[]", "w", "KQkq", "-", "A-white"};
  for (int i = 0; i < 400; ++i) {
    std::string line;
    const int n = int(rng() % 8);
    for (int k = 0; k < n; ++k) {
      if (rng() % 5 == 0) {
        for (int c = 0; c < 4; ++c) line += char(rng() % 94 + 33);
      } else {
        line += words[rng() % words.size()];
      }
      line += ' ';
    }
    // A `go` with real limits might search long; keep the feed fast.
    if (line.find("go") != std::string::npos) line += " nodes 5";
    s.send(line);
    if (line.find("infinite") != std::string::npos) s.send("stop");
  }
  s.send("stop");
  s.engine->wait_for_search();
  s.lines.take();
  s.send("isready");
  EXPECT_TRUE(s.lines.next("readyok"));
  s.send("position startpos");
  s.send("go nodes 10");
  EXPECT_NO_THROW(parse_uci(Board(), RuleSet{}, s.bestmove()));
}

TEST(UciEngine, QuitAndEndOfInputAnswerARunningSearch) {
  Session s;
  s.send("position startpos");
  s.send("go infinite");
  EXPECT_FALSE(s.engine->handle("quit"));
  EXPECT_TRUE(s.lines.next("bestmove", std::chrono::seconds(0)));
  EXPECT_FALSE(s.engine->handle("isready"));  // after quit nothing more
}

}  // namespace
}  // namespace bh
