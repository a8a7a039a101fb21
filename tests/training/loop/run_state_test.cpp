// Specification of what a run remembers between generations (training/loop/run_state.h):
// every field survives a checkpoint's metadata exactly, a checkpoint that lacks a key
// gives that field its starting value, checkpoints written before the promotion bars only
// rose give their bars from the keys they had, and a value that is not a number is an
// error that names its key.
#include <gtest/gtest.h>

#include <stdexcept>
#include <string>

#include "training/loop/run_state.h"

namespace bh {
namespace {

RunState a_state() {
  RunState s;
  s.generation = 17;
  s.best_generation = 12;
  s.elo = 0.1 + 0.2;  // not 0.3: the text must give back this very double
  s.best_elo = -412.5;
  s.best_elo_variance = 1.0 / 3.0;
  s.highest_vs_greedy = 0.9375;
  s.bar_vs_tactical = 0.61;
  s.elapsed_s = 3599.25;
  s.session = 3;
  s.broker_entry = "1733420000000-7";
  return s;
}

TEST(RunState, EveryFieldSurvivesTheCheckpointMetadataExactly) {
  const RunState s = a_state();
  const CheckpointMeta m = s.meta("[run]\ngenerations = 30\n", "abc1234");
  EXPECT_EQ(m.generation, 17);
  EXPECT_EQ(m.config_text, "[run]\ngenerations = 30\n");
  EXPECT_EQ(m.extra.at("revision"), "abc1234");
  const RunState back = RunState::from(m);
  EXPECT_EQ(back.generation, s.generation);
  EXPECT_EQ(back.best_generation, s.best_generation);
  EXPECT_EQ(back.elo, s.elo);
  EXPECT_EQ(back.best_elo, s.best_elo);
  EXPECT_EQ(back.best_elo_variance, s.best_elo_variance);
  EXPECT_EQ(back.highest_vs_greedy, s.highest_vs_greedy);
  EXPECT_EQ(back.bar_vs_tactical, s.bar_vs_tactical);
  EXPECT_EQ(back.elapsed_s, s.elapsed_s);
  EXPECT_EQ(back.session, s.session);
  EXPECT_EQ(back.broker_entry, s.broker_entry);
}

TEST(RunState, AMissingKeyGivesItsFieldTheStartingValue) {
  CheckpointMeta m;
  m.generation = 5;
  const RunState s = RunState::from(m);
  EXPECT_EQ(s.generation, 5);
  EXPECT_EQ(s.best_generation, 5);  // a checkpoint that never said: its own net was the best
  EXPECT_EQ(s.elo, 0);
  EXPECT_EQ(s.best_elo_variance, 0);
  EXPECT_EQ(s.highest_vs_greedy, -1);  // no bar: no opponent refuses the next promotion
  EXPECT_EQ(s.bar_vs_tactical, -1);
  EXPECT_EQ(s.session, 0);
  EXPECT_EQ(s.broker_entry, "");
}

TEST(RunState, OlderCheckpointsGiveTheirBarsUnderTheKeysTheyKept) {
  // The first kept the best net's own scores as best_vs_greedy / best_vs_tactical.
  CheckpointMeta old;
  old.generation = 9;
  old.extra = {{"best_vs_greedy", "1"}, {"best_vs_tactical", "0.555"}};
  const RunState s = RunState::from(old);
  EXPECT_EQ(s.highest_vs_greedy, 1);
  EXPECT_EQ(s.bar_vs_tactical, 0.555);
  // The next kept the highest tactical score a promoted net had shown; a checkpoint with
  // both keys is the newer one.
  old.extra["highest_vs_tactical"] = "0.62";
  EXPECT_EQ(RunState::from(old).bar_vs_tactical, 0.62);
  // Today's key wins over both.
  old.extra["bar_vs_tactical"] = "0.58";
  EXPECT_EQ(RunState::from(old).bar_vs_tactical, 0.58);
}

TEST(RunState, AValueThatIsNotANumberIsAnErrorNamingItsKey) {
  CheckpointMeta m = a_state().meta("", "r");
  m.extra["bar_vs_tactical"] = "high";
  try {
    RunState::from(m);
    FAIL() << "read a bar that is not a number";
  } catch (const std::runtime_error& e) {
    EXPECT_NE(std::string(e.what()).find("bar_vs_tactical = \"high\""), std::string::npos) << e.what();
  }
}

}  // namespace
}  // namespace bh
