// Specification of networks as model sources (LibTorch): `fresh` is the same net on every
// load, a checkpoint brings its file name, shape and rules, options reach the evaluators,
// and every way a checkpoint cannot be used is told with the file and why.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <stdexcept>
#include <string>

#include "core/match.h"
#include "core/match_view.h"
#include "core/movegen.h"
#include "mcts/simple_evaluators.h"
#include "nn/checkpoint.h"
#include "nn/model.h"
#include "training/players/network_source.h"

namespace bh {
namespace {

namespace fs = std::filesystem;

// The evaluation of the start position for A-white.
Evaluation judge(Evaluator& evaluator) {
  const Match match;
  const MatchView view = MatchView::of(match, AWhite, 0);
  std::vector<Move> actions;
  for (Move m : legal_moves(view.own_board(), RuleSet{})) actions.push_back(m);
  const EvalRequest request{&view, actions};
  Evaluation out;
  evaluator.evaluate(std::span(&request, 1), std::span(&out, 1));
  return out;
}

fs::path saved_checkpoint(const std::string& name, const RuleSet& rules) {
  const fs::path path = fs::temp_directory_path() / name;
  Network net(NetConfig{2, 16, true, 4, 2, 16});
  save_checkpoint(path, net, rules, {}, nullptr);
  return path;
}

TEST(NetworkSource, FreshIsTheSameNetOnEveryLoad) {
  const ModelLoader loader = network_model_loader({});
  const ModelSource a = loader.load("fresh"), b = loader.load("fresh");
  EXPECT_EQ(a.name, "fresh-" + NetConfig::small().short_name());
  EXPECT_EQ(a.network, NetConfig::small().short_name());
  EXPECT_FALSE(a.rules);
  const Evaluation ea = judge(*a.evaluator()), eb = judge(*b.evaluator());
  EXPECT_EQ(ea.priors, eb.priors);
  EXPECT_EQ(ea.value, eb.value);
}

TEST(NetworkSource, MixesTheTacticalEvaluatorIntoANetworkWhenAsked) {
  const ModelSource mixed = network_model_loader({"cpu", "fp32", 1, 0.5f}).load("fresh");
  EXPECT_EQ(mixed.name, "fresh-" + NetConfig::small().short_name() + "+tactical 0.5");
  const std::string evaluator = mixed.evaluator()->name();
  EXPECT_NE(evaluator.find("+tactical"), std::string::npos) << evaluator;
  // The blend's own arithmetic is mcts/blended_evaluator_test's; here: it is not the net alone.
  const Evaluation net = judge(*network_model_loader({}).load("fresh").evaluator());
  const Evaluation blended = judge(*mixed.evaluator());
  EXPECT_NE(blended.priors, net.priors);
}

// A tactical-residual net before training plays as the tactical evaluator does: its last
// layers start at zero, and every evaluator of it puts its answer on top of the tactical
// one (mcts/residual_evaluator_test works the arithmetic by hand).
TEST(NetworkSource, AnUntrainedResidualNetAnswersAsTheTacticalEvaluator) {
  NetConfig config{2, 16, false, 4, 4, 16};
  config.tactical_residual = true;
  // A new net takes the scale of the tactical evaluator the search uses (nn cannot see
  // mcts's constant; this is where the two meet).
  EXPECT_EQ(config.tactical_scale, kTacticalValueScale);
  Network net(config);
  net->eval();
  const ModelSource source = network_source(InferenceNet::create(net, {}), "residual");
  const std::string name = source.evaluator()->name();
  EXPECT_NE(name.find("on tactical"), std::string::npos) << name;
  TacticalEvaluator tactical;
  const Evaluation expected = judge(tactical), got = judge(*source.evaluator());
  ASSERT_EQ(got.priors.size(), expected.priors.size());
  for (std::size_t k = 0; k < got.priors.size(); ++k) EXPECT_NEAR(got.priors[k], expected.priors[k], 1e-5) << k;
  EXPECT_NEAR(got.value, expected.value, 1e-3);
}

// The ablation's halves (mcts/residual_evaluator_test works their arithmetic): an
// untrained residual net with one correction alone still answers as the tactical
// evaluator, and names the half it applies; a net that corrects nothing, or a residual
// net alone, has no half to apply and says so.
TEST(NetworkSource, OneCorrectionAloneIsForAResidualNetWithItsTerms) {
  NetConfig config{2, 16, false, 4, 4, 16};
  config.tactical_residual = true;
  Network net(config);
  net->eval();
  const auto inference = InferenceNet::create(net, {});
  const ModelSource policy = network_source(inference, "residual", 1, false, ResidualPart::Policy);
  EXPECT_EQ(policy.name, "residual (policy only)");
  TacticalEvaluator tactical;
  const Evaluation expected = judge(tactical), got = judge(*policy.evaluator());
  for (std::size_t k = 0; k < got.priors.size(); ++k) EXPECT_NEAR(got.priors[k], expected.priors[k], 1e-5) << k;
  EXPECT_NEAR(got.value, expected.value, 1e-5);
  EXPECT_THROW(network_source(inference, "residual", 1, true, ResidualPart::Value), std::invalid_argument);
  ModelOptions options;
  options.residual_part = "value";
  try {
    network_model_loader(options).load("fresh");
    FAIL() << "a plain net took a value correction alone";
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("fresh-"), std::string::npos) << e.what();
  }
}

// A residual net's searches take their lazy tactical look at the net's own scale (a net
// made before the calibration: 600); a plain net's at the tactical evaluator's (0), and
// asking for a plain net alone changes nothing (its raw outputs are its answer anyway).
// A residual net alone and a model without a network take no lazy look: the one would
// get back the tactical terms it is measured without, the other would only repeat its
// own judgement.
TEST(NetworkSource, ALazySearchLooksTacticallyAtTheNetsScale) {
  NetConfig config{2, 16, false, 4, 4, 16};
  config.tactical_residual = true;
  config.tactical_scale = NetConfig::kLegacyTacticalScale;
  Network net(config);
  net->eval();
  const auto inference = InferenceNet::create(net, {});
  SearchConfig lazy;
  lazy.net_visits = 8;
  EXPECT_EQ(network_source(inference, "old residual").search_config(lazy).tactical_scale, 600);
  EXPECT_EQ(network_source(inference, "old residual").search_config(lazy).net_visits, 8);
  const SearchConfig alone = network_source(inference, "old residual alone", 1, true).search_config(lazy);
  EXPECT_EQ(alone.net_visits, 0);
  EXPECT_EQ(alone.tactical_scale, 0);
  Network plain(NetConfig{2, 16, false, 4, 4, 16});
  plain->eval();
  const SearchConfig plain_search = network_source(InferenceNet::create(plain, {}), "plain", 1, true).search_config(lazy);
  EXPECT_EQ(plain_search.net_visits, 8);
  EXPECT_EQ(plain_search.tactical_scale, 0);
  const SearchConfig tactical = network_model_loader({}).load("tactical").search_config(lazy);
  EXPECT_EQ(tactical.net_visits, 0);
  EXPECT_EQ(tactical.tactical_scale, 0);
}

TEST(NetworkSource, ACheckpointBringsItsNameShapeAndRules) {
  RuleSet rules;
  rules.move_limit = 321;
  const fs::path path = saved_checkpoint("network_source_test.ckpt", rules);
  const ModelSource source = network_model_loader({"cpu", "bf16", 2}).load(path.string());
  EXPECT_EQ(source.name, "network_source_test.ckpt");
  EXPECT_EQ(source.network, (NetConfig{2, 16, true, 4, 2, 16}).short_name());
  ASSERT_TRUE(source.rules);
  EXPECT_EQ(source.rules->move_limit, 321);
  EXPECT_EQ(source.threads, 2);
  const std::string evaluator = source.evaluator()->name();
  EXPECT_NE(evaluator.find("bf16"), std::string::npos) << evaluator;
  EXPECT_NE(evaluator.find("cpu"), std::string::npos) << evaluator;
  const Evaluation e = judge(*source.selfplay_evaluators()(0));
  EXPECT_FALSE(e.priors.empty());
  fs::remove(path);
}

TEST(NetworkSource, AnUnusableCheckpointNamesTheFileAndWhy) {
  const fs::path path = fs::temp_directory_path() / "network_source_test_garbage.ckpt";
  std::ofstream(path) << "this is not a checkpoint";
  try {
    network_model_loader({}).load(path.string());
    FAIL() << "a garbage file loaded";
  } catch (const CheckpointError& e) {
    EXPECT_NE(std::string(e.what()).find(path.string()), std::string::npos) << e.what();
    EXPECT_EQ(e.kind(), CheckpointError::Kind::Foreign) << e.what();
  }
  fs::remove(path);
  EXPECT_THROW(network_model_loader({}).load(path.string()), std::invalid_argument);  // gone: no such file
}

TEST(NetworkSource, RefusesAnUnknownDeviceOrPrecision) {
  EXPECT_THROW(network_model_loader({"tpu", "fp32", 1}).load("fresh"), std::invalid_argument);
  EXPECT_THROW(network_model_loader({"cpu", "fp8", 1}).load("fresh"), std::invalid_argument);
  EXPECT_EQ(network_model_loader({"tpu", "fp8", 1}).load("uniform").name, "uniform");  // no network, no options
}

TEST(NetworkSource, AnInMemoryNetIsNamedByItsCaller) {
  Network net(NetConfig{2, 16, true, 4, 2, 16});
  net->eval();
  const ModelSource source = network_source(InferenceNet::create(net), "gen 7");
  EXPECT_EQ(source.name, "gen 7");
  EXPECT_EQ(source.network, (NetConfig{2, 16, true, 4, 2, 16}).short_name());
  EXPECT_EQ(source.player(SearchConfig{}, TurnModel{}, 1)->name(), "gen 7");
  EXPECT_THROW(network_source(nullptr, "none"), std::invalid_argument);
}

}  // namespace
}  // namespace bh
