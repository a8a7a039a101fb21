// Specification of the arena: both team colourings, every match recorded, scores from
// side A's view, and a stronger baseline actually beats a weaker one.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <mutex>

#include <unistd.h>

#include "core/bpgn.h"
#include "core/recorded_ending.h"
#include "mcts/greedy_player.h"
#include "mcts/random_player.h"
#include "training/players/arena.h"
#include "training/players/table_arena.h"

namespace bh {
namespace {

ArenaSide random_side() {
  return {"random", [](std::uint64_t seed) { return std::make_unique<RandomPlayer>(TimeModel(), seed); }};
}
ArenaSide greedy_side() {
  return {"greedy", [](std::uint64_t seed) { return std::make_unique<GreedyPlayer>(TimeModel(), seed); }};
}

// `games` matches on two threads at 1+0, each recorded to a fresh file `path`.
ArenaConfig recorded_arena(int games, const std::filesystem::path& path) {
  std::filesystem::remove(path);
  ArenaConfig config;
  config.games = games;
  config.threads = 2;
  config.clock = TimeControl{60'000, 0};
  config.bpgn_path = path.string();
  return config;
}

TEST(Arena, GreedyBeatsRandomInBothColourings) {
  auto path = std::filesystem::temp_directory_path() / "arena_test.bpgn";
  const ArenaConfig config = recorded_arena(20, path);
  int team1_games = 0;
  ArenaResult r = run_arena(greedy_side(), random_side(), config, [&](int i, const Match&, const ArenaResult&) {
    if (i % 2 == 0) ++team1_games;
  });
  EXPECT_EQ(r.games(), 20);
  EXPECT_EQ(team1_games, 10);
  // A one-ply material mover against random moves: it should win nearly everything.
  EXPECT_GE(r.score(), 0.8) << r.wins << "/" << r.draws << "/" << r.losses;
  EXPECT_GT(r.elo().elo, 200);
  auto games = read_bpgn_file(path.string());
  ASSERT_EQ(games.size(), 20u);
  EXPECT_EQ(games[0].tag("WhiteA"), "greedy");
  EXPECT_EQ(games[1].tag("WhiteA"), "random");
  for (const auto& g : games) replay(g, RuleSet{}, TimeControl{60'000, 0});  // every move legal
  std::filesystem::remove(path);
}

TEST(Arena, SwappingSidesMirrorsTheScore) {
  ArenaConfig config;
  config.games = 6;
  config.clock = TimeControl{60'000, 0};
  ArenaResult ab = run_arena(greedy_side(), random_side(), config);
  ArenaResult ba = run_arena(random_side(), greedy_side(), config);
  EXPECT_EQ(ab.wins + ab.draws + ab.losses, ba.wins + ba.draws + ba.losses);
  EXPECT_GT(ab.score(), 0.5);
  EXPECT_LT(ba.score(), 0.5);
}

// Pooling arenas (the promotion bar pools a net's matches against the tactical
// evaluator, training/loop/promotion.h): the pooled result is that of all the matches,
// each arena weighted by its number of matches, its endings counted together.
TEST(Arena, PoolingTwoArenasCountsEveryMatchOfBoth) {
  ArenaConfig config;
  config.clock = TimeControl{60'000, 0};
  config.games = 4;
  config.seed = 1;
  const ArenaResult a = run_arena(random_side(), greedy_side(), config);
  config.games = 6;
  config.seed = 2;
  const ArenaResult b = run_arena(random_side(), greedy_side(), config);
  ArenaResult pooled = a;
  pooled += b;
  EXPECT_EQ(pooled.games(), 10);
  EXPECT_EQ(pooled.wins, a.wins + b.wins);
  EXPECT_EQ(pooled.draws, a.draws + b.draws);
  EXPECT_EQ(pooled.losses, a.losses + b.losses);
  EXPECT_DOUBLE_EQ(pooled.score(), (4 * a.score() + 6 * b.score()) / 10);
  int endings = 0;
  for (const auto& [kind, n] : pooled.endings) {
    const auto in = [&](const ArenaResult& r) { return r.endings.count(kind) ? r.endings.at(kind) : 0; };
    EXPECT_EQ(n, in(a) + in(b)) << kind;
    endings += n;
  }
  EXPECT_EQ(endings, 10);
}

// core/RULES.md "Both games played out": the arena plays every match until both games are
// over, and every record replays to the same ending.
TEST(Arena, UnderBothGamesEveryMatchPlaysBothGamesOut) {
  auto path = std::filesystem::temp_directory_path() / "arena_both_games_test.bpgn";
  ArenaConfig config = recorded_arena(8, path);
  set_option(config.rules, "both_games", "true");
  const ArenaResult r = run_arena(greedy_side(), random_side(), config);
  EXPECT_EQ(r.games(), 8);
  EXPECT_EQ(r.endings.size(), 1u);
  EXPECT_EQ(r.endings.begin()->first, "games");
  EXPECT_GT(r.score(), 0.5) << r.wins << "/" << r.draws << "/" << r.losses;
  for (const BpgnGame& g : read_bpgn_file(path.string())) {
    Match again = replay(g, config.rules, config.clock);
    const std::optional<Outcome> recorded = parse_outcome_tag(g.reason);
    ASSERT_TRUE(recorded) << g.reason;
    finish_as_recorded(again, *recorded);
    EXPECT_EQ(again.outcome().tag(), g.reason);
  }
  std::filesystem::remove(path);
}

// core/RULES.md "King capture": no check must be answered, and the greedy player takes the
// king it is offered, which random moves offer soon.
TEST(Arena, UnderKingCaptureTheGreedyPlayerTakesKings) {
  ArenaConfig config;
  config.games = 8;
  config.threads = 2;
  config.clock = TimeControl{60'000, 0};
  set_option(config.rules, "king_capture", "true");
  const ArenaResult r = run_arena(greedy_side(), random_side(), config);
  EXPECT_GE(r.endings.count("king-taken") ? r.endings.at("king-taken") : 0, 6) << r.wins << "/" << r.draws << "/" << r.losses;
  EXPECT_GE(r.wins, 6);
}

// core/RULES.md "Three or more boards": on a row the arena seats the built-in players,
// both colourings in turn, counts every match once from side A's view, writes each match's
// record in match order (replayed here to its ending), and refuses a player or a rule set
// a row does not play before any match.
TEST(Arena, ARowOfThreeBoardsSeatsTheBuiltInPlayersInBothColourings) {
  const auto path = std::filesystem::temp_directory_path() / ("arena_row_" + std::to_string(::getpid()) + ".bpgn");
  std::filesystem::remove(path);
  TableArenaConfig config;
  config.games = 6;
  config.threads = 2;
  config.clock = TimeControl{60'000, 0};
  config.bpgn_path = path.string();
  set_option(config.rules, "boards", "3");
  std::vector<int> seen;
  std::mutex lock;
  const ArenaResult r = run_table_arena("greedy", "random", config, [&](int i, const Table& t, const ArenaResult&) {
    std::lock_guard guard(lock);
    seen.push_back(i);
    EXPECT_EQ(t.boards(), 3);
    EXPECT_TRUE(t.over());
  });
  EXPECT_EQ(r.games(), 6);
  EXPECT_EQ(seen.size(), 6u);
  EXPECT_GE(r.wins, 5) << r.wins << "/" << r.draws << "/" << r.losses;  // greedy over random, in both colourings
  const std::vector<BpgnGame> records = read_bpgn_file(path.string());
  ASSERT_EQ(records.size(), 6u);
  for (const BpgnGame& g : records) {
    EXPECT_EQ(g.tag("Round"), std::to_string(&g - records.data() + 1));
    EXPECT_EQ(g.tag("WhiteC"), g.index % 2 ? "greedy" : "random");  // C-white plays for team 1
    Table again = replay_row(g, record_rules(g, RuleSet{}));
    const std::optional<Outcome> recorded = parse_outcome_tag(g.reason, 3);
    ASSERT_TRUE(recorded) << g.reason;
    if (!again.over()) again.advance_to(again.flag_time(board_of(recorded->seat)));  // a flag the moves do not show
    EXPECT_EQ(again.outcome().tag(), g.reason);
  }
  std::filesystem::remove(path);
  EXPECT_THROW(run_table_arena("fresh", "random", config), std::invalid_argument);  // a network
  set_option(config.rules, "both_games", "true");
  EXPECT_THROW(run_table_arena("greedy", "random", config), std::invalid_argument);
}

}  // namespace
}  // namespace bh
