// Specification of who plays a `bughouse train` run's self-play, run as a separate
// process: the latest or the best net as configured, a teacher in the bootstrap
// generations (which, having no network, ignores net_visits), and imported matches as the
// first samples.
#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>
#include <set>
#include <string>

#include "core/bpgn.h"
#include "tests/training/commands/process.h"
#include "tests/training/commands/tiny_run.h"

namespace bh {
namespace {

namespace fs = std::filesystem;

std::set<std::string> selfplay_players(const fs::path& run, int g) {
  std::set<std::string> names;
  char prefix[16];
  std::snprintf(prefix, sizeof prefix, "g%04d-", g);
  for (const auto& e : fs::directory_iterator(run / "games"))
    if (e.path().filename().string().rfind(prefix, 0) == 0 && e.path().extension() == ".bpgn")
      for (const auto& game : read_bpgn_file(e.path().string())) names.insert(game.tag("WhiteA"));
  return names;
}

TEST(TrainCommand, SelfPlayWithTheBestNetWhenAsked) {
  // With no arena against the best, the best stays the initial net: under selfplay_net =
  // "best" generation 2 still plays with gen 0; by default it plays with gen 1.
  fs::path dir = fresh_dir("train_best");
  std::string text = kTinyConfig;
  text.replace(text.find("games_vs_best = 2"), 17, "games_vs_best = 0");
  const std::string best = text + "selfplay_net = \"best\"\n";
  ASSERT_EQ(run({"train", "--config", write_config(dir, best).string(), "--run", (dir / "best").string()}, dir / "out.txt"), 0)
      << read_text(dir / "out.txt");
  EXPECT_EQ(selfplay_players(dir / "best", 2), std::set<std::string>{"gen 0 (1x8)"});
  ASSERT_EQ(run({"train", "--config", write_config(dir, text).string(), "--run", (dir / "latest").string()}, dir / "out.txt"), 0)
      << read_text(dir / "out.txt");
  EXPECT_EQ(selfplay_players(dir / "latest", 2), std::set<std::string>{"gen 1 (1x8)"});
  EXPECT_EQ(selfplay_players(dir / "latest", 1), std::set<std::string>{"gen 0 (1x8)"});
  fs::remove_all(dir);
}

// [run] bootstrap names the teacher of the first generations: the tactical evaluator plays
// generation 1's self-play, the net generation 2's.
TEST(TrainCommand, ATacticalTeacherPlaysTheBootstrapGenerations) {
  fs::path dir = fresh_dir("train_teacher");
  const std::string text = std::string(kTinyConfig) + "bootstrap = \"tactical\"\nbootstrap_generations = 1\n";
  ASSERT_EQ(run({"train", "--config", write_config(dir, text).string(), "--run", (dir / "run").string()}, dir / "out.txt"), 0)
      << read_text(dir / "out.txt");
  EXPECT_EQ(selfplay_players(dir / "run", 1), std::set<std::string>{"tactical (bootstrap)"});
  EXPECT_EQ(selfplay_players(dir / "run", 2), std::set<std::string>{"gen 1 (1x8)"});
  fs::remove_all(dir);
}

// net_visits > 0 lets a network's search judge fresh nodes tactically first
// (mcts/search_config.h); a teacher without a network has nothing to hand them to, so it
// searches every leaf itself: with one worker and one seed, the bootstrap generation plays
// the same matches with the same number of evaluations whatever net_visits says.
TEST(TrainCommand, ATeacherWithoutANetIgnoresNetVisits) {
  fs::path dir = fresh_dir("train_teacher_lazy");
  std::string text = std::string(kTinyConfig) + "bootstrap = \"tactical\"\nbootstrap_generations = 1\n";
  text.replace(text.find("generations = 2"), 15, "generations = 1");
  text.replace(text.find("[selfplay]\n"), 11, "[selfplay]\nworkers = 1\n");
  auto generation_one = [&](const std::string& name, const std::string& config) {
    ASSERT_EQ(run({"train", "--config", write_config(dir, config).string(), "--run", (dir / name).string()}, dir / "out.txt"), 0)
        << read_text(dir / "out.txt");
  };
  generation_one("plain", text);
  std::string lazy = text;
  lazy.replace(lazy.find("visits = 8\n"), 11, "visits = 8\nnet_visits = 2\n");
  generation_one("lazy", lazy);
  auto selfplay_line = [&](const std::string& name) {
    for (auto& l : read_metrics((dir / name / "metrics.jsonl").string()))
      if (l.text("kind") == "selfplay") return l;
    ADD_FAILURE() << name << ": no self-play line";
    return JsonLine{};
  };
  const JsonLine plain = selfplay_line("plain"), with_net_visits = selfplay_line("lazy");
  ASSERT_TRUE(plain.number("evaluations"));
  EXPECT_GT(*plain.number("evaluations"), *plain.number("moves"));
  EXPECT_EQ(with_net_visits.number("evaluations"), plain.number("evaluations"));
  EXPECT_EQ(with_net_visits.number("moves"), plain.number("moves"));
  EXPECT_EQ(with_net_visits.number("samples"), plain.number("samples"));
  fs::remove_all(dir);
}

TEST(TrainCommand, StartsFromImportedGames) {
  fs::path dir = fresh_dir("train_import");
  std::string text = kTinyConfig;
  text.replace(text.find("generations = 2"), 15, "generations = 1");
  fs::path config = write_config(dir, text);
  fs::path runs = dir / "run";
  ASSERT_EQ(run({"import", "--bpgn", std::string(BUGHOUSE_TEST_DATA) + "/match_replays.bpgn", "--out",
                 (runs / "chunks").string()},
                dir / "import.txt"),
            0)
      << read_text(dir / "import.txt");
  const std::string imported = read_text(dir / "import.txt");
  // 44 of the 50 shared matches: the other six end stuck, a draw under the default rules
  // but a loss in their records (played under stuck_rule = flag), and are refused. Their
  // 2976 moves less the 61 forced ones (the only legal move; BpgnImport's test checks the
  // skipping ply by ply against core's move generator) are the samples.
  EXPECT_NE(imported.find("imported 44 games, 2915 samples"), std::string::npos) << imported;

  ASSERT_EQ(run({"train", "--config", config.string(), "--run", runs.string()}, dir / "out.txt"), 0) << read_text(dir / "out.txt");
  EXPECT_NE(read_text(dir / "out.txt").find("1 chunk files already in"), std::string::npos) << read_text(dir / "out.txt");
  auto gens = generation_lines(runs);
  ASSERT_EQ(gens.size(), 1u);
  EXPECT_GT(gens[0].number("samples_total").value_or(0), 2915);
  fs::remove_all(dir);
}

}  // namespace
}  // namespace bh
