// Specification of arena sides from specs: the baselines, models through the loader the
// context gives (here none of networks, as in a program without LibTorch), and a spec
// that is neither told with what a player can be.
#include <gtest/gtest.h>

#include <stdexcept>
#include <string>

#include "training/players/player_spec.h"

namespace bh {
namespace {

std::string error_of(const std::string& spec, const PlayerContext& context) {
  try {
    make_arena_side(spec, context);
  } catch (const std::invalid_argument& e) {
    return e.what();
  }
  return "no error";
}

TEST(PlayerSpec, BaselinesAndStandInModelsAreNamedBySpec) {
  PlayerContext context;
  context.search.visits = 4;
  for (const char* spec : {"random", "greedy", "uniform", "material"}) {
    const ArenaSide side = make_arena_side(spec, context);
    EXPECT_EQ(side.name, spec);
    EXPECT_TRUE(side.make(1)) << spec;
  }
}

TEST(PlayerSpec, ANetworkNeedsALoaderOfNetworks) {
  const std::string why = error_of("fresh", PlayerContext{});
  EXPECT_NE(why.find("player 'fresh'"), std::string::npos) << why;
  EXPECT_NE(why.find("LibTorch"), std::string::npos) << why;
}

TEST(PlayerSpec, ATypoIsToldWithWhatAPlayerCanBe) {
  const std::string why = error_of("gredy", PlayerContext{});
  EXPECT_NE(why.find("no such checkpoint file"), std::string::npos) << why;
  EXPECT_NE(why.find("random, greedy, uci:PATH, xboard:PATH or a model"), std::string::npos) << why;
  EXPECT_THROW(make_arena_side("", PlayerContext{}), std::invalid_argument);
}

TEST(PlayerSpec, ModelsComeFromTheContextsLoader) {
  PlayerContext context;
  context.models = ModelLoader([](const std::string&) { return ModelLoader().load("material"); });
  const ArenaSide side = make_arena_side("fresh", context);
  EXPECT_EQ(side.name, "fresh");
  EXPECT_EQ(side.make(1)->name(), "fresh");
}

}  // namespace
}  // namespace bh
