// Specification of promotion in a `bughouse train` run, run as a separate process: with
// the tactical check on ([evaluation] promote_tactical_margin), a net that won its
// promotion arena plays promote_tactical_games more matches against the tactical
// evaluator, and is judged on all of them against the bar; a promoted net then plays
// promote_tactical_games fresh matches, and its score over all those matches, the ones it
// was promoted on and the fresh ones, is the new bar (a tactical-residual net's
// generation 0 plays as the tactical evaluator, so its bar is 50%). The verdicts, the
// best generation, checkpoints/best.ckpt and the bar each checkpoint keeps for a resume
// follow promotion.h's rule.
#include <gtest/gtest.h>

#include <filesystem>
#include <string>

#include "core/bpgn.h"
#include "nn/checkpoint.h"
#include "tests/training/commands/process.h"
#include "tests/training/commands/tiny_run.h"

namespace bh {
namespace {

namespace fs = std::filesystem;

int matches_with_tactical_as_team1(const fs::path& record) {
  int n = 0;
  for (const auto& g : read_bpgn_file(record.string())) n += g.tag("WhiteA") == "tactical";
  return n;
}

TEST(TrainPromotion, TheTacticalCheckPlaysMoreMatchesAndJudgesOnAllOfThem) {
  fs::path dir = fresh_dir("train_promotion");
  // promote_score = 0: every net wins its promotion arena, so the tactical check decides.
  // A margin of 0.25 lets some nets through and not others.
  std::string text = kTinyConfig;
  text.replace(text.find("[evaluation]\n"), 13,
               "[evaluation]\npromote_score = 0\npromote_tactical_margin = 0.25\npromote_tactical_games = 6\n");
  text.replace(text.find("[network]\n"), 10, "[network]\ntactical_residual = true\n");
  text.replace(text.find("generations = 2"), 15, "generations = 3");
  ASSERT_EQ(run({"train", "--config", write_config(dir, text).string(), "--run", (dir / "run").string()}, dir / "out.txt"), 0)
      << read_text(dir / "out.txt");
  const auto gens = generation_lines(dir / "run");
  ASSERT_EQ(gens.size(), 3u);
  for (const auto& g : gens) {
    // Its 2 matches of the generation and the 6 more, both colourings of each pair; the
    // score and Elo under "promotion" are of all 8.
    EXPECT_EQ(g.number("games_vs_tactical"), 2);
    EXPECT_EQ(g.number("games_promotion_vs_tactical"), 8);
    const double score = *g.number("score_promotion_vs_tactical");
    const double extra_points = 8 * score - 2 * *g.number("score_vs_tactical");
    EXPECT_GE(extra_points, 0);
    EXPECT_LE(extra_points, 6);
    EXPECT_EQ(*g.number("elo_promotion_vs_tactical") > 0, score > 0.5);
  }
  const auto bar_of = [&](const char* checkpoint) {
    return std::stod(LoadedCheckpoint(dir / "run" / "checkpoints" / checkpoint).info().meta.extra.at("bar_vs_tactical"));
  };
  // Generation 1 meets the initial net, whose bar is its 50% by construction. Each net must
  // score no lower than the bar less the margin; a promoted net's 8 promotion matches and
  // its 6 fresh ones (both colourings, in its arena record), 14 in all, set the next bar;
  // the metrics say the bar after each verdict.
  double bar = 0.5;
  EXPECT_EQ(bar_of("gen-0000.ckpt"), bar);
  int best = 0;
  for (int i = 0; i < 3; ++i) {
    const double score = *gens[i].number("score_promotion_vs_tactical");
    const bool holds = score >= bar - 0.25 - 1e-9;
    EXPECT_EQ(gens[i].text("promotion"), holds ? "promoted" : "fell against tactical") << "generation " << i + 1;
    const auto fresh = gens[i].number("score_fresh_vs_tactical");
    EXPECT_EQ(fresh.has_value(), holds) << "generation " << i + 1;
    if (holds) {
      best = i + 1;
      bar = (8 * score + 6 * fresh.value_or(-1)) / 14;
      EXPECT_EQ(gens[i].number("games_fresh_vs_tactical"), 6);
    }
    const std::string record = "gen-000" + std::to_string(i + 1) + ".bpgn";
    EXPECT_EQ(matches_with_tactical_as_team1(dir / "run" / "arena" / record), holds ? 7 : 4) << record;
    EXPECT_EQ(gens[i].number("best_generation"), best) << "generation " << i + 1;
    EXPECT_NEAR(*gens[i].number("bar_vs_tactical"), bar, 1e-12) << "generation " << i + 1;
  }
  EXPECT_TRUE(read_text(dir / "run" / "checkpoints" / "best.ckpt") ==
              read_text(dir / "run" / "checkpoints" / ("gen-000" + std::to_string(best) + ".ckpt")));
  EXPECT_NEAR(bar_of("gen-0003.ckpt"), bar, 1e-12);
  fs::remove_all(dir);
}

}  // namespace
}  // namespace bh
