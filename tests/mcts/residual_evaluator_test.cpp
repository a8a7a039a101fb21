// A network that corrects the tactical evaluator (mcts/residual_evaluator.h): its answer
// multiplies the tactical one (logits added), so a network whose outputs are constant (a
// residual net before training: flat policy, win/draw/loss logits (0, -8, 0)) leaves the
// tactical evaluator's priors and value as they are, a network twice as fond of one
// move doubles that move's odds, and either correction can be applied alone. Worked by
// hand on the position where the rook may take an undefended queen (tactical score 540,
// as mcts/simple_evaluators_test works it out).
#include "mcts/residual_evaluator.h"

#include <cmath>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "core/match_view.h"
#include "tests/mcts/positions.h"

namespace bh {
namespace {

// A network of fixed answers: the priors `weights` normalised, win/draw/loss `wdl`.
class FixedNetwork final : public Evaluator {
 public:
  FixedNetwork(std::vector<float> weights, std::array<float, 3> wdl) : weights_(std::move(weights)), wdl_(wdl) {}
  void evaluate(std::span<const EvalRequest> batch, std::span<Evaluation> out) override {
    for (std::size_t i = 0; i < batch.size(); ++i) {
      float sum = 0;
      for (float w : weights_) sum += w;
      out[i].priors.clear();
      for (float w : weights_) out[i].priors.push_back(w / sum);
      out[i].wdl = wdl_;
      out[i].value = wdl_[0] - wdl_[2];
    }
  }
  std::string name() const override { return "fixed"; }

