// Specification of the rule presets in play (core/RULES.md "Rule presets"): each preset
// plays a short match in a hand-worked position where its difference from the common form
// shows, and the match's record says which rules it used (core/RULES.md "Notation": the
// Rules tag), so replaying the record under the rules it names gives the same match and
// replaying it under the common form does not.
#include <gtest/gtest.h>

#include <sstream>
#include <string>
#include <vector>

#include "core/bfen.h"
#include "core/bpgn.h"
#include "core/notation.h"
#include "core/parse_error.h"

namespace bh {
namespace {

RuleSet preset(std::string_view name) {
  for (const RulePreset& p : rule_presets())
    if (p.name == name) return p.rules();
  throw std::invalid_argument("no preset " + std::string(name));
}

// Board A from `fen`, board B at the start; `moves` are board A's, in UCI, one a second.
Match played(const std::string& fen, const RuleSet& rules, const std::vector<std::string>& moves) {
  Match m = match_from_bfen(fen + " | rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", rules,
                            TimeControl::untimed());
  std::int64_t t = 0;
  for (const std::string& move : moves) m.play(BoardA, parse_uci(m.board(BoardA), rules, move), t += 1000);
  return m;
}

BpgnGame read_back(const Match& m) {
  std::istringstream in(write_bpgn(m, {{"Event", "preset"}}));
  return read_bpgn(in, "record").at(0);
}

// A rook dropped on h1 castles under the club forms (dropped_rook_castles), never in the
// common form ("Reserves and drops").
constexpr const char* kRookInHand = "4k3/8/8/8/8/8/8/R3K3[R] w Q - 0 1";
const std::vector<std::string> kDropAndCastle = {"R@h1", "e8d8", "e1g1"};

TEST(RulePresets, TheCommonFormWritesNoRulesTag) {
  const Match m = played(kRookInHand, RuleSet{}, {"R@h1", "e8d8"});
  EXPECT_EQ(read_back(m).tag("Rules"), "");
  EXPECT_EQ(record_rules(read_back(m), preset("club")), preset("club"));  // no tag: the caller's rules
  EXPECT_THROW(played(kRookInHand, RuleSet{}, kDropAndCastle), std::invalid_argument);
}

TEST(RulePresets, ClubAndClubPromotionCastleWithADroppedRookAndTheRecordSaysSo) {
  for (const char* name : {"club", "club-promotion"}) {
    const Match m = played(kRookInHand, preset(name), kDropAndCastle);
    EXPECT_EQ(type_of(m.board(BoardA).piece_on(G1)), King) << name;
    EXPECT_EQ(type_of(m.board(BoardA).piece_on(F1)), Rook) << name;
    const BpgnGame game = read_back(m);
    EXPECT_EQ(record_rules(game, RuleSet{}), preset(name)) << game.tag("Rules");
    EXPECT_EQ(replay(game, record_rules(game, RuleSet{})).board(BoardA), m.board(BoardA));
    EXPECT_THROW(replay(game, RuleSet{}), ParseError) << name;  // O-O is no move of the common form
  }
  EXPECT_EQ(read_back(played(kRookInHand, preset("club"), kDropAndCastle)).tag("Rules"),
            "dropped_rook_castles=true repetition_draw=claim fifty_move_draw=claim");
}

// A queen dropped on e2 checks the king on e8: the tandem form refuses it, the common form
// plays it ("Reserves and drops", drop_check).
TEST(RulePresets, TandemRefusesADropThatChecks) {
  const std::string fen = "4k3/8/8/8/8/8/8/4K3[Q] w - - 0 1";
  EXPECT_THROW(played(fen, preset("tandem"), {"Q@e2"}), std::invalid_argument);
  EXPECT_TRUE(played(fen, RuleSet{}, {"Q@e2"}).board(BoardA).in_check());
  const Match m = played(fen, preset("tandem"), {"Q@a1"});
  EXPECT_EQ(read_back(m).tag("Rules"), "drop_check=false");
}

// The kings walk out and back twice: the third occurrence of board A's position draws
// under server-repetition ("Repetition"); the common form plays on.
TEST(RulePresets, ServerRepetitionDrawsTheThirdOccurrence) {
  const std::string fen = "4k3/8/8/8/8/8/8/4K3 w - - 0 1";
  const std::vector<std::string> walk = {"e1e2", "e8e7", "e2e1", "e7e8", "e1e2", "e8e7", "e2e1", "e7e8"};
  const Match m = played(fen, preset("server-repetition"), walk);
  ASSERT_TRUE(m.over());
  EXPECT_EQ(m.outcome().tag(), "draw repetition");
  const BpgnGame game = read_back(m);
  EXPECT_EQ(game.tag("Rules"), "repetition_draw=true repetition_reserves=false");
  EXPECT_TRUE(replay(game, record_rules(game, RuleSet{})).over());
  EXPECT_FALSE(played(fen, RuleSet{}, walk).over());
}

// A pawn reaching a8 stays a pawn under pawns-stay ("Pawns that never promote"); the
// common form has no such move.
TEST(RulePresets, PawnsStayKeepsAPawnOnTheLastRank) {
  const std::string fen = "4k3/P7/8/8/8/8/8/4K3 w - - 0 1";
  const Match m = played(fen, preset("pawns-stay"), {"a7a8"});
  EXPECT_EQ(type_of(m.board(BoardA).piece_on(A8)), Pawn);
  const BpgnGame game = read_back(m);
  EXPECT_EQ(game.tag("Rules"), "promotion=stay");
  EXPECT_EQ(type_of(replay(game, record_rules(game, RuleSet{})).board(BoardA).piece_on(A8)), Pawn);
  EXPECT_THROW(replay(game, RuleSet{}), ParseError);
}

TEST(RulePresets, ABadRulesTagIsAnErrorNamingTheGame) {
  std::istringstream in("[Event \"x\"]\n[Rules \"promotion=sideways\"]\n\n*\n");
  const BpgnGame game = read_bpgn(in, "record").at(0);
  try {
    record_rules(game, RuleSet{});
    FAIL() << "a bad Rules tag was read";
  } catch (const ParseError& e) {
    EXPECT_NE(std::string(e.what()).find("game 1: Rules tag 'promotion=sideways'"), std::string::npos) << e.what();
  }
}

}  // namespace
}  // namespace bh
