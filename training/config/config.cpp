// config.cpp — the sections of a run configuration and their keys.
#include "training/config/config.h"

#include <fstream>
#include <functional>
#include <sstream>
#include <utility>
#include <vector>

#include "core/rule_conflicts.h"

namespace bh {

namespace {

void read_rules(ConfigReader& r, Config& c) {
  // Not read through read(): the defaults are the text describe() writes, which
  // set_option reads back.
  for (const std::string& option : describe(c.rules)) {
    const std::size_t eq = option.find('=');
    r.note_default(option.substr(0, eq), option.substr(eq + 1));
  }
  // Every key is a RuleSet option (core/RULES.md); values may be written as strings, booleans
  // or integers and go through core's own parser, so the two can never disagree. They apply
  // in core's option order, not the file's: `variant` first, since choosing chess sets its
  // whole rule set, and the options written beside it go on top. Unknown keys are left to
  // finish(), which reports them with the list of known keys.
  for (const std::string_view name : option_names()) {
    const toml::node* found = r.table().get(name);
    if (!found) continue;
    const toml::node& node = *found;
    const std::string k(name);
    std::string value;
    if (node.is_string()) value = node.as_string()->get();
    else if (node.is_boolean()) value = node.as_boolean()->get() ? "true" : "false";
    else if (node.is_integer()) value = std::to_string(node.as_integer()->get());
    else r.fail(k, "must be a string, a boolean or an integer");
    try {
      set_option(c.rules, k, value);
    } catch (const std::invalid_argument& e) {
      r.fail(k, e.what());
    }
  }
  for (auto name : option_names()) r.mark_known(name);
  if (const RuleConflict conflict = rules_conflict(c.rules)) r.fail(conflict.option, conflict.why);
}

void read_clock(ConfigReader& r, Config& c) {
  std::int64_t initial = c.clock.initial_ms / 1000, increment = c.clock.increment_ms / 1000;
  r.read("initial_seconds", initial, 0, 86'400);
  r.read("increment_seconds", increment, 0, 3'600);
  c.clock = {initial * 1000, initial > 0 ? increment * 1000 : 0};

  TimeModelConfig& t = c.think;
  std::string model = TimeModelConfig::kind_name(t.kind);
  r.read_choice("think_model", model, {"lognormal", "fixed"});
  t.kind = model == "fixed" ? ThinkKind::Fixed : ThinkKind::LogNormal;
  r.read("think_fraction", t.clock_fraction, 1e-6, 1);
  r.read("think_sigma", t.sigma, 0, 3);
  r.read("think_min_ms", t.min_ms, 10, 600'000);
  r.read("think_fixed_ms", t.fixed_ms, 10, 3'600'000);
  r.read("think_untimed_ms", t.untimed_ms, 10, 3'600'000);
  r.read("wait_ms", t.wait_ms, 10, 600'000);
  for (auto [key, v] : {std::pair{"think_min_ms", t.min_ms}, {"think_fixed_ms", t.fixed_ms},
                        {"think_untimed_ms", t.untimed_ms}, {"wait_ms", t.wait_ms}})
    if (v % kTimeGridMs) r.fail(key, "must be a multiple of 10 ms (BPGN's clock grid), got " + std::to_string(v));
}

void read_search(ConfigReader& r, Config& c) {
  SearchConfig& s = c.search;
  r.read("visits", s.visits, 1, 1'000'000);
  r.read("cpuct", s.cpuct, 1e-6, 100);
  r.read("cpuct_base", s.cpuct_base, 1, 1e9);
  r.read("cpuct_factor", s.cpuct_factor, 0, 100);
  r.read("fpu_reduction", s.fpu_reduction, 0, 2);
  r.read("fpu_root_reduction", s.fpu_root_reduction, 0, 2);
  r.read("dirichlet_alpha", s.dirichlet_alpha, 1e-6, 1000);
  r.read("dirichlet_epsilon", s.dirichlet_epsilon, 0, 1);
  r.read("virtual_loss", s.virtual_loss, 0, 100);
  r.read("max_leaves_per_tree", s.max_leaves_per_tree, 1, 1024);
  r.read("gumbel", s.gumbel);
  r.read("gumbel_m", s.gumbel_m, 2, 1024);
  r.read("gumbel_c_visit", s.gumbel_c_visit, 0, 1e6);
  r.read("gumbel_c_scale", s.gumbel_c_scale, 1e-6, 1e6);
  r.read("allow_wait", s.allow_wait);
  r.read("reuse_tree", s.reuse_tree);
  r.read("net_visits", s.net_visits, 0, 1'000'000);
}

void read_selfplay(ConfigReader& r, Config& c) {
  SelfPlayConfig& s = c.selfplay;
  r.read("full_search_fraction", s.full_search_fraction, 0, 1);
  r.read("cheap_visits", s.cheap_visits, 1, 1'000'000);
  r.read("record_cheap", s.record_cheap);
  r.read("temperature_start", s.temperature_start, 0, 10);
  r.read("temperature_end", s.temperature_end, 0, 10);
  r.read("temperature_halflife", s.temperature_halflife, 1e-3, 1e6);
  r.read("resign_enabled", s.resign_enabled);
  r.read("resign_threshold", s.resign_threshold, -1, 0);
  r.read("resign_consecutive", s.resign_consecutive, 1, 1000);
  r.read("resign_min_moves", s.resign_min_moves, 0, 100'000);
  r.read("resign_playthrough", s.resign_playthrough, 0, 1);
  r.read("max_moves", s.max_moves, 0, 100'000);
  r.read("workers", s.workers, 0, 1024);
  r.read("concurrent_matches", s.concurrent_matches, 1, 4096);
  r.read("batch_size", s.batch_size, 0, 65'536);
  r.read("seed", s.seed);
  r.read("matches_per_chunk", s.matches_per_chunk, 1, 100'000);
}

void read_network(ConfigReader& r, Config& c) {
  NetworkSettings& n = c.network;
  r.read("blocks", n.net.blocks, 1, 64);
  r.read("channels", n.net.channels, 4, 1024);
  r.read("se", n.net.se);
  r.read("se_channels", n.net.se_channels, 1, 1024);
  r.read("value_channels", n.net.value_channels, 1, 256);
  r.read("value_hidden", n.net.value_hidden, 1, 4096);
  r.read("tactical_residual", n.net.tactical_residual);
  r.read("tactical_scale", n.net.tactical_scale, 50, 100000);
  if (!n.net.tactical_residual && n.net.tactical_scale != NetConfig::kCalibratedTacticalScale)
    r.fail("tactical_scale", "applies to a tactical_residual net only");
  r.read("tactical_placement", n.net.tactical_placement);
  if (!n.net.tactical_residual && !n.net.tactical_placement)
    r.fail("tactical_placement", "applies to a tactical_residual net only");
  r.read_choice("precision", n.precision, {"auto", "fp32", "bf16"});
  r.read("device", n.device);
  if (n.device != "cpu" && n.device != "cuda" && n.device.rfind("cuda:", 0) != 0)
    r.fail("device", "must be cpu, cuda or cuda:N, got '" + n.device + "'");
  r.read("seed", n.seed);
}

void read_training(ConfigReader& r, Config& c) {
  TrainingSettings& t = c.training;
  r.read_choice("optimizer", t.optimizer, {"sgd", "adamw"});
  r.read("learning_rate", t.learning_rate, 1e-7, 10);
  r.read("momentum", t.momentum, 0, 0.999);
  r.read("weight_decay", t.weight_decay, 0, 1);
  r.read_choice("lr_schedule", t.lr_schedule, {"constant", "steps", "cosine"});
  r.read("warmup_steps", t.warmup_steps, 0, 10'000'000);
  r.read("lr_step_every", t.lr_step_every, 1, 100'000'000);
  r.read("lr_step_factor", t.lr_step_factor, 1e-6, 1);
  r.read("cosine_steps", t.cosine_steps, 1, 1'000'000'000);
  r.read("lr_min_factor", t.lr_min_factor, 0, 1);
  r.read("batch_size", t.batch_size, 1, 65'536);
  r.read("steps_per_generation", t.steps_per_generation, 0, 10'000'000);
  r.read("max_window_passes", t.max_window_passes, 0, 1'000'000);
  r.read("value_loss_weight", t.value_loss_weight, 0, 100);
  r.read("value_q_weight", t.value_q_weight, 0, 1);
  r.read("grad_clip", t.grad_clip, 0, 1e6);
  r.read("weight_average_steps", t.weight_average_steps, 0, 1'000'000'000);
  r.read("window_min", t.window_min, 1, 1'000'000'000);
  r.read("window_max", t.window_max, 1, 1'000'000'000);
  r.read("window_growth", t.window_growth, 0, 1);
  r.read("recency_weight", t.recency_weight, 0, 100);
  r.read("threads", t.threads, 0, 1024);
  r.read("bf16_autocast", t.bf16_autocast);
  if (t.window_max < t.window_min)
    r.fail("window_max", "must be at least window_min (" + std::to_string(t.window_min) + ")");
}

void read_evaluation(ConfigReader& r, Config& c) {
  EvaluationSettings& e = c.evaluation;
  r.read("games_vs_tactical", e.games_vs_tactical, 0, 100'000);
  r.read("games_net_alone_vs_tactical", e.games_net_alone_vs_tactical, 0, 100'000);
  r.read("games_vs_best", e.games_vs_best, 0, 100'000);
  r.read("games_vs_random", e.games_vs_random, 0, 100'000);
  r.read("games_vs_greedy", e.games_vs_greedy, 0, 100'000);
  r.read("visits", e.visits, 1, 1'000'000);
  r.read("threads", e.threads, 0, 1024);
  r.read("promote_score", e.promote_score, 0, 1);
  r.read("promote_greedy_margin", e.promote_greedy_margin, 0, 1);
  r.read("promote_tactical_margin", e.promote_tactical_margin, -1, 1);
  r.read("promote_tactical_games", e.promote_tactical_games, 0, 100'000);
  r.read("validation", e.validation);
}

void read_run(ConfigReader& r, Config& c) {
  RunSettings& u = c.run;
  r.read("matches_per_generation", u.matches_per_generation, 1, 10'000'000);
  r.read("generations", u.generations, 0, 10'000'000);
  r.read("max_samples", u.max_samples, 0, std::int64_t(1) << 50);
  r.read("max_minutes", u.max_minutes, 0, 1e7);
  r.read_choice("bootstrap", u.bootstrap, {"none", "material", "tactical"});
  r.read("bootstrap_generations", u.bootstrap_generations, 0, 1'000'000);
  r.read("bootstrap_matches", u.bootstrap_matches, 0, 10'000'000);
  r.read_choice("selfplay_net", u.selfplay_net, {"latest", "best"});
}

void read_broker(ConfigReader& r, Config& c) {
  BrokerSettings& b = c.broker;
  r.read("max_net_lag", b.max_net_lag, 0, 1'000'000);
  r.read("stream_max_len", b.stream_max_len, 1, 100'000'000);
  r.read("heartbeat_seconds", b.heartbeat_seconds, 1, 3600);
}

using SectionReader = std::function<void(ConfigReader&, Config&)>;

const std::vector<std::pair<std::string, SectionReader>>& sections() {
  static const std::vector<std::pair<std::string, SectionReader>> all{
      {"rules", read_rules},     {"clock", read_clock},       {"search", read_search},
      {"selfplay", read_selfplay}, {"network", read_network}, {"training", read_training},
      {"evaluation", read_evaluation}, {"run", read_run},         {"broker", read_broker}};
  return all;
}

}  // namespace

SelfPlayConfig Config::selfplay_config() const {
  SelfPlayConfig s = selfplay;
  s.rules = rules;
  s.clock = clock;
  s.think = think;
  s.search = search;
  return s;
}

Config parse_config(std::string_view text, const std::string& source) {
  toml::table root;
  try {
    root = toml::parse(text, source);
  } catch (const toml::parse_error& e) {
    throw ConfigError(source + ":" + std::to_string(e.source().begin.line) + ":" +
                      std::to_string(e.source().begin.column) + ": " + std::string(e.description()));
  }
  Config c;
  c.source = source;
  c.text = std::string(text);
  for (auto&& [key, node] : root) {
    const std::string name(key.str());
    const std::string at = source + ":" + std::to_string(key.source().begin.line) + ":" +
                           std::to_string(key.source().begin.column) + ": ";
    const SectionReader* reader = nullptr;
    std::string known;
    for (const auto& [section, fn] : sections()) {
      if (section == name) reader = &fn;
      known += (known.empty() ? "" : ", ") + section;
    }
    if (!reader) throw ConfigError(at + "unknown section [" + name + "] (known: " + known + ")");
    if (!node.is_table()) throw ConfigError(at + name + " must be a section [" + name + "], not a value");
    ConfigReader r(*node.as_table(), name, source);
    (*reader)(r, c);
    r.finish();
  }
  // Cross-field checks; the per-key ranges above make these rare.
  try {
    c.selfplay_config().validate();
    c.network.net.validate();
  } catch (const std::invalid_argument& e) {
    throw ConfigError(source + ": " + e.what());
  }
  return c;
}

toml::table config_defaults() {
  const toml::table empty;
  toml::table out;
  Config c;
  for (const auto& [name, reader] : sections()) {
    toml::table keys;
    ConfigReader r(empty, name, "defaults");
    r.record_defaults(keys);
    reader(r, c);
    out.insert(name, std::move(keys));
  }
  return out;
}

Config load_config(const std::filesystem::path& path) {
  std::ifstream in(path);
  if (!in) throw ConfigError(path.string() + ": cannot open the configuration file");
  std::stringstream text;
  text << in.rdbuf();
  return parse_config(text.str(), path.string());
}

void require_two_boards(const Config& config, std::string_view command) {
  if (config.rules.boards == 2) return;
  throw ConfigError(config.source + ": [rules] boards = " + std::to_string(config.rules.boards) + ": " + std::string(command) +
                    " plays two boards (the network sees two); a row of three or more boards is played by "
                    "`bughouse arena` and `bughouse play` with the built-in players random, greedy, material and "
                    "tactical");
}

}  // namespace bh
