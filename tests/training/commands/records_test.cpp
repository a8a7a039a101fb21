// Specification of the records: the games `bughouse selfplay` writes read back, replay
// through core move by move with their clock stamps, and write out again identically;
// a record with an illegal move is refused with the game and the move number.
#include <gtest/gtest.h>

#include <filesystem>
#include <sstream>

#include <unistd.h>

#include "core/bpgn.h"
#include "core/parse_error.h"
#include "training/players/subprocess.h"

namespace bh {
namespace {

using namespace std::chrono_literals;

TEST(Records, SelfPlayGamesRoundTripThroughBpgn) {
  const auto dir = std::filesystem::temp_directory_path() / ("records_selfplay_" + std::to_string(::getpid()));
  std::filesystem::remove_all(dir);
  {
    Subprocess sp({BUGHOUSE_CLI, "selfplay", "--config", std::string(BUGHOUSE_CONFIGS) + "/quick.toml", "--games", "3",
                   "--workers", "1", "--out", dir.string()},
                  "bughouse selfplay");
    sp.close_input();
    for (;;) {
      try {
        if (!sp.read_line(60s)) FAIL() << "selfplay is silent";
      } catch (const EngineError&) {
        break;  // it ended
      }
    }
    EXPECT_EQ(sp.status_text(), "exited with status 0");
  }
  int games = 0;
  for (const auto& file : std::filesystem::directory_iterator(dir / "games")) {
    for (const BpgnGame& g : read_bpgn_file(file.path().string())) {
      ++games;
      const Match m = replay(g, RuleSet{});  // every move legal, at its clock's time
      EXPECT_TRUE(m.over());
      EXPECT_EQ(result_string(m.outcome()), g.result);
      for (const BpgnPly& p : g.plies) EXPECT_TRUE(p.clock_ms.has_value()) << "move without a clock stamp";
      // Written again from the replayed match, the record reads back the same.
      std::istringstream again(write_bpgn(m, g.tags));
      const auto back = read_bpgn(again, "rewritten");
      ASSERT_EQ(back.size(), 1u);
      ASSERT_EQ(back[0].plies.size(), g.plies.size());
      for (std::size_t i = 0; i < g.plies.size(); ++i) {
        EXPECT_EQ(back[0].plies[i].text, g.plies[i].text);
        EXPECT_EQ(back[0].plies[i].board, g.plies[i].board);
        EXPECT_EQ(back[0].plies[i].clock_ms, g.plies[i].clock_ms);
      }
      EXPECT_EQ(back[0].result, g.result);
      EXPECT_EQ(back[0].reason, g.reason);
    }
  }
  EXPECT_EQ(games, 3);
  std::filesystem::remove_all(dir);
}

TEST(Records, AnIllegalMoveIsRefusedWithGameAndMoveNumber) {
  std::istringstream in(
      "[Event \"ok\"]\n\n1A. e4 1a. e5 1B. d4 *\n\n"
      "[Event \"bad\"]\n\n1A. e4 1B. d4 1a. e5 2A. Ke3 *\n");
  const auto games = read_bpgn(in, "test.bpgn");
  ASSERT_EQ(games.size(), 2u);
  EXPECT_NO_THROW(replay(games[0], RuleSet{}));
  try {
    replay(games[1], RuleSet{});
    FAIL() << "an illegal move was replayed";
  } catch (const ParseError& e) {
    const std::string what = e.what();
    EXPECT_NE(what.find("game 2"), std::string::npos) << what;
    EXPECT_NE(what.find("move 2A. Ke3"), std::string::npos) << what;
  }
}

}  // namespace
}  // namespace bh
