// Specification of `bughouse xboard` (CECP in bughouse mode), in-process: the features
// handshake, a session as a server drives it (moves, holdings, drops, clocks), the
// partner's sit/go, sitting by choice with `tellics ptell sit`, and bad input.
#include <gtest/gtest.h>

#include <chrono>
#include <thread>

#include "core/fen.h"
#include "core/notation.h"
#include "mcts/simple_evaluators.h"
#include "tests/training/engine/engine_test_util.h"
#include "training/engine/cecp_engine.h"

namespace bh {
namespace {

using test::Lines;
using test::starts_with;
using namespace std::chrono_literals;

struct Session {
  explicit Session(Evaluator* evaluator = nullptr) {
    setup.evaluator = evaluator ? evaluator : &uniform;
    setup.think.wait_ms = 200;  // short sits keep the test quick
    engine = std::make_unique<CecpEngine>(setup, lines.writer());
  }
  void send(std::string_view line) { engine->handle(line); }
  UniformEvaluator uniform;
  EngineSetup setup;
  Lines lines;
  std::unique_ptr<CecpEngine> engine;
};

TEST(CecpEngine, FeaturesNameBughouseAndEndWithDone) {
  Session s;
  s.send("xboard");
  s.send("protover 2");
  auto features = s.lines.next("feature myname");
  ASSERT_TRUE(features);
  EXPECT_NE(features->find("variants=\"bughouse\""), std::string::npos);
  EXPECT_NE(features->find("usermove=1"), std::string::npos);
  EXPECT_NE(features->find("ping=1"), std::string::npos);
  EXPECT_EQ(s.lines.next("feature done="), "feature done=1");
  s.send("ping 7");
  EXPECT_EQ(s.lines.next("pong"), "pong 7");
}

TEST(CecpEngine, PlaysBlackAfterNewAndUsesItsHoldings) {
  Session s;
  for (const char* l : {"xboard", "protover 2", "new", "variant bughouse", "level 0 0:10 0", "time 1000", "otim 1000",
                        "usermove e2e4"})
    s.send(l);
  auto reply = s.lines.next("move ");
  ASSERT_TRUE(reply);
  Board board;
  board.play(parse_uci(board, RuleSet{}, "e2e4"));
  const Move first = parse_uci(board, RuleSet{}, reply->substr(5));
  board.play(first);
  // The server sends the pieces in hand after a capture on the partner board, then a
  // white drop (xboard writes drops as P@e4, here a knight).
  s.send("holding [N] [Q]");
  s.send("time 950");
  s.send("otim 950");
  s.send("usermove N@h3");
  board = Board([&] {
    BoardSetup st = board.setup();
    st.reserves[White].count[Knight] = 1;
    st.reserves[Black].count[Queen] = 1;
    return st;
  }());
  board.play(parse_uci(board, RuleSet{}, "N@h3"));
  reply = s.lines.next("move ");
  ASSERT_TRUE(reply);
  EXPECT_NO_THROW(parse_uci(board, RuleSet{}, reply->substr(5))) << *reply << " in " << to_fen(board);
  for (const auto& l : s.lines.all()) EXPECT_FALSE(starts_with(l, "Illegal")) << l;
}

TEST(CecpEngine, DropsTheHeldQueenToMate) {
  // Black's king on a1 has no moves; a queen dropped on b1 or b2, guarded by White's
  // king, is a contact check no drop can block: mate.
  Session s;
  for (const char* l : {"new", "variant bughouse", "force", "setboard 8/8/8/8/8/8/8/k1K5[Qq] w - - 0 1", "go"})
    s.send(l);
  auto reply = s.lines.next("move ");
  ASSERT_TRUE(reply);
  EXPECT_TRUE(*reply == "move Q@b1" || *reply == "move Q@b2") << *reply;  // both mate
}

TEST(CecpEngine, ForceModeWaitsAndGoPlaysTheSideToMove) {
  Session s;
  for (const char* l : {"new", "force", "e2e4", "e7e5"}) s.send(l);
  ASSERT_TRUE(s.engine->wait_idle(5s));
  for (const auto& l : s.lines.all()) EXPECT_FALSE(starts_with(l, "move")) << "moved in force mode: " << l;
  s.send("go");  // White to move: the engine takes White
  auto reply = s.lines.next("move ");
  ASSERT_TRUE(reply);
  Board b;
  b.play(parse_uci(b, RuleSet{}, "e2e4"));
  b.play(parse_uci(b, RuleSet{}, "e7e5"));
  EXPECT_NO_THROW(parse_uci(b, RuleSet{}, reply->substr(5)));
}

TEST(CecpEngine, PartnerSitAndGo) {
  Session s;
  for (const char* l : {"new", "variant bughouse", "partner alice", "ptell sit", "usermove e2e4"}) s.send(l);
  EXPECT_TRUE(s.lines.next("tellics ptell ok, I sit"));
  ASSERT_TRUE(s.engine->wait_idle(5s));
  for (const auto& l : s.lines.all()) EXPECT_FALSE(starts_with(l, "move")) << "moved while told to sit";
  s.send("ptell go");
  EXPECT_TRUE(s.lines.next("move "));
}

TEST(CecpEngine, APartnersSitNeverTakesTheClockBelowTheFloor) {
  // 9 s on the clock is under the floor (mcts/partner_player.h: 10 s to think and move
  // after a sit): the sit is answered but the engine moves, and says why.
  Session s;
  for (const char* l : {"new", "variant bughouse", "partner alice", "level 0 1 0", "time 900", "otim 6000", "ptell sit",
                        "usermove e2e4"})
    s.send(l);
  EXPECT_TRUE(s.lines.next("tellics ptell ok, I sit"));
  EXPECT_TRUE(s.lines.next("move "));
  EXPECT_TRUE(s.lines.next("tellics ptell my clock is low"));
}

TEST(CecpEngine, APartnersSitHoldsUntilTheClockReachesTheFloor) {
  // 10.6 s: the sit holds while the clock runs down the 0.6 s above the floor, then it moves.
  Session s;
  const auto start = std::chrono::steady_clock::now();  // before "time": the clock runs from then at the latest
  for (const char* l : {"new", "variant bughouse", "partner alice", "level 0 1 0", "time 1060", "otim 6000", "ptell sit",
                        "usermove e2e4"})
    s.send(l);
  EXPECT_TRUE(s.lines.next("move "));
  EXPECT_GE(std::chrono::steady_clock::now() - start, 600ms);  // it sat first
  EXPECT_TRUE(s.lines.next("tellics ptell my clock is low"));
}

TEST(CecpEngine, ChatIsNotARequest) {
  // "good luck" begins with "go" but is chat: the sit holds until a real "go".
  Session s;
  for (const char* l : {"new", "variant bughouse", "partner alice", "ptell sit", "ptell good luck partner!",
                        "ptell timeout soon?", "usermove e2e4"})
    s.send(l);
  ASSERT_TRUE(s.engine->wait_idle(5s));
  for (const auto& l : s.lines.all()) EXPECT_FALSE(starts_with(l, "move")) << "moved while told to sit: " << l;
  s.send("?");  // the interface's "move now" overrides the sit
  EXPECT_TRUE(s.lines.next("move "));
}

TEST(CecpEngine, HoldingsDoNotResetTheTurnsTimeBudget) {
  // A server sends holdings whenever the partner board captures. Each restarts the search,
  // but on what is left of the turn's budget (60 s clock: about 2.4 s), so it still moves.
  Session s;
  for (const char* l : {"new", "variant bughouse", "level 0 1 0", "time 6000", "otim 6000", "usermove e2e4"}) s.send(l);
  const auto start = std::chrono::steady_clock::now();
  bool moved = false;
  for (int i = 0; i < 40 && !moved; ++i) {
    s.send(i % 2 ? "holding [] []" : "holding [P] []");
    std::this_thread::sleep_for(250ms);
    for (const auto& l : s.lines.all()) moved |= starts_with(l, "move");
  }
  EXPECT_TRUE(moved) << "no move in 10 s of changing holdings";
  EXPECT_LT(std::chrono::steady_clock::now() - start, 10s);
}

TEST(CecpEngine, SitsByChoiceAndTellsThePartner) {
  // A network that wants to sit, with clocks and a partner: no move, `tellics ptell sit`,
  // and it thinks again (sits again) when the holdings change.
  test::SittingEvaluator sitter;
  Session s(&sitter);
  for (const char* l : {"new", "variant bughouse", "partner alice", "level 0 0:10 0", "time 1000", "otim 1000",
                        "usermove e2e4"})
    s.send(l);
  EXPECT_EQ(s.lines.next("tellics ptell"), "tellics ptell sit");
  s.send("holding [] [P]");
  s.send("ping 1");
  EXPECT_TRUE(s.lines.next("pong 1"));
  for (const auto& l : s.lines.all()) EXPECT_FALSE(starts_with(l, "move")) << l;
  // Without a partner there is nobody to sit for: it moves.
  s.send("partner");
  s.send("holding [] [PP]");
  EXPECT_TRUE(s.lines.next("move "));
}

// A draw offer is answered from the engine's latest search (mcts/draw_offer.h): accepted
// with `offer draw` when its team is not ahead, declined by silence when it is a queen up
// or has not searched yet.
TEST(CecpEngine, AnswersADrawOfferFromItsLatestSearch) {
  MaterialEvaluator material;
  Session s(&material);
  s.send("protover 2");
  EXPECT_NE(s.lines.next("feature myname")->find("draw=1"), std::string::npos);
  auto answer_to_draw = [&](int ping) {
    s.send("draw");
    s.send("ping " + std::to_string(ping));
    EXPECT_TRUE(s.lines.next("pong " + std::to_string(ping)));
    bool offered = false;
    for (const auto& l : s.lines.all()) offered |= l == "offer draw";
    return offered;
  };
  for (const char* l : {"new", "force"}) s.send(l);
  EXPECT_FALSE(answer_to_draw(1)) << "no search yet";
  for (const char* l : {"setboard 4k3/8/8/8/8/8/8/Q3K3[] w - - 0 1", "go"}) s.send(l);
  ASSERT_TRUE(s.lines.next("move "));
  EXPECT_FALSE(answer_to_draw(2)) << "a queen up";
  for (const char* l : {"new", "force", "setboard 4k3/8/8/8/8/8/8/4K3[] w - - 0 1", "go"}) s.send(l);
  ASSERT_TRUE(s.lines.next("move "));
  EXPECT_TRUE(answer_to_draw(3)) << "bare kings: level";
}

TEST(CecpEngine, BadInputIsAnsweredAndForgotten) {
  Session s;
  s.send("new");
  s.send("force");
  s.send("usermove e2e5");
  EXPECT_EQ(s.lines.next("Illegal move"), "Illegal move: e2e5");
  s.send("e7e5");  // not Black's turn: illegal
  EXPECT_EQ(s.lines.next("Illegal move"), "Illegal move: e7e5");
  s.send("frobnicate");
  EXPECT_EQ(s.lines.next("Error"), "Error (unknown command): frobnicate");
  s.send("variant atomic");
  EXPECT_EQ(s.lines.next("Error"), "Error (unsupported variant): atomic");
  s.send("holding [K] []");
  EXPECT_TRUE(s.lines.next("Error"));
  s.send("setboard this is no fen");
  EXPECT_TRUE(s.lines.next("tellusererror Illegal position"));
  s.send("level x y z");
  EXPECT_TRUE(s.lines.next("Error"));
  s.send("usermove e2e4");
  s.send("ping 2");
  EXPECT_EQ(s.lines.next("pong"), "pong 2");
  s.send("go");
  auto reply = s.lines.next("move ");
  ASSERT_TRUE(reply);
  Board b;
  b.play(parse_uci(b, RuleSet{}, "e2e4"));
  EXPECT_NO_THROW(parse_uci(b, RuleSet{}, reply->substr(5)));
  EXPECT_FALSE(s.engine->handle("quit"));
}

}  // namespace
}  // namespace bh
