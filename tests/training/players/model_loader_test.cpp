// Specification of the model loader without LibTorch: the words of a spec, the
// stand-in evaluators, a network refused with the reason (or handed to the network
// loader given), and a source put to work as evaluators, players and an arena side.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <stdexcept>
#include <string>

#include "mcts/greedy_player.h"
#include "training/players/arena.h"
#include "training/players/model_loader.h"
#include "training/players/model_spec.h"

namespace bh {
namespace {

std::string error_of(const ModelLoader& loader, const std::string& spec) {
  try {
    loader.load(spec);
  } catch (const std::invalid_argument& e) {
    return e.what();
  }
  return "no error";
}

TEST(ModelSpec, WordsAndPaths) {
  EXPECT_EQ(model_kind("uniform"), ModelKind::Uniform);
  EXPECT_EQ(model_kind("material"), ModelKind::Material);
  EXPECT_EQ(model_kind("tactical"), ModelKind::Tactical);
  EXPECT_EQ(model_kind("fresh"), ModelKind::Fresh);
  EXPECT_EQ(model_kind("runs/quick/checkpoints/gen-0001.ckpt"), ModelKind::Checkpoint);
  EXPECT_TRUE(is_network(ModelKind::Fresh));
  EXPECT_FALSE(is_network(ModelKind::Material));
  EXPECT_THROW(model_kind(""), std::invalid_argument);
}

TEST(ModelLoader, MakesTheStandInsWithoutANetwork) {
  const ModelLoader loader;
  EXPECT_FALSE(loader.loads_networks());
  const ModelSource uniform = loader.load("uniform");
  EXPECT_EQ(uniform.name, "uniform");
  EXPECT_TRUE(uniform.network.empty());
  EXPECT_FALSE(uniform.rules);
  EXPECT_EQ(uniform.evaluator()->name(), "uniform");
  EXPECT_EQ(loader.load("material").evaluator()->name(), "material");
  EXPECT_EQ(loader.load("tactical").evaluator()->name(), "tactical");
}

TEST(ModelSource, MixesTheTacticalEvaluatorInWhenAsked) {
  const ModelSource uniform = ModelLoader().load("uniform");
  EXPECT_EQ(with_tactical(uniform, 0).name, "uniform");
  EXPECT_EQ(with_tactical(uniform, 0).evaluator()->name(), "uniform");
  const ModelSource mixed = with_tactical(uniform, 0.5f);
  EXPECT_EQ(mixed.name, "uniform+tactical 0.5");
  EXPECT_EQ(mixed.evaluator()->name(), "uniform+tactical");
  EXPECT_THROW(with_tactical(uniform, 1.5f), std::invalid_argument);
  EXPECT_THROW(with_tactical(uniform, -0.1f), std::invalid_argument);
}

TEST(ModelLoader, RefusesANetworkWithoutLibTorchSayingWhy) {
  const std::string why = error_of(ModelLoader(), "fresh");
  EXPECT_NE(why.find("'fresh'"), std::string::npos) << why;
  EXPECT_NE(why.find("LibTorch"), std::string::npos) << why;
}

TEST(ModelLoader, NamesAMissingCheckpointFile) {
  const std::string why = error_of(ModelLoader(), "unifrom");
  EXPECT_NE(why.find("'unifrom'"), std::string::npos) << why;
  EXPECT_NE(why.find("no such checkpoint file"), std::string::npos) << why;
  const std::string dir = std::filesystem::temp_directory_path().string();
  EXPECT_NE(error_of(ModelLoader(), dir).find("is a directory"), std::string::npos);
}

TEST(ModelLoader, HandsNetworksToItsNetworkLoader) {
  std::string asked;
  const ModelLoader loader([&asked](const std::string& spec) {
    asked = spec;
    return ModelLoader().load("material");
  });
  EXPECT_TRUE(loader.loads_networks());
  EXPECT_EQ(loader.load("fresh").name, "material");
  EXPECT_EQ(asked, "fresh");
  const auto file = std::filesystem::temp_directory_path() / "model_loader_test.ckpt";
  std::ofstream(file) << "not looked at here";
  loader.load(file.string());
  EXPECT_EQ(asked, file.string());
  std::filesystem::remove(file);
  EXPECT_EQ(loader.load("uniform").name, "uniform");  // stand-ins never reach it
  EXPECT_EQ(asked, file.string());
}

TEST(ModelSource, MakesEvaluatorsWithItsThreadsAndSelfPlayWorkersAtOne) {
  std::vector<std::pair<int, int>> made;  // (threads, max batch) of each evaluator
  ModelSource source;
  source.name = "recorder";
  source.make = [&made](int threads, int max_batch) -> std::unique_ptr<Evaluator> {
    made.emplace_back(threads, max_batch);
    return ModelLoader().load("uniform").evaluator();
  };
  source.threads = 3;
  source.evaluator();
  source.selfplay_evaluators()(0);
  source.selfplay_evaluators()(1);
  const std::vector<std::pair<int, int>> expected{
      {3, kPlayerMaxBatch}, {1, kSelfPlayMaxBatch}, {1, kSelfPlayMaxBatch}};
  EXPECT_EQ(made, expected);
}

TEST(ModelSource, PlaysAnArenaAsASearchSideNamedAfterIt) {
  SearchConfig search;
  search.visits = 8;
  const TurnModel turn{TimeModel(), false};
  ModelSource material = ModelLoader().load("material");
  material.name = "gen 3";
  EXPECT_EQ(material.player(search, turn, 1)->name(), "gen 3");
  const ArenaSide side = material.side(search, turn);
  EXPECT_EQ(side.name, "gen 3");
  const ArenaSide greedy{"greedy", [](std::uint64_t seed) { return std::make_unique<GreedyPlayer>(TimeModel(), seed); }};
  ArenaConfig config;
  config.games = 2;
  config.clock = TimeControl{60'000, 0};
  const ArenaResult r = run_arena(side, greedy, config);
  EXPECT_EQ(r.games(), 2);
}

}  // namespace
}  // namespace bh