 private:
  std::vector<float> weights_;
  std::array<float, 3> wdl_;
};

struct Position {
  Match match = test::make_match("4k3/8/8/3q4/8/8/8/3RK3 w - - 0 1", test::kStartFen);
  MatchView view = MatchView::of(match, AWhite, 0);
  std::vector<Move> actions;
  Position() {
    const MoveList legal = match.legal_moves(BoardA);
    actions.assign(legal.begin(), legal.end());
  }
  Evaluation evaluate(Evaluator& e) const {
    const EvalRequest request{&view, actions};
    Evaluation out;
    e.evaluate(std::span(&request, 1), std::span(&out, 1));
    return out;
  }
};

// Softmax of (0, -8, 0): the untrained residual net's win/draw/loss.
std::array<float, 3> untrained_wdl() {
  const float z = 2 + std::exp(-8.0f);
  return {1 / z, std::exp(-8.0f) / z, 1 / z};
}

TEST(ResidualEvaluator, AConstantNetworkLeavesTheTacticalAnswer) {
  const Position p;
  TacticalEvaluator tactical_only;
  const Evaluation tactical = p.evaluate(tactical_only);
  ResidualEvaluator residual(std::make_unique<FixedNetwork>(std::vector<float>(p.actions.size(), 1.0f), untrained_wdl()),
                             kTacticalValueScale);
  const Evaluation e = p.evaluate(residual);
  ASSERT_EQ(e.priors.size(), tactical.priors.size());
  for (std::size_t k = 0; k < e.priors.size(); ++k) EXPECT_NEAR(e.priors[k], tactical.priors[k], 1e-6) << k;
  // (e^s, e^-8, e^-s) normalised, s = 540 / 1896: the tactical value up to the tiny draw.
  const double s = 540.0 / 1896;
  EXPECT_NEAR(e.value, std::tanh(s), 2e-4);
  EXPECT_NEAR(e.value, tactical.value, 2e-4);
  EXPECT_NEAR(e.wdl[0] + e.wdl[1] + e.wdl[2], 1.0f, 1e-6);
}

TEST(ResidualEvaluator, TheNetworksPreferencesMultiplyTheTacticalOdds) {
  const Position p;
  TacticalEvaluator tactical_only;
  const Evaluation tactical = p.evaluate(tactical_only);
  std::vector<float> weights(p.actions.size(), 1.0f);
  weights[0] = 2;  // the network likes the first action twice as much as any other
  // and thinks the position even: win and loss alike, a third drawn.
  ResidualEvaluator residual(std::make_unique<FixedNetwork>(weights, std::array<float, 3>{1.0f / 3, 1.0f / 3, 1.0f / 3}),
                             kTacticalValueScale);
  const Evaluation e = p.evaluate(residual);
  EXPECT_NEAR(e.priors[0] / e.priors[1], 2 * tactical.priors[0] / tactical.priors[1], 1e-4);
  EXPECT_NEAR(e.priors[1] / e.priors[2], tactical.priors[1] / tactical.priors[2], 1e-4);
  // (e^s, 1, e^-s) / (e^s + 1 + e^-s): the value 2 sinh(s) / (2 cosh(s) + 1).
  const double s = 540.0 / 1896;
  EXPECT_NEAR(e.value, 2 * std::sinh(s) / (2 * std::cosh(s) + 1), 1e-5);
  EXPECT_NEAR(e.wdl[1], 1 / (2 * std::cosh(s) + 1), 1e-5);
}

// One correction alone (the ablation of ResidualPart): the same network as above, its
// value correction alone keeps the tactical priors, its policy correction alone keeps the
// tactical value.
TEST(ResidualEvaluator, OneCorrectionAloneLeavesTheOtherHalfTactical) {
  const Position p;
  TacticalEvaluator tactical_only;
  const Evaluation tactical = p.evaluate(tactical_only);
  std::vector<float> weights(p.actions.size(), 1.0f);
  weights[0] = 2;
  const auto residual = [&](ResidualPart part) {
    return ResidualEvaluator(std::make_unique<FixedNetwork>(weights, std::array<float, 3>{1.0f / 3, 1.0f / 3, 1.0f / 3}),
                             kTacticalValueScale, true, part);
  };
  const double s = 540.0 / 1896;
  ResidualEvaluator value_only = residual(ResidualPart::Value), policy_only = residual(ResidualPart::Policy);
  const Evaluation v = p.evaluate(value_only), q = p.evaluate(policy_only);
  for (std::size_t k = 0; k < v.priors.size(); ++k) EXPECT_NEAR(v.priors[k], tactical.priors[k], 1e-6) << k;
  EXPECT_NEAR(v.value, 2 * std::sinh(s) / (2 * std::cosh(s) + 1), 1e-5);
  EXPECT_NEAR(q.priors[0] / q.priors[1], 2 * tactical.priors[0] / tactical.priors[1], 1e-4);
  EXPECT_NEAR(q.value, std::tanh(s), 1e-5);
  EXPECT_NEAR(q.value, tactical.value, 1e-5);
  EXPECT_EQ(q.wdl[1], 0.0f);
  EXPECT_EQ(value_only.name(), "fixed on tactical (value only)");
}

TEST(ResidualEvaluator, APartIsNamedByOneOfThreeWords) {
  for (ResidualPart part : {ResidualPart::Both, ResidualPart::Value, ResidualPart::Policy})
    EXPECT_EQ(parse_residual_part(to_string(part)), part);
  EXPECT_EQ(parse_residual_part("policy"), ResidualPart::Policy);
  try {
    parse_residual_part("values");
    FAIL() << "'values' parsed";
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("'values'"), std::string::npos) << e.what();
  }
}

// A net made before the placement terms (nn/net_config.h tactical_placement false)
// corrects the evaluator it was trained on: after 1. Nf3 on board A the placement's 30
// (mcts/simple_evaluators_test) is not in its value, and its priors are the plain ones.
TEST(ResidualEvaluator, ANetMadeBeforeThePlacementCorrectsTheEvaluatorItWasTrainedOn) {
  Position p;
  p.match = test::make_match("rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKB1R b KQkq - 1 1", test::kStartFen);
  p.view = MatchView::of(p.match, ABlack, 0);
  const MoveList legal = p.match.legal_moves(BoardA);
  p.actions.assign(legal.begin(), legal.end());
  const auto residual = [&](bool placement) {
    return ResidualEvaluator(std::make_unique<FixedNetwork>(std::vector<float>(p.actions.size(), 1.0f), untrained_wdl()),
                             kTacticalValueScale, placement);
  };
  ResidualEvaluator before = residual(false), after = residual(true);
  TacticalEvaluator plain(kTacticalValueScale, false);
  const Evaluation old_answer = p.evaluate(before), new_answer = p.evaluate(after), plain_answer = p.evaluate(plain);
  EXPECT_NEAR(old_answer.value, 0, 1e-6);
  EXPECT_NEAR(new_answer.value, std::tanh(-30 / kTacticalValueScale), 2e-4);
  for (std::size_t k = 0; k < old_answer.priors.size(); ++k)
    EXPECT_NEAR(old_answer.priors[k], plain_answer.priors[k], 1e-6) << k;
}

TEST(ResidualEvaluator, ADecidedPositionStaysFinite) {
  // A network sure of a loss in a position the tactical evaluator calls won by a mile:
  // the product stays a probability (no overflow of e^s).
  const Position p;
  ResidualEvaluator residual(std::make_unique<FixedNetwork>(std::vector<float>(p.actions.size(), 1.0f),
                                                            std::array<float, 3>{0.0f, 0.0f, 1.0f}),
                             kTacticalValueScale);
  const Evaluation e = p.evaluate(residual);
  EXPECT_TRUE(std::isfinite(e.value));
  EXPECT_NEAR(e.value, -1.0f, 1e-6);
}

TEST(ResidualEvaluator, ANetMadeBeforeTheCalibrationKeepsItsScale) {
  // A net trained on the tactical value tanh(score / 600) (nn/net_config.h
  // kLegacyTacticalScale) answers, untrained, as that evaluator did: s = 540 / 600.
  const Position p;
  ResidualEvaluator residual(std::make_unique<FixedNetwork>(std::vector<float>(p.actions.size(), 1.0f), untrained_wdl()),
                             600);
  EXPECT_NEAR(p.evaluate(residual).value, std::tanh(540.0 / 600), 2e-4);
  TacticalEvaluator at_600(600);
  EXPECT_NEAR(p.evaluate(residual).value, p.evaluate(at_600).value, 2e-4);
}

}  // namespace
}  // namespace bh
