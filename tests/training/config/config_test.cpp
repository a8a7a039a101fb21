// The run configuration: configs/quick.toml loads; an unknown section or key, a wrong type,
// an out-of-range value, a bad rule option and a syntax error are each an error that names
// the file, the line and the key.
#include <gtest/gtest.h>

#include "training/config/config.h"

namespace bh {
namespace {

// Expects parse_config to fail with a message containing every one of `parts`.
void expect_error(const std::string& toml, std::initializer_list<std::string> parts) {
  try {
    parse_config(toml, "run.toml");
    ADD_FAILURE() << "accepted:\n" << toml;
  } catch (const ConfigError& e) {
    const std::string msg = e.what();
    for (const auto& p : parts) EXPECT_NE(msg.find(p), std::string::npos) << "'" << p << "' not in: " << msg;
  }
}

TEST(Config, QuickConfigLoadsAndIsComplete) {
  const Config c = load_config(std::string(BUGHOUSE_CONFIGS) + "/quick.toml");
  EXPECT_EQ(c.clock.initial_ms, 60'000);
  EXPECT_EQ(c.search.visits, 64);
  EXPECT_EQ(c.think.wait_ms, 500);
  EXPECT_EQ(c.rules, RuleSet::bughouse());
  const SelfPlayConfig s = c.selfplay_config();
  EXPECT_EQ(s.clock, c.clock);
  EXPECT_EQ(s.search.visits, 64);
  EXPECT_EQ(s.cheap_visits, 24);
  EXPECT_NO_THROW(s.validate());
}

// `variant = "chess"` sets chess's whole rule set; the other options of the section apply
// on top of it wherever they stand in the file (options apply in core's option order).
TEST(Config, TheVariantComesFirstWhereverItIsWritten) {
  const Config c = parse_config("[rules]\ndrop_check = false\nmove_limit = 300\nvariant = \"chess\"\n", "run.toml");
  EXPECT_TRUE(c.rules.is_chess());
  EXPECT_FALSE(c.rules.drop_check);
  EXPECT_EQ(c.rules.move_limit, 300);
}

// core/RULES.md "Option spellings": options that cannot be played together are refused,
// the error pointing at the line of the option that cannot join the others.
TEST(Config, OptionsThatCannotBePlayedTogetherAreRefused) {
  expect_error("[rules]\nvariant = \"chess\"\npromotion = \"reserve\"\n",
               {"run.toml:3", "rules.promotion", "chess has none"});
  expect_error("[rules]\ndrop_zone = \"middle\"\npawn_drop_first_rank = true\n", {"run.toml:2", "rules.drop_zone"});
}

// core/RULES.md "Three or more boards": a configuration may ask for a row (the arena plays
// it with the built-in players); a command that plays two boards refuses it by name.
TEST(Config, ARowOfBoardsIsReadAndRefusedWhereTwoBoardsArePlayed) {
  const Config row = parse_config("[rules]\nboards = 3\n", "row.toml");
  EXPECT_EQ(row.rules.boards, 3);
  try {
    require_two_boards(row, "`bughouse train`");
    ADD_FAILURE() << "a row accepted";
  } catch (const ConfigError& e) {
    EXPECT_NE(std::string(e.what()).find("row.toml: [rules] boards = 3: `bughouse train` plays two boards"), std::string::npos)
        << e.what();
  }
  EXPECT_NO_THROW(require_two_boards(parse_config("", "two.toml"), "`bughouse train`"));
  expect_error("[rules]\nboards = 9\n", {"run.toml:2", "rules.boards", "2..8"});
  expect_error("[rules]\nboards = 3\nboth_games = true\n", {"rules.boards", "ends with its first game"});
}

TEST(Config, EmptyFileGivesTheDefaults) {
  const Config c = parse_config("", "empty.toml");
  EXPECT_EQ(c.clock, TimeControl{});
  EXPECT_EQ(c.search.visits, SearchConfig{}.visits);
  EXPECT_EQ(c.rules, RuleSet{});
}

TEST(Config, ReadsEveryKind) {
  const Config c = parse_config(R"(
[rules]
mate_rule = "classic"
drop_check = false
move_limit = 300
[clock]
initial_seconds = 300
increment_seconds = 5
think_model = "fixed"
think_fixed_ms = 2000
[search]
cpuct = 2          # an integer where a number is expected
gumbel = true
net_visits = 3
[selfplay]
seed = 77
)", "run.toml");
  EXPECT_EQ(c.rules.mate_rule, MateRule::Classic);
  EXPECT_FALSE(c.rules.drop_check);
  EXPECT_EQ(c.rules.move_limit, 300);
  EXPECT_EQ(c.clock, (TimeControl{300'000, 5'000}));
  EXPECT_EQ(c.think.kind, ThinkKind::Fixed);
  EXPECT_EQ(c.think.fixed_ms, 2000);
  EXPECT_EQ(c.search.cpuct, 2.0f);
  EXPECT_TRUE(c.search.gumbel);
  EXPECT_EQ(c.search.net_visits, 3);
  EXPECT_EQ(c.selfplay_config().seed, 77u);
  EXPECT_EQ(c.selfplay_config().rules.move_limit, 300);
}

TEST(Config, UnknownKeyNamesKeyFileAndLine) {
  expect_error("[search]\nvisits = 10\nvisitz = 20\n", {"run.toml:3:", "unknown key search.visitz", "visits"});
  expect_error("[rules]\nmate_rul = \"classic\"\n", {"run.toml:2:", "unknown key rules.mate_rul", "mate_rule"});
}

TEST(Config, UnknownSectionIsAnError) {
  expect_error("[serch]\nvisits = 1\n", {"run.toml:1:", "unknown section [serch]", "search"});
  expect_error("visits = 1\n", {"run.toml:1:", "unknown section [visits]"});
  expect_error("search = 3\n", {"run.toml:1:", "must be a section [search]"});
}

TEST(Config, WrongTypeNamesTheKey) {
  expect_error("[search]\nvisits = \"many\"\n", {"run.toml:2:", "search.visits", "must be an integer"});
  expect_error("[search]\ngumbel = 1\n", {"run.toml:2:", "search.gumbel", "true or false"});
  expect_error("[clock]\nthink_model = 3\n", {"run.toml:2:", "clock.think_model", "lognormal, fixed"});
  expect_error("[rules]\ndrop_check = 1.5\n", {"run.toml:2:", "rules.drop_check"});
}

TEST(Config, OutOfRangeNamesTheKeyAndTheRange) {
  expect_error("[search]\nvisits = 0\n", {"run.toml:2:", "search.visits", "[1, 1000000]", "got 0"});
  expect_error("[search]\nnet_visits = -1\n", {"run.toml:2:", "search.net_visits", "[0, 1000000]", "got -1"});
  expect_error("[selfplay]\nfull_search_fraction = 1.5\n", {"selfplay.full_search_fraction", "[0, 1]"});
  expect_error("[clock]\nwait_ms = 15\n", {"run.toml:2:", "clock.wait_ms", "multiple of 10"});
  expect_error("[rules]\nmove_limit = 0\n", {"run.toml:2:", "rules.move_limit", "1..100000"});
  expect_error("[rules]\nmate_rule = \"maybe\"\n", {"run.toml:2:", "rules.mate_rule", "bughouse, classic"});
}

TEST(Config, SyntaxErrorNamesTheLine) {
  expect_error("[search]\nvisits = = 3\n", {"run.toml:2:"});
}

TEST(Config, MissingFileIsAnError) {
  try {
    load_config("/nonexistent/run.toml");
    ADD_FAILURE();
  } catch (const ConfigError& e) {
    EXPECT_NE(std::string(e.what()).find("/nonexistent/run.toml"), std::string::npos);
  }
}

}  // namespace
}  // namespace bh

namespace bh {
namespace {

TEST(Config, TrainingSectionsReadAndCheck) {
  const Config c = parse_config(R"(
[network]
blocks = 3
channels = 24
precision = "fp32"
[training]
optimizer = "adamw"
learning_rate = 0.001
lr_schedule = "cosine"
max_window_passes = 1.5
window_min = 1000
window_max = 2000
[evaluation]
games_vs_greedy = 4
[run]
matches_per_generation = 10
max_minutes = 1.5
)", "run.toml");
  EXPECT_EQ(c.network.net.blocks, 3);
  EXPECT_EQ(c.network.net.channels, 24);
  EXPECT_EQ(c.network.precision, "fp32");
  EXPECT_EQ(c.training.optimizer, "adamw");
  EXPECT_EQ(c.training.lr_schedule, "cosine");
  EXPECT_EQ(c.training.max_window_passes, 1.5);
  EXPECT_EQ(c.evaluation.games_vs_greedy, 4);
  EXPECT_EQ(c.run.max_minutes, 1.5);
  EXPECT_NE(c.text.find("[network]"), std::string::npos);
}

TEST(Config, TrainingSectionErrorsNameKeyAndLine) {
  expect_error("[training]\noptimiser = \"sgd\"\n", {"run.toml:2:", "unknown key training.optimiser"});
  expect_error("[training]\noptimizer = \"lbfgs\"\n", {"run.toml:2:", "training.optimizer", "sgd, adamw"});
  expect_error("[training]\nbatch_size = \"big\"\n", {"run.toml:2:", "training.batch_size"});
  expect_error("[training]\nmax_window_passes = -1\n", {"run.toml:2:", "training.max_window_passes"});
  expect_error("[training]\nwindow_min = 10\nwindow_max = 5\n", {"training.window_max", "at least window_min"});
  expect_error("[network]\nchannels = 0\n", {"run.toml:2:", "network.channels"});
  expect_error("[network]\ndevice = \"tpu\"\n", {"network.device", "cpu, cuda"});
  expect_error("[network]\nprecision = \"fp16\"\n", {"run.toml:2:", "network.precision", "auto, fp32, bf16"});
  // The tactical value's scale belongs to a residual net (nn/SPEC.md "Tactical residual").
  expect_error("[network]\ntactical_scale = 600\n", {"run.toml:2:", "network.tactical_scale", "tactical_residual"});
  expect_error("[network]\ntactical_residual = true\ntactical_scale = 10\n", {"run.toml:3:", "network.tactical_scale"});
  expect_error("[network]\ntactical_placement = false\n", {"run.toml:2:", "network.tactical_placement", "tactical_residual"});
  const Config legacy = parse_config("[network]\ntactical_residual = true\ntactical_scale = 600\n", "run.toml");
  EXPECT_EQ(legacy.network.net.tactical_scale, 600);
  const Config before_placement =
      parse_config("[network]\ntactical_residual = true\ntactical_placement = false\n", "run.toml");
  EXPECT_FALSE(before_placement.network.net.tactical_placement);
  expect_error("[run]\nmax_minutes = -1\n", {"run.toml:2:", "run.max_minutes"});
  expect_error("[evaluation]\npromote_score = 2\n", {"evaluation.promote_score"});
  expect_error("[evaluation]\npromote_greedy_margin = -0.1\n", {"run.toml:2:", "evaluation.promote_greedy_margin"});
  expect_error("[evaluation]\npromote_tactical_margin = 1.5\n", {"run.toml:2:", "evaluation.promote_tactical_margin"});
  expect_error("[evaluation]\npromote_tactical_margin = -1.5\n", {"run.toml:2:", "evaluation.promote_tactical_margin"});
  expect_error("[evaluation]\npromote_tactical_games = -1\n", {"run.toml:2:", "evaluation.promote_tactical_games"});
  expect_error("[run]\nselfplay_net = \"newest\"\n", {"run.toml:2:", "run.selfplay_net", "latest, best"});
}

TEST(Config, SelfPlayNetAndPromotionMargins) {
  const Config c = parse_config("[run]\nselfplay_net = \"best\"\n[evaluation]\npromote_greedy_margin = 0.1\n"
                                "promote_tactical_margin = 0.05\npromote_tactical_games = 80\n", "run.toml");
  EXPECT_EQ(c.run.selfplay_net, "best");
  EXPECT_EQ(c.evaluation.promote_greedy_margin, 0.1);
  EXPECT_EQ(c.evaluation.promote_tactical_margin, 0.05);
  EXPECT_EQ(c.evaluation.promote_tactical_games, 80);
  // A negative tactical margin: the new net must beat the bar by that much (promotion.h).
  EXPECT_EQ(parse_config("[evaluation]\npromote_tactical_margin = -0.04\n", "run.toml").evaluation.promote_tactical_margin,
            -0.04);
  const Config d = parse_config("", "run.toml");
  EXPECT_EQ(d.run.selfplay_net, "latest");             // the net just trained, as before
  EXPECT_EQ(d.evaluation.promote_greedy_margin, 1);    // no greedy check
  EXPECT_EQ(d.evaluation.promote_tactical_margin, 1);  // no tactical check ...
  EXPECT_EQ(d.evaluation.promote_tactical_games, 0);   // ... and no matches for it
}

}  // namespace
}  // namespace bh

namespace bh {
namespace {

TEST(Config, DefaultConfigLoads) {
  const Config c = load_config(std::string(BUGHOUSE_CONFIGS) + "/default.toml");
  EXPECT_EQ(c.network.net.blocks, 10);
  EXPECT_EQ(c.network.device, "cuda");
  EXPECT_TRUE(c.search.allow_wait);
  EXPECT_EQ(c.clock.initial_ms, 180'000);
}

}  // namespace
}  // namespace bh
