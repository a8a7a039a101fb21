// Specification of the state the page draws from (training/server/state_json.h): besides
// each board's position, its last move, a king in check and the mover's legal moves, so
// the page marks the last move and the check and shows a picked piece's targets.
// Hand-worked: after 1. e4 f6 2. Qh5+ on board A, Black's king on e8 is in check along
// h5-g6-f7 and 2... g6 is Black's only move (f7 is covered by the queen, d8 and f8 are
// its own pieces); board B has not moved: no last move, no check, White's twenty moves.
#include <gtest/gtest.h>

#include <algorithm>

#include "core/notation.h"
#include "training/server/state_json.h"

namespace bh::server {
namespace {

TEST(StateJson, BoardsCarryTheLastMoveTheCheckAndTheLegalMoves) {
  Match m(RuleSet{}, TimeControl{60'000, 0});
  std::int64_t t = 0;
  for (const char* uci : {"e2e4", "f7f6", "d1h5"}) ASSERT_TRUE(m.play(BoardA, parse_uci(m.board(BoardA), m.rules(), uci), t += 100));
  const nlohmann::json j = state_json("t", m, m.now(), true, {});
  const nlohmann::json& a = j["boards"][0];
  EXPECT_EQ(a["last"], "d1h5");
  EXPECT_EQ(a["check"], "e8");
  EXPECT_EQ(a["legal"], nlohmann::json::array({"g7g6"}));
  const nlohmann::json& b = j["boards"][1];
  EXPECT_TRUE(b["last"].is_null());
  EXPECT_TRUE(b["check"].is_null());
  EXPECT_EQ(b["legal"].size(), 20u);
  EXPECT_NE(std::find(b["legal"].begin(), b["legal"].end(), "g1f3"), b["legal"].end());
}

TEST(StateJson, AMoverThatWaitedCarriesHowLongItHasSat) {
  Match m(RuleSet{}, TimeControl{60'000, 0});
  ASSERT_TRUE(m.play(BoardA, parse_uci(m.board(BoardA), m.rules(), "e2e4"), 1000));
  ASSERT_TRUE(m.wait(BoardA, 2000));  // A-black sits from its turn's start, 1000
  const nlohmann::json j = state_json("t", m, 8'500, true, {});
  EXPECT_EQ(j["boards"][0]["sitting_ms"], 7'500);
  EXPECT_TRUE(j["boards"][1]["sitting_ms"].is_null()) << "B-white thinks; it has not waited";
}

TEST(StateJson, AFinishedMatchOffersNoMoves) {
  Match m(RuleSet{}, TimeControl{60'000, 0});
  m.resign(AWhite, 10);
  const nlohmann::json j = state_json("t", m, m.now(), true, {});
  EXPECT_TRUE(j["boards"][0]["legal"].empty());
  EXPECT_TRUE(j["boards"][1]["legal"].empty());
}

// core/RULES.md "Both games played out": a board whose game ended while the other plays on
// says how ("game"), offers no move and is not "stuck".
TEST(StateJson, AFinishedGameIsShownWhileTheOtherBoardPlaysOn) {
  RuleSet rules;
  set_option(rules, "both_games", "true");
  Match m(rules, TimeControl{60'000, 0});
  m.resign(BBlack, 10);
  const nlohmann::json j = state_json("t", m, m.now(), true, {});
  EXPECT_FALSE(j["over"]);
  EXPECT_TRUE(j["boards"][0]["game"].is_null());
  EXPECT_EQ(j["boards"][0]["legal"].size(), 20u);
  const nlohmann::json& b = j["boards"][1];
  EXPECT_EQ(b["game"]["result"], "0-1");
  EXPECT_EQ(b["game"]["reason"], "team 2 wins: B-black resigned");
  EXPECT_TRUE(b["legal"].empty());
  EXPECT_FALSE(b["stuck"]);
  EXPECT_TRUE(b["sitting_ms"].is_null());
}

}  // namespace
}  // namespace bh::server
