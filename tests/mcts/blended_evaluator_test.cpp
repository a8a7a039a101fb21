// A network's answers with the tactical evaluator mixed in (mcts/blended_evaluator.h):
// each number is (1 - w) x the network's + w x the tactical evaluator's. The "network"
// here is the uniform evaluator: priors 1/n, value 0, win/draw/loss a third each.
#include "mcts/blended_evaluator.h"

#include <cmath>
#include <memory>
#include <vector>

#include <gtest/gtest.h>

#include "core/match_view.h"
#include "tests/mcts/positions.h"

namespace bh {
namespace {

TEST(BlendedEvaluator, MixesValuePriorsAndOutcomesByTheWeight) {
  // White on board A may take the undefended queen on d5 with the rook (d1xd5).
  const Match match = test::make_match("4k3/8/8/3q4/8/8/8/3RK3 w - - 0 1", test::kStartFen);
  const MatchView view = MatchView::of(match, AWhite, 0);
  const MoveList legal = match.legal_moves(BoardA);
  const std::vector<Move> actions(legal.begin(), legal.end());
  const EvalRequest request{&view, actions};
  const float n = float(actions.size());

  Evaluation tactical;
  TacticalEvaluator().evaluate(std::span(&request, 1), std::span(&tactical, 1));
  Evaluation mixed;
  BlendedEvaluator blended(std::make_unique<UniformEvaluator>(), 0.25f);
  blended.evaluate(std::span(&request, 1), std::span(&mixed, 1));

  EXPECT_NEAR(mixed.value, 0.25f * std::tanh(540.0f / 1896), 1e-6);  // the tactical score, mcts/simple_evaluators_test
  EXPECT_NEAR(mixed.wdl[1], 0.75f / 3 + 0.25f * tactical.wdl[1], 1e-6);
  float sum = 0;
  for (std::size_t k = 0; k < actions.size(); ++k) {
    EXPECT_NEAR(mixed.priors[k], 0.75f / n + 0.25f * tactical.priors[k], 1e-6);
    sum += mixed.priors[k];
  }
  EXPECT_NEAR(sum, 1.0f, 1e-5);
  EXPECT_EQ(blended.name(), "uniform+tactical");
}

}  // namespace
}  // namespace bh
