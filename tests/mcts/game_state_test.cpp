// The match as a search problem: who decides next (earliest ready_at, board A on ties),
// waits (generated, valid, charged to the clock), stuck movers (no decision, woken by a
// piece from the partner, else they flag), and the state a search starts from.
#include <gtest/gtest.h>

#include <algorithm>

#include "core/notation.h"
#include "mcts/game_state.h"
#include "tests/mcts/positions.h"

namespace bh {
namespace {

using test::fixed_turns;
using test::kStartFen;
using test::make_match;

bool has_wait(const MoveList& l) { return std::find(l.begin(), l.end(), Move::wait()) != l.end(); }

TEST(GameState, EarliestReadyDecidesAndBoardAWinsTies) {
  Match m(RuleSet{}, TimeControl{});
  m.set_recording(false);
  GameState g = GameState::expected(m, fixed_turns(1000));
  // Both movers started at 0 and think 1000 ms: a tie, board A first.
  EXPECT_EQ(g.decider(), AWhite);
  EXPECT_EQ(g.time(), 1000);
  g.apply(Move::normal(E2, E4));
  // A-black starts thinking at 1000 (ready 2000); B-white is still due at 1000.
  EXPECT_EQ(g.decider(), BWhite);
  EXPECT_EQ(g.time(), 1000);
  EXPECT_EQ(g.ready_at(BoardA), 2000);
  g.apply(Move::normal(D2, D4));
  EXPECT_EQ(g.decider(), ABlack);
  EXPECT_EQ(g.time(), 2000);
}

TEST(GameState, WaitIsOfferedOnlyInTimedMatchesWhenAllowed) {
  Match timed(RuleSet{}, TimeControl{});
  EXPECT_TRUE(has_wait(GameState::expected(timed, fixed_turns()).actions()));
  EXPECT_FALSE(has_wait(GameState::expected(timed, fixed_turns(1000, 300, false)).actions()));
  Match untimed(RuleSet{}, TimeControl::untimed());
  GameState u = GameState::expected(untimed, fixed_turns());
  EXPECT_FALSE(has_wait(u.actions()));
  EXPECT_FALSE(u.wait_allowed());
  // The rest of the list is exactly the legal moves.
  GameState g = GameState::expected(timed, fixed_turns());
  EXPECT_EQ(g.actions().size, g.match().legal_moves(BoardA).size + 1);
}

TEST(GameState, WaitLetsTheOtherBoardMoveFirstAndChargesTheClock) {
  Match m(RuleSet{}, TimeControl{});
  GameState g = GameState::expected(m, fixed_turns(1000, 300));
  ASSERT_EQ(g.decider(), AWhite);
  g.apply(Move::wait());  // A-white sits until 1300
  EXPECT_EQ(g.decider(), BWhite);
  EXPECT_EQ(g.time(), 1000);
  g.apply(Move::normal(E2, E4));  // B-black now due at 2000
  EXPECT_EQ(g.decider(), AWhite);
  EXPECT_EQ(g.time(), 1300);
  g.apply(Move::wait());  // and again until 1600
  EXPECT_EQ(g.decider(), AWhite);
  EXPECT_EQ(g.time(), 1600);
  g.apply(Move::normal(D2, D4));
  // The clock paid the whole sit: 1600 ms since its turn began at 0.
  EXPECT_EQ(g.match().remaining(AWhite, 1600), 180'000 - 1600);
  EXPECT_EQ(g.match().board(BoardA).side_to_move(), Black);
}

// Board B: black (B-black) is in check from the rook on h8 with no legal move; a drop
// could block, so under the default mate rule this is not mate: B-black is stuck
// (core/RULES.md "Check, mate and waiting"). Board A: A-white (B-black's partner) can take a
// black knight, which goes to B-black's reserve.
const char* kStuckB = "k6R/pp6/8/8/8/8/8/7K b - - 0 1";
const char* kKnightOnA = "4k3/n7/8/8/3Q4/8/8/4K3 w - - 0 1";

TEST(GameState, StuckMoverHasNoDecisionUntilAPieceArrives) {
  Match m = make_match(kKnightOnA, kStuckB);
  ASSERT_EQ(m.state(BoardB), BoardState::Stuck);
  GameState g = GameState::expected(m, fixed_turns(1000));
  EXPECT_EQ(g.ready_at(BoardB), GameState::kNever);
  EXPECT_EQ(g.decider(), AWhite);
  {
    GameState quiet = g;
    quiet.apply(Move::normal(D4, D5));  // no capture: B-black stays stuck
    EXPECT_EQ(quiet.ready_at(BoardB), GameState::kNever);
    EXPECT_EQ(quiet.decider(), ABlack);
  }
  g.apply(Move::normal(D4, A7));  // Qxa7: the black knight goes to B-black
  EXPECT_EQ(g.match().board(BoardB).reserve(Black)[Knight], 1);
  // Woken at 1000, it thinks 1000 ms like anyone; A-black is due at 2000 as well, board A
  // goes first on the tie.
  EXPECT_EQ(g.ready_at(BoardB), 2000);
  EXPECT_EQ(g.decider(), ABlack);
  g.apply(Move::normal(E8, F8));  // (d7 is covered by the queen on a7)
  EXPECT_EQ(g.decider(), BBlack);
  // Its actions are the interposing knight drops (b8..g8) and the wait.
  MoveList actions = g.actions();
  EXPECT_EQ(actions.size, 7);
  EXPECT_TRUE(actions.contains(Move::drop(Knight, B8)));
}

TEST(GameState, StuckMoverThatGetsNothingFlags) {
  Match m = make_match(kKnightOnA, kStuckB, TimeControl::parse("60s+0"));
  GameState g = GameState::expected(m, fixed_turns(1000));
  // Board A plays on without captures (kings and queen shuffle); B-black's clock runs.
  int guard = 0;
  while (!g.over() && guard++ < 1000) {
    MoveList moves = g.actions();
    Move quiet = Move::none();
    for (Move mv : moves)
      if (!mv.is_wait() && g.match().board(g.decider_board()).empty(mv.to())) {
        quiet = mv;
        break;
      }
    ASSERT_FALSE(quiet.is_none());
    g.apply(quiet);
  }
  ASSERT_TRUE(g.over());
  EXPECT_EQ(g.match().outcome().reason, EndReason::Flag);
  EXPECT_EQ(g.match().outcome().seat, BBlack);
  EXPECT_EQ(g.match().outcome().time_ms, 60'000);
  EXPECT_EQ(g.result_for(Team2), 1.0f);
}

TEST(GameState, FlagBeatsAMoveDueAtTheSameMoment) {
  // A-white has 1000 ms and thinks 1000 ms: it flags rather than moves.
  Match m(Board(), Board(), RuleSet{}, TimeControl{}, {1000, 5000, 5000, 5000});
  GameState g = GameState::expected(m, fixed_turns(1000));
  ASSERT_TRUE(g.over());
  EXPECT_EQ(g.match().outcome().reason, EndReason::Flag);
  EXPECT_EQ(g.match().outcome().seat, AWhite);
}

TEST(GameState, SearchViewExpectsTheOtherBoardAfterItsExpectedRest) {
  Match m(RuleSet{}, TimeControl{});
  GameState real = GameState::sampled(m, fixed_turns(1000), Rng(5));
  real.apply(Move::normal(E2, E4));  // A-black thinks from 1000; B-white was due at 1000
  ASSERT_EQ(real.decider(), BWhite);
  GameState s = real.for_search();
  EXPECT_FALSE(s.sampling());
  EXPECT_EQ(s.decider(), BWhite);
  EXPECT_EQ(s.time(), 1000);
  // A-black has thought 0 ms of its expected 1000.
  EXPECT_EQ(s.ready_at(BoardA), 2000);
}

TEST(GameState, AtDecisionPutsTheSeatFirst) {
  Match m(RuleSet{}, TimeControl{});
  m.play(BoardB, Move::normal(E2, E4), 400);
  // A-white decides at 700; B-black started at 400 and is expected 1000 ms after that.
  GameState g = GameState::at_decision(m, AWhite, 700, fixed_turns(1000));
  EXPECT_EQ(g.decider(), AWhite);
  EXPECT_EQ(g.time(), 700);
  EXPECT_EQ(g.ready_at(BoardB), 1400);
  EXPECT_THROW(GameState::at_decision(m, ABlack, 700, fixed_turns()), std::invalid_argument);
}

TEST(GameState, UnrecordedCopyReplaysTheRecord) {
  Match m(RuleSet{}, TimeControl{});
  m.play(BoardA, Move::normal(E2, E4), 500);
  m.wait(BoardB, 600);
  m.play(BoardB, Move::normal(D2, D4), 900);
  Match c = unrecorded_copy(m);
  EXPECT_FALSE(c.recording());
  EXPECT_TRUE(c.events().empty());
  EXPECT_EQ(c.board(BoardA), m.board(BoardA));
  EXPECT_EQ(c.board(BoardB), m.board(BoardB));
  EXPECT_EQ(c.now(), m.now());
  for (int s = 0; s < kSeats; ++s) EXPECT_EQ(c.remaining(Seat(s), 1000), m.remaining(Seat(s), 1000));
}

TEST(GameState, ApplyCheckedRejectsWhatIsNotAnAction) {
  Match m(RuleSet{}, TimeControl::untimed());
  GameState g = GameState::expected(m, fixed_turns());
  EXPECT_THROW(g.apply_checked(Move::wait()), std::invalid_argument);
  EXPECT_THROW(g.apply_checked(Move::normal(E2, E5)), std::invalid_argument);
  g.apply_checked(Move::normal(E2, E4));
  EXPECT_EQ(g.match().moves_played(), 1);
}

}  // namespace
}  // namespace bh
