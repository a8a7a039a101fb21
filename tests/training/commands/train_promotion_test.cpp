// Specification of promotion in a `bughouse train` run, run as a separate process: with
// the tactical check on ([evaluation] promote_tactical_margin), a net that won its
// promotion arena plays promote_tactical_games more matches against the tactical
// evaluator, is judged on all of them against the bar (the highest score a promoted net has
// shown; a tactical-residual net's generation 0 plays as the tactical evaluator, so its
// bar is 50%), and the verdicts, the best generation, checkpoints/best.ckpt and the bar
// each checkpoint keeps for a resume follow promotion.h's rule.
#include <gtest/gtest.h>

#include <algorithm>
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
  // Scores come in quarters (4 matches). A margin of 0.25 promotes a net a quarter below
  // the bar; the bar must then stay where it was, not step down to that net's score.
  std::string text = kTinyConfig;
  text.replace(text.find("[evaluation]\n"), 13,
               "[evaluation]\npromote_score = 0\npromote_tactical_margin = 0.25\npromote_tactical_games = 2\n");
  text.replace(text.find("[network]\n"), 10, "[network]\ntactical_residual = true\n");
  text.replace(text.find("generations = 2"), 15, "generations = 3");
  ASSERT_EQ(run({"train", "--config", write_config(dir, text).string(), "--run", (dir / "run").string()}, dir / "out.txt"), 0)
      << read_text(dir / "out.txt");
  const auto gens = generation_lines(dir / "run");
  ASSERT_EQ(gens.size(), 3u);
  for (const auto& g : gens) {
    // Its 2 matches of the generation and the 2 more, both colourings of each pair.
    EXPECT_EQ(g.number("games_vs_tactical"), 2);
    EXPECT_EQ(g.number("games_promotion_vs_tactical"), 4);
    const double extra_points = 4 * g.number("score_promotion_vs_tactical").value_or(-1) - 2 * *g.number("score_vs_tactical");
    EXPECT_GE(extra_points, 0);
    EXPECT_LE(extra_points, 2);
  }
  for (const char* record : {"gen-0001.bpgn", "gen-0002.bpgn", "gen-0003.bpgn"})
    EXPECT_EQ(matches_with_tactical_as_team1(dir / "run" / "arena" / record), 2) << record;
  const auto bar_of = [&](const char* checkpoint) {
    return std::stod(LoadedCheckpoint(dir / "run" / "checkpoints" / checkpoint).info().meta.extra.at("highest_vs_tactical"));
  };
  // Generation 1 meets the initial net, whose bar is its 50% by construction. Each net must
  // score no lower than the bar less the margin; the metrics say the bar after each verdict.
  double bar = 0.5;
  EXPECT_EQ(bar_of("gen-0000.ckpt"), bar);
  int best = 0;
  for (int i = 0; i < 3; ++i) {
    const double score = *gens[i].number("score_promotion_vs_tactical");
    const bool holds = score >= bar - 0.25 - 1e-9;
    EXPECT_EQ(gens[i].text("promotion"), holds ? "promoted" : "fell against tactical") << "generation " << i + 1;
    if (holds) best = i + 1, bar = std::max(bar, score);
    EXPECT_EQ(gens[i].number("best_generation"), best) << "generation " << i + 1;
    EXPECT_EQ(gens[i].number("bar_vs_tactical"), bar) << "generation " << i + 1;
  }
  EXPECT_TRUE(read_text(dir / "run" / "checkpoints" / "best.ckpt") ==
              read_text(dir / "run" / "checkpoints" / ("gen-000" + std::to_string(best) + ".ckpt")));
  EXPECT_EQ(bar_of("gen-0003.ckpt"), bar);
  fs::remove_all(dir);
}

}  // namespace
}  // namespace bh
