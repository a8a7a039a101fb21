// Specification of the built-in players of a row of boards and the game loop that seats
// them (mcts/table_players.h, mcts/table_match.h; core/RULES.md "Three or more boards"):
// the material count of a row, the greedy player's one-ply choices in hand-worked
// positions, and whole games whose records replay move for move on a fresh table. The
// search players' choices are specified in table_search_test.cpp.
#include <gtest/gtest.h>

#include <memory>
#include <vector>

#include "core/fen.h"
#include "core/notation.h"
#include "mcts/material.h"
#include "mcts/simple_evaluators.h"
#include "mcts/table_match.h"
#include "mcts/table_players.h"
#include "tests/core/rules_with.h"

namespace bh {
namespace {

using test::rules_with;

RuleSet three_boards() { return rules_with({{"boards", "3"}}); }

TEST(TablePlayers, ARowsMaterialCountsEveryBoardWithTheColourEachTeamPlaysThere) {
  std::vector<Board> row(3);
  EXPECT_EQ(row_material_balance(row, Team1), 0);
  // A black knight in C-black's hand: team 2 plays Black on C.
  row[2].add_to_reserve(Black, Knight);
  EXPECT_EQ(row_material_balance(row, Team2), 192);
  // A white pawn in B-white's hand: team 2 plays White on B.
  row[1].add_to_reserve(White, Pawn);
  EXPECT_EQ(row_material_balance(row, Team1), -292);
}

TEST(TablePlayers, GreedyTakesTheQueenAndRandomPlaysOnlyLegalActions) {
  // On the middle board B-white's pawn on e4 can take a queen on d5: the best balance.
  const Board b = parse_fen("rnb1kbnr/pppp1ppp/8/3q4/4P3/8/PPPP1PPP/RNBQKBNR[] w KQkq - 0 3");
  Table t({Board(), b, Board()}, three_boards(), TimeControl::untimed());
  auto greedy = make_table_player("greedy", 1);
  const TableMove chosen = greedy->decide(t, BoardB);
  EXPECT_EQ(chosen.move, Move::normal(E4, D5));
  EXPECT_TRUE(chosen.receiver == BoardA || chosen.receiver == 2);
  auto random = make_table_player("random", 2);
  for (int i = 0; i < 50; ++i) {
    const std::vector<TableMove> legal = t.legal_actions(BoardB);
    EXPECT_NE(std::find(legal.begin(), legal.end(), random->decide(t, BoardB)), legal.end());
  }
}

// The search players (mcts/table_search.h) judge a row by TacticalEvaluator's score of it;
// on two boards that is the evaluator's score of the match.
TEST(TablePlayers, TheRowsTacticalScoreOnTwoBoardsIsTheMatchsScore) {
  const Board b = parse_fen("4k3/8/2p5/3p4/8/8/8/3QK3[] w - - 0 1");
  const Match two(b, Board(), RuleSet{}, TimeControl::untimed());
  const std::vector<Board> row{b, Board()};
  EXPECT_EQ(TacticalEvaluator::score(row, Team1), TacticalEvaluator::score(MatchView::of(two, AWhite, 0)));
  EXPECT_EQ(TacticalEvaluator::score(row, Team2), TacticalEvaluator::score(MatchView::of(two, ABlack, 0)));
}

TEST(TablePlayers, GreedyMatesWhenItCan) {
  // C-black mates with Qh4 under the classic mate rule (the fool's mate), though it could
  // take nothing.
  Table t(rules_with({{"boards", "3"}, {"mate_rule", "classic"}}), TimeControl::untimed());
  for (auto m : {"f2f3", "e7e5", "g2g4"}) ASSERT_TRUE(t.play(BoardId(2), {parse_uci(t.board(BoardId(2)), t.rules(), m)}, 0));
  EXPECT_EQ(make_table_player("greedy", 3)->decide(t, BoardId(2)).move, Move::normal(D8, H4));
}

TEST(TablePlayers, OnlyTheBuiltInPlayersSitAtARow) {
  for (const char* name : {"random", "greedy", "material", "tactical"}) EXPECT_EQ(make_table_player(name, 1)->name(), name);
  EXPECT_THROW(make_table_player("uniform", 1), std::invalid_argument);
  try {
    make_table_player("fresh", 1);
    FAIL() << "a network sat at a row";
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("random, greedy, material, tactical"), std::string::npos);
  }
}

// A game between `a` (team 1) and `b` (team 2) on `boards` boards.
Table game(const char* a, const char* b, int boards, TimeControl clock, std::uint64_t seed) {
  RuleSet rules = rules_with({{"boards", std::to_string(boards)}});
  std::vector<std::unique_ptr<TablePlayer>> owned;
  std::vector<TablePlayer*> seats;
  for (int s = 0; s < 2 * boards; ++s) {
    owned.push_back(make_table_player(team_of(Seat(s)) == Team1 ? a : b, seed * 100 + s));
    seats.push_back(owned.back().get());
  }
  return play_table_match(seats, {rules, clock, TimeModel(), seed});
}

TEST(TableMatch, EveryGameEndsAndItsRecordReplaysOnAFreshTable) {
  for (int boards : {3, 4}) {
    for (std::uint64_t seed = 1; seed <= 6; ++seed) {
      const Table played = game("random", "greedy", boards, TimeControl{60'000, 0}, seed);
      ASSERT_TRUE(played.over());
      Table again(played.rules(), played.time_control());
      for (const TableEvent& e : played.events()) {
        if (e.action.move.is_wait()) continue;
        ASSERT_TRUE(again.play(board_of(e.seat), e.action, e.time_ms)) << seat_name(e.seat);
        ASSERT_EQ(again.remaining(e.seat), e.clock_after_ms);
      }
      if (played.outcome().reason == EndReason::Flag || played.outcome().reason == EndReason::SimultaneousFlags)
        again.advance_to(played.outcome().time_ms);
      EXPECT_EQ(again.outcome().tag(), played.outcome().tag()) << "seed " << seed;
      for (int b = 0; b < boards; ++b) EXPECT_EQ(again.board(BoardId(b)), played.board(BoardId(b)));
    }
  }
}

TEST(TableMatch, TheGreedyTeamBeatsTheRandomTeam) {
  int greedy_points = 0;
  for (std::uint64_t seed = 1; seed <= 10; ++seed) {
    const Table t = game("greedy", "random", 3, TimeControl::untimed(), seed);
    greedy_points += t.outcome().result == MatchResult::Team1Wins;
  }
  EXPECT_GE(greedy_points, 9);
}

// A player that sits once before its first move, then moves as `inner` does.
class SitsFirst final : public TablePlayer {
 public:
  explicit SitsFirst(std::unique_ptr<TablePlayer> inner) : inner_(std::move(inner)) {}
  TableMove decide(const Table& table, BoardId b) override {
    if (!sat_) return sat_ = true, TableMove{Move::wait()};
    return inner_->decide(table, b);
  }
  std::string name() const override { return "sits first"; }

 private:
  std::unique_ptr<TablePlayer> inner_;
  bool sat_ = false;
};

// A wait is one slice of the time model (fixed 1 s thinks, 1 s waits): B-white, asked at
// 1 s, sits and moves at 2 s, its clock charged for both seconds.
TEST(TableMatch, AMoverWhoWaitsDecidesAgainOneSliceLater) {
  TimeModelConfig think;
  think.kind = ThinkKind::Fixed;
  std::vector<std::unique_ptr<TablePlayer>> owned;
  std::vector<TablePlayer*> seats;
  for (int s = 0; s < 6; ++s) {
    auto greedy = make_table_player("greedy", std::uint64_t(s) + 1);
    owned.push_back(Seat(s) == BWhite ? std::make_unique<SitsFirst>(std::move(greedy)) : std::move(greedy));
    seats.push_back(owned.back().get());
  }
  const Table t = play_table_match(seats, {three_boards(), TimeControl{60'000, 0}, TimeModel(think), 1});
  std::vector<TableEvent> b_white;
  for (const TableEvent& e : t.events())
    if (e.seat == BWhite) b_white.push_back(e);
  ASSERT_GE(b_white.size(), 2u);
  EXPECT_TRUE(b_white[0].action.move.is_wait());
  EXPECT_EQ(b_white[0].time_ms, 1000);
  EXPECT_FALSE(b_white[1].action.move.is_wait());
  EXPECT_EQ(b_white[1].time_ms, 2000);
  EXPECT_EQ(b_white[1].clock_after_ms, 58'000);
}

TEST(TableMatch, RefusesPlayersThatDoNotFillTheSeats) {
  auto p = make_table_player("random", 1);
  std::vector<TablePlayer*> four(4, p.get());
  EXPECT_THROW(play_table_match(four, {three_boards(), TimeControl::untimed(), TimeModel(), 1}), std::invalid_argument);
}

}  // namespace
}  // namespace bh
