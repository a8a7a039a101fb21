// config.h — a run's configuration from a TOML file (configs/*.toml). Strict: an unknown
// section or key, a value of the wrong type or out of range is a ConfigError naming the
// file, the line and the key. Sections: [rules] (every RuleSet option of core/RULES.md by its
// name), [clock] (time control and the simulated players' time model), [search],
// [selfplay], [network], [training], [evaluation], [run] and [broker]. To add a section: a struct
// member here, a read_<section> function in config.cpp, and its name in the section
// table there.
#pragma once

#include <filesystem>
#include <string>
#include <string_view>

#include "core/match.h"
#include "core/rules.h"
#include "mcts/search_config.h"
#include "mcts/selfplay_config.h"
#include "mcts/time_model.h"
#include "nn/net_config.h"
#include "training/config/config_reader.h"

namespace bh {

// [network]: the net's shape (nn/net_config.h) and how self-play and the arena run it.
struct NetworkSettings {
  NetConfig net;
  std::string precision = "auto";  // inference: auto | fp32 | bf16 (nn/inference_net.h parse_precision)
  std::string device = "cpu";      // cpu | cuda | cuda:N (falls back to cpu, saying so)
  std::uint64_t seed = 1;          // initial weights
};

// [training]: the optimiser loop and the replay window.
struct TrainingSettings {
  std::string optimizer = "sgd";       // sgd (Nesterov momentum) | adamw
  double learning_rate = 0.02;
  double momentum = 0.9;               // sgd
  // Of the convolution and linear weights (not biases, not batch norm). AdamW's is
  // decoupled: each step shrinks the weights by learning_rate x weight_decay, so it wants
  // values near 0.01-0.1 (1e-4 at a learning rate of 0.002 shrinks them by about 0.03%
  // over an hour's run: no regularisation). SGD's is an L2 term in the gradient.
  double weight_decay = 1e-4;
  std::string lr_schedule = "constant";  // constant | steps | cosine
  int warmup_steps = 100;              // linear warm-up from 0
  int lr_step_every = 10'000;          // steps: multiply the rate by lr_step_factor this often
  double lr_step_factor = 0.3;
  std::int64_t cosine_steps = 100'000; // cosine: steps from the peak to lr_min_factor x peak
  double lr_min_factor = 0.05;
  int batch_size = 256;
  int steps_per_generation = 200;
  // While the window is small, fewer steps: a generation draws at most this many times the
  // window's size in samples (0: always steps_per_generation). Without it the first
  // generations' few matches are drawn many times over (training/loop/README.md "Experiments").
  double max_window_passes = 0.0;
  double value_loss_weight = 1.0;
  double value_q_weight = 0.0;         // value target: (1 - w) x match result + w x search value
  double grad_clip = 10.0;             // max global gradient norm; 0 = off
  // The net that plays (self-play, arena, checkpoints) is the trained weights' moving
  // average over about this many steps; 0: the trained weights themselves (trainer.h).
  std::int64_t weight_average_steps = 0;
  std::int64_t window_min = 20'000;    // replay window: at least this many recent samples...
  std::int64_t window_max = 500'000;   // ... at most this many ...
  double window_growth = 0.5;          // ... growing by this fraction of the samples beyond window_min
  double recency_weight = 0.0;         // 0: uniform over the window; r > 0: density ~ exp(r * age fraction)
  int threads = 0;                     // LibTorch threads while training (0 = all cores)
  bool bf16_autocast = true;           // bf16 autocast on a CPU with bf16 in hardware (nn/README.md "bf16 and channels-last": ~2x)
};

// [evaluation]: the arena after each generation (new net vs previous best and baselines).
struct EvaluationSettings {
  // The yardstick that does not saturate: the tactical evaluator (mcts/simple_evaluators.h,
  // no network) searching with the same visits as the net.
  int games_vs_tactical = 16;
  // ... and, for a tactical-residual net, the net alone (its raw outputs, as an engine
  // running the export without the tactical terms would see them) against it.
  int games_net_alone_vs_tactical = 0;
  int games_vs_best = 16;
  int games_vs_random = 8;
  int games_vs_greedy = 16;
  int visits = 32;                     // search visits of the nets in the arena
  int threads = 0;                     // matches at once (0 = all cores)
  double promote_score = 0.55;         // the new net becomes the best at this score against it
  // ... and only when its score against greedy is no lower than the bar, the highest a
  // promoted net has shown (promotion.h), by more than this (1 = no such check): a fixed
  // opponent the chain of best nets cannot drift away from (training/loop/README.md
  // "Experiments").
  double promote_greedy_margin = 1.0;
  // ... and when its score against the tactical evaluator (its games_vs_tactical matches
  // and promote_tactical_games more, played only when it has won its promotion arena) is
  // no lower than the bar by more than this (1 = no such check; negative: above the bar
  // by at least as much): the yardstick that does not saturate (training/loop/README.md
  // "Experiments": 12 matches against the best let weaker nets through). The bar is the
  // player's score over all its matches against the tactical evaluator: those it was
  // promoted on and promote_tactical_games more played after its promotion (promotion.h).
  double promote_tactical_margin = 1.0;
  int promote_tactical_games = 0;
  // Held-out positions measured after every generation (training/loop/validation.h): a
  // BPGN file of matches the run never trains on, relative to the configuration file's
  // folder; copied into the run directory when the run starts. Empty: none.
  std::string validation;
};

// [broker]: distributed self-play (bughouse train --broker / bughouse worker).
struct BrokerSettings {
  int max_net_lag = 2;                 // accept chunks of nets up to this many generations old
  std::int64_t stream_max_len = 2000;  // chunks the stream keeps for a lagging trainer
  int heartbeat_seconds = 10;          // how often workers report
};

// [run]: how much to do.
struct RunSettings {
  int matches_per_generation = 64;
  int generations = 0;                 // stop after this many generations (0 = no limit)
  std::int64_t max_samples = 0;        // ... or this many self-play samples (0 = no limit)
  double max_minutes = 0;              // ... or this much wall time (0 = no limit)
  // A heuristic teacher for the first generations' self-play (embedded mode): "material"
  // searches with mcts/'s MaterialEvaluator (material balance as value, captures and
  // checks as priors), "tactical" with its TacticalEvaluator (material after the pending
  // captures, kings' danger), instead of the untrained net, so the first training data
  // already holds sensible play. "none": the net from its first weights (pure zero, or
  // the tactical evaluator itself for a tactical-residual net).
  std::string bootstrap = "none";
  int bootstrap_generations = 1;
  int bootstrap_matches = 0;           // matches in each bootstrap generation (0 = matches_per_generation)
  // The net that plays self-play: "latest" (the net just trained) or "best" (the best net
  // so far, as AlphaGo Zero's gate: a worse net never makes the training data).
  std::string selfplay_net = "latest";
};

struct Config {
  std::string source;  // the file it was read from (or the name given to parse_config)
  RuleSet rules;
  TimeControl clock;
  TimeModelConfig think;
  SearchConfig search;
  SelfPlayConfig selfplay;  // the [selfplay] keys; see selfplay_config()
  NetworkSettings network;
  TrainingSettings training;
  EvaluationSettings evaluation;
  RunSettings run;
  BrokerSettings broker;
  std::string text;         // the file's text, verbatim (saved with runs and checkpoints)

  // Everything self-play needs: [selfplay] with [rules], [clock] and [search] filled in.
  SelfPlayConfig selfplay_config() const;
};

// Throws ConfigError (the file cannot be read, TOML syntax, strictness, ranges).
Config load_config(const std::filesystem::path& path);
Config parse_config(std::string_view text, const std::string& source);
// Throws ConfigError naming the file and [rules] boards when the configuration asks for a
// row of three or more boards: `command` (its name, e.g. "`bughouse train`") plays two (the network and the search see two
// boards, nn/SPEC.md); only `bughouse arena` with the built-in players plays a row
// (core/RULES.md "Three or more boards").
void require_two_boards(const Config& config, std::string_view command);

// What each key is when a file leaves it out: section -> key -> value, typed as a file
// writes it (rule options as the text set_option accepts). The section readers record it
// themselves while reading into a fresh Config, so it cannot drift from them; configs/*.toml
// document the same values in brackets (tests/training/config/config_defaults_test.cpp).
toml::table config_defaults();

}  // namespace bh
