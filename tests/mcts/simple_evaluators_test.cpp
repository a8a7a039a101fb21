// The tactical evaluator (mcts/simple_evaluators.h): its score adds up the team's material,
// each board's pending captures, the four kings' danger and the pieces' placement; its
// priors follow what a move wins or loses where it lands and how it places the piece.
// Numbers worked by hand in Sunsetter's values (captures count twice: off the board and
// into the partner's hand) and mcts/placement.cpp's tables.
#include "mcts/simple_evaluators.h"

#include <algorithm>
#include <vector>

#include <gtest/gtest.h>

#include "core/fen.h"
#include "core/match_view.h"
#include "tests/mcts/positions.h"

namespace bh {
namespace {

// White on board A (team 1) may take the undefended queen on d5; board B is the start.
constexpr const char* kHangingQueen = "4k3/8/8/3q4/8/8/8/3RK3 w - - 0 1";

TEST(TacticalEvaluator, ScoresMaterialPendingCapturesAndKingDanger) {
  const Match match = test::make_match(kHangingQueen, test::kStartFen);
  // Material: team 1 has the rook (200) against the queen (390) on A, board B is even: -190.
  // White's pending capture of the queen on A: +780. Board B's mover has nothing to take.
  // Kings on A: White's has four empty squares around it (40) and d1, d2 under the queen's
  // fire (60): -100; Black's has five empty squares (50): +50. Board B's kings are walled in.
  // Placement: kings at home, the rook on d1 and the queen on d5 stand where the tables
  // give 0, and board B's sides mirror each other.
  EXPECT_EQ(TacticalEvaluator::score(MatchView::of(match, AWhite, 0)), -190 + 780 - 100 + 50);
  // The other team's view of the same moment is the mirror.
  EXPECT_EQ(TacticalEvaluator::score(MatchView::of(match, BWhite, 0)), -(-190 + 780 - 100 + 50));
}

// After 1. Nf3 on board A (board B at the start) the only difference is the knight's step
// from g1 (-15) to f3 (+15): 30 for team 1, none without the placement.
TEST(TacticalEvaluator, CountsADevelopedKnight) {
  const Match match = test::make_match("rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKB1R b KQkq - 1 1", test::kStartFen);
  EXPECT_EQ(TacticalEvaluator::score(MatchView::of(match, AWhite, 0)), 30);
  EXPECT_EQ(TacticalEvaluator::score(MatchView::of(match, BWhite, 0)), -30);
  EXPECT_EQ(TacticalEvaluator::score(MatchView::of(match, AWhite, 0), false), 0);
}

std::vector<float> priors_of(const Match& match, Seat seat, const std::vector<Move>& actions, bool placement = true) {
  const MatchView view = MatchView::of(match, seat, 0);
  const EvalRequest request{&view, actions};
  Evaluation out;
  TacticalEvaluator(kTacticalValueScale, placement).evaluate(std::span(&request, 1), std::span(&out, 1));
  return out.priors;
}

// Quiet moves differ by where they put the piece: Nc3 (-15 -> +15) against Na3 (-15 -> -10).
TEST(TacticalEvaluator, PrefersTheCentralKnight) {
  const Match match = test::make_match(test::kStartFen, test::kStartFen);
  const std::vector<Move> actions{Move::normal(B1, C3), Move::normal(B1, A3)};
  EXPECT_NEAR(priors_of(match, AWhite, actions)[0] / priors_of(match, AWhite, actions)[1],
              std::exp((30.0 - 5.0) / kPlacementPriorScale), 1e-4);
  EXPECT_NEAR(priors_of(match, AWhite, actions, false)[0], 0.5, 1e-6);
}

TEST(TacticalEvaluator, PutsTheFreeCaptureFirst) {
  const Match match = test::make_match(kHangingQueen, test::kStartFen);
  const MoveList legal = match.legal_moves(BoardA);
  const std::vector<Move> actions(legal.begin(), legal.end());
  const std::vector<float> priors = priors_of(match, AWhite, actions);
  const auto best = std::max_element(priors.begin(), priors.end()) - priors.begin();
  EXPECT_EQ(actions[best], Move::normal(D1, D5));
}

TEST(TacticalEvaluator, DropsWhereAPawnTakesGetLessPrior) {
  const Match match = test::make_match("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[N] w KQkq - 0 1",
                                       test::kStartFen);
  const std::vector<Move> actions{Move::drop(Knight, E6), Move::drop(Knight, E4)};
  const std::vector<float> priors = priors_of(match, AWhite, actions);
  // exp(-384 / 200 + 15 / 50) (lost to the pawn; a knight on e6 +15) against exp(20 / 50).
  EXPECT_NEAR(priors[0] / priors[1], std::exp(-384.0 / 200 + (15.0 - 20.0) / kPlacementPriorScale), 1e-4);
}

}  // namespace
}  // namespace bh
