// Specification of `bughouse arena` on a row of three boards as a program (core/RULES.md
// "Three or more boards"): a configuration's `[rules] boards = 3` plays the row between
// built-in players, prints its results and writes records that replay; a player a row
// does not have, and a command that plays two boards, are refused naming the player or the
// file and the key.
#include <gtest/gtest.h>

#include <fstream>
#include <string>

#include "core/bpgn.h"
#include "tests/training/commands/process.h"

namespace bh {
namespace {

namespace fs = std::filesystem;

// The quick configuration with boards = 3 beside it.
fs::path row_config(const fs::path& dir) {
  const fs::path path = dir / "row.toml";
  std::ofstream(path) << "[rules]\nboards = 3\n\n[clock]\ninitial_seconds = 60\n";
  return path;
}

TEST(ArenaCommand, PlaysARowOfThreeBoardsFromAConfiguration) {
  const fs::path dir = fresh_dir("arena_command_row");
  const fs::path config = row_config(dir), records = dir / "row.bpgn", log = dir / "arena.log";
  ASSERT_EQ(run({"arena", "--a", "tactical", "--b", "random", "--games", "4", "--threads", "2", "--config",
                 config.string(), "--bpgn", records.string(), "--visits", "8"},
                log),
            0)
      << read_text(log);
  const std::string out = read_text(log);
  EXPECT_NE(out.find("4 matches on 3 boards at 60s+0 (model think times, search at 8 visits)"), std::string::npos) << out;
  EXPECT_NE(out.find("A = tactical, B = random"), std::string::npos) << out;
  const std::vector<BpgnGame> games = read_bpgn_file(records.string());
  ASSERT_EQ(games.size(), 4u);
  for (const BpgnGame& g : games) {
    EXPECT_EQ(g.tag("Rules"), "boards=3");
    const Table t = replay_row(g, record_rules(g, RuleSet{}));
    EXPECT_EQ(t.boards(), 3);
    EXPECT_EQ(t.moves_played(), int(g.plies.size()));
  }
}

TEST(ArenaCommand, RefusesWhatARowDoesNotPlayAndTwoBoardCommandsRefuseARow) {
  const fs::path dir = fresh_dir("arena_command_refusals");
  const fs::path config = row_config(dir), log = dir / "out.log";
  EXPECT_EQ(run({"arena", "--a", "fresh", "--b", "random", "--config", config.string()}, log), 1);
  EXPECT_NE(read_text(log).find("'fresh' does not play on a row of three or more boards"), std::string::npos)
      << read_text(log);
  EXPECT_EQ(run({"selfplay", "--config", config.string(), "--games", "1", "--out", (dir / "sp").string()}, log), 1);
  EXPECT_NE(read_text(log).find("row.toml: [rules] boards = 3: `bughouse selfplay` plays two boards"),
            std::string::npos)
      << read_text(log);
  EXPECT_FALSE(fs::exists(dir / "sp" / "games"));
}

}  // namespace
}  // namespace bh
