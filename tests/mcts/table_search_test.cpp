// Specification of the search at a row of boards (mcts/table_state.h, mcts/table_search.h;
// core/RULES.md "Three or more boards"): who decides next at a row and when, that a flag
// due first ends it, that the search on two boards is the two-board search move for move,
// and hand-worked positions where the search keeps a queen, mates, and passes a capture to
// the team-mate who can mate with it.
#include <gtest/gtest.h>

#include <memory>
#include <vector>

#include "core/fen.h"
#include "core/notation.h"
#include "mcts/search.h"
#include "mcts/simple_evaluators.h"
#include "mcts/table_match.h"
#include "mcts/table_players.h"
#include "mcts/table_search.h"
#include "tests/core/rules_with.h"

namespace bh {
namespace {

using test::rules_with;

TurnModel fixed_think(std::int64_t ms) {
  TimeModelConfig c;
  c.kind = ThinkKind::Fixed;
  c.fixed_ms = ms;
  return {TimeModel(c), true};
}

TableSearchResult search(const Table& t, BoardId b, const char* evaluator, int visits, const TurnModel& turn = {}) {
  TableSearch s(SearchConfig{}, make_table_evaluator(evaluator));
  return s.run(TableState::at_decision(t, b, t.now(), turn), visits);
}

// With every think 1 s: B-white (asked) moves at 0; then A-white, B-black and C-white are
// all due at 1 s and act in board order; a wait puts its board a slice later.
TEST(TableState, TheAskedMoverActsFirstThenTheEarliestBoardTiesInBoardOrder) {
  const Table t(rules_with({{"boards", "3"}}), TimeControl{60'000, 0});
  TableState s = TableState::at_decision(t, BoardB, 0, fixed_think(1000));
  EXPECT_EQ(s.decider(), BWhite);
  EXPECT_EQ(s.time(), 0);
  s.apply({parse_uci(s.table().board(BoardB), s.table().rules(), "e2e4")});
  EXPECT_EQ(s.decider(), AWhite);
  EXPECT_EQ(s.time(), 1000);
  s.apply({Move::wait()});  // A-white sits one slice (1 s): due again at 2 s
  EXPECT_EQ(s.decider(), BBlack);
  EXPECT_EQ(s.time(), 1000);
  s.apply({parse_uci(s.table().board(BoardB), s.table().rules(), "d7d5")});
  EXPECT_EQ(s.decider(), make_seat(BoardId(2), White));
  EXPECT_EQ(s.time(), 1000);
  EXPECT_EQ(s.ready_at(BoardA), 2000);
  EXPECT_EQ(s.ready_at(BoardB), 2000);  // B-white's next think started at 1 s
}

// C-black has 0.5 s left and thinks 1 s: its flag at 0.5 s comes before anyone's move.
TEST(TableState, AFlagDueBeforeTheNextMoveEndsTheTable) {
  Table t(std::vector<Board>(3), rules_with({{"boards", "3"}}), TimeControl{60'000, 0},
          {60'000, 60'000, 60'000, 60'000, 60'000, 500});
  TableState s = TableState::at_decision(t, BoardId(2), 0, fixed_think(1000));
  s.apply({parse_uci(s.table().board(BoardId(2)), s.table().rules(), "e2e4")});
  ASSERT_TRUE(s.over());
  EXPECT_EQ(s.table().outcome().describe(), "team 1 wins: C-black ran out of time");
  EXPECT_EQ(s.result_for(Team1), 1.0f);
  EXPECT_EQ(s.result_for(Team2), -1.0f);
}

TEST(TableState, RefusesADecisionItCannotTake) {
  const Table t(rules_with({{"boards", "3"}}), TimeControl{60'000, 0});
  EXPECT_THROW(TableState::at_decision(t, BoardId(3), 0, {}), std::invalid_argument);
  Table later = t;
  later.wait(BoardA, 500);
  EXPECT_THROW(TableState::at_decision(later, BoardA, 100, {}), std::invalid_argument);
}

// On two boards a row is a match: the same turn order, the same actions in the same order,
// the same evaluator and the same PUCT, so the row's search must spend its visits exactly
// as the two-board search does (one leaf per batch there, no mates in one in reach).
TEST(TableSearch, OnTwoBoardsItSpendsEveryVisitAsTheTwoBoardSearchDoes) {
  Match m(RuleSet{}, TimeControl{60'000, 0});
  Table t(RuleSet{}, TimeControl{60'000, 0});
  const std::pair<BoardId, const char*> opening[] = {{BoardA, "e2e4"}, {BoardB, "d2d4"}, {BoardA, "d7d5"}, {BoardB, "g8f6"}};
  std::int64_t time = 0;
  for (const auto& [b, uci] : opening) {
    time += 700;
    const Move move = parse_uci(m.board(b), m.rules(), uci);
    ASSERT_TRUE(m.play(b, move, time));
    ASSERT_TRUE(t.play(b, {move}, time));
  }
  time += 300;
  SearchConfig config;
  config.max_leaves_per_tree = 1;
  for (const char* name : {"material", "tactical"}) {
    SCOPED_TRACE(name);
    Search two(config);
    LeafBatch batch(1);
    std::unique_ptr<Evaluator> ev;
    if (std::string(name) == "material") ev = std::make_unique<MaterialEvaluator>();
    else ev = std::make_unique<TacticalEvaluator>();
    const SearchResult expected = run_search(two, GameState::at_decision(m, AWhite, time, {}), {300, false}, *ev, batch);
    TableSearch row(config, make_table_evaluator(name));
    const TableSearchResult got = row.run(TableState::at_decision(t, BoardA, time, {}), 300);
    ASSERT_EQ(got.children.size(), expected.children.size());
    for (std::size_t i = 0; i < got.children.size(); ++i) {
      EXPECT_EQ(got.children[i].action.move, expected.children[i].move);
      EXPECT_EQ(got.children[i].visits, expected.children[i].visits) << to_uci(expected.children[i].move);
    }
    EXPECT_EQ(got.best.move, expected.best);
    EXPECT_NEAR(got.value, expected.value, 1e-5);
    EXPECT_EQ(row.tree().node_count(), two.tree().node_count());
    EXPECT_EQ(got.visits, 300u);
  }
}

// The position of tests/mcts/table_players_test.cpp: greedy takes the pawn on d5 and loses
// its queen to c6xd5; the search with either evaluator sees the recapture.
TEST(TableSearch, KeepsTheQueenThatOnePlyGreedyGivesAway) {
  const Board b = parse_fen("4k3/8/2p5/3p4/8/8/8/3QK3[] w - - 0 1");
  const Table t({Board(), b, Board()}, rules_with({{"boards", "3"}}), TimeControl::untimed());
  ASSERT_EQ(make_table_player("greedy", 1)->decide(t, BoardB).move, Move::normal(D1, D5));
  for (const char* name : {"material", "tactical"})
    EXPECT_NE(search(t, BoardB, name, 400).best.move, Move::normal(D1, D5)) << name;
}

// The fool's mate on board C (classic mate rule): proven when the root is expanded, so one
// visit plays it.
TEST(TableSearch, PlaysAMateInOneWithASingleVisit) {
  Table t(rules_with({{"boards", "3"}, {"mate_rule", "classic"}}), TimeControl::untimed());
  for (auto m : {"f2f3", "e7e5", "g2g4"}) ASSERT_TRUE(t.play(BoardId(2), {parse_uci(t.board(BoardId(2)), t.rules(), m)}, 0));
  const TableSearchResult r = search(t, BoardId(2), "material", 1);
  EXPECT_EQ(r.best.move, Move::normal(D8, H4));
  EXPECT_EQ(r.visits, 1u);
}

// B-black (team 1) takes a rook on a1 and chooses who gets it: A-white or C-white. C-white,
// short of time and so due first, mates with the rook dropped on e8 (classic mate rule, its
// opponent's hand empty); A-white, at the start position, cannot. Only the search that
// carries the receiver in its actions can tell the two captures apart.
TEST(TableSearch, PassesTheCaptureToTheTeamMateWhoMatesWithIt) {
  const Board a;
  const Board b = parse_fen("q6k/8/8/8/8/8/8/R5K1[] b - - 0 1");
  const Board c = parse_fen("7k/6pp/8/8/8/8/8/4K3[] w - - 0 1");
  const Table t({a, b, c}, rules_with({{"boards", "3"}, {"mate_rule", "classic"}}), TimeControl{60'000, 0},
                {60'000, 60'000, 60'000, 60'000, 10'000, 60'000});
  for (const char* name : {"material", "tactical"}) {
    const TableSearchResult r = search(t, BoardB, name, 800);
    EXPECT_EQ(r.best, (TableMove{Move::normal(A8, A1), 2})) << name;
    for (const TableChildStat& c : r.children) {
      if (c.action == TableMove{Move::normal(A8, A1), 2}) {
        EXPECT_EQ(c.proof, Proof::Win) << name;
      }
    }
  }
}

// Whole games: the search at 16 visits against greedy on three boards, in both colourings;
// every game ends and the searching team wins all but at most one.
TEST(TableSearch, TheTacticalSearchBeatsGreedyOnThreeBoards) {
  const RuleSet rules = rules_with({{"boards", "3"}});
  TableSearchSettings settings;
  settings.search.visits = 16;
  int search_points = 0;
  for (std::uint64_t seed = 1; seed <= 4; ++seed) {
    const Team searching = seed % 2 ? Team1 : Team2;
    std::vector<std::unique_ptr<TablePlayer>> owned;
    std::vector<TablePlayer*> seats;
    for (int s = 0; s < 6; ++s) {
      owned.push_back(make_table_player(team_of(Seat(s)) == searching ? "tactical" : "greedy", seed * 10 + s, settings));
      seats.push_back(owned.back().get());
    }
    const Table played = play_table_match(seats, {rules, TimeControl{60'000, 0}, TimeModel(), seed});
    ASSERT_TRUE(played.over());
    search_points += played.outcome().result == win_for(searching);
  }
  EXPECT_GE(search_points, 3);
}

}  // namespace
}  // namespace bh
