// generation_loop.cpp — opening a run (new or resumed), then generation after generation:
// self-play, training, evaluation, commit.
#include "training/loop/generation_loop.h"

#include <unistd.h>

#include <chrono>
#include <fstream>
#include <optional>
#include <ostream>
#include <sstream>
#include <thread>

#include "core/platform/atomic_file.h"
#include "core/platform/cpu_features.h"
#include "nn/checkpoint.h"
#include "training/loop/broker_link.h"
#include "training/loop/evaluation_stage.h"
#include "training/players/network_source.h"
#include "training/loop/replay_buffer.h"
#include "training/report/report.h"
#include "training/loop/revision.h"
#include "training/loop/run_lock.h"
#include "training/loop/selfplay_stage.h"
#include "training/loop/training_stage.h"
#include "training/loop/validation.h"

namespace bh {

namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;

std::string source_revision() { return BUGHOUSE_REVISION; }

namespace {

// [evaluation] validation, resolved against the configuration file's folder ("" for none).
fs::path validation_source(const Config& config) {
  const fs::path key = config.evaluation.validation;
  if (key.empty() || key.is_absolute()) return key;
  return fs::path(config.source).parent_path() / key;
}

std::string read_file(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  if (!in) throw std::runtime_error("cannot read " + path.string());
  return ss.str();
}

// The optimiser whose state a checkpoint holds: the one its run's configuration names
// ("" when that configuration cannot be read back).
std::string saved_optimizer(const CheckpointMeta& meta) {
  try {
    return parse_config(meta.config_text, "the checkpoint's configuration").training.optimizer;
  } catch (const std::exception&) {
    return "";
  }
}

// Every check comes before the first write: a refused resume leaves the run as it was.
void check_resumable(const LoadedCheckpoint& ckpt, const fs::path& file, const Config& config) {
  const CheckpointInfo& info = ckpt.info();
  if (!(info.net == config.network.net))
    throw std::runtime_error("cannot resume: " + file.string() + " holds a " + info.net.short_name() +
                             " net but [network] asks for " + config.network.net.short_name());
  if (!(info.rules == config.rules))
    throw std::runtime_error("cannot resume: the checkpoint's rule set differs from [rules] of " + config.source);
  const std::string saved = saved_optimizer(info.meta);
  if (!saved.empty() && saved != config.training.optimizer)
    throw std::runtime_error("cannot resume: the checkpoint holds " + saved + " optimiser state but [training] optimizer = \"" +
                             config.training.optimizer + "\" in " + config.source +
                             "; keep the optimiser, or start a new run from the checkpoint's weights");
}

class Loop {
 public:
  Loop(const Config& config, const TrainOptions& options, InterruptWatch& interrupt, std::ostream& log)
      : config_(config),
        dir_(options.run_dir),
        interrupt_(interrupt),
        progress_(log, ::isatty(STDOUT_FILENO)),
        window_(WindowSettings{config.training.window_min, config.training.window_max, config.training.window_growth}),
        inference_(inference_options(ModelOptions{config.network.device, config.network.precision, 1})) {
    open(options.resume);
    if (!options.broker_url.empty()) {
      broker_.emplace(options.broker_url, config_, dir_, interrupt_);
      RunContext run = context();
      broker_->publish(run, state_.generation);
    }
  }

  void run();

 private:
  void open(bool resume);
  void write_run_files();
  void open_validation();
  void start_new(const RunProgress& progress);
  void resume_from(const LoadedCheckpoint& ckpt, const RunProgress& progress);
  void say_arithmetic();
  bool self_play(RunContext& run, std::int64_t g, JsonLine& summary);
  void evaluate(RunContext& run, std::int64_t g, JsonLine& summary);
  void commit(RunContext& run, std::int64_t g, JsonLine& summary, Clock::time_point start);
  void save_best();
  bool budget_spent(std::string& why) const;
  RunContext context() {
    return RunContext{config_, dir_, state_, *trainer_, inference_, interrupt_, progress_, *metrics_, [this] { return clock_text(); }};
  }
  double elapsed() const { return state_.elapsed_s + std::chrono::duration<double>(Clock::now() - session_start_).count(); }
  // "<elapsed>, ETA <left>": the wall-time limit or the generations left at the last
  // generation's pace, whichever comes first ("?" without a limit).
  std::string clock_text() const;

  Config config_;
  RunDirectory dir_;
  InterruptWatch& interrupt_;
  ProgressLine progress_;
  ReplayBuffer window_;
  InferenceOptions inference_;
  std::optional<RunLock> lock_;
  std::optional<Trainer> trainer_;
  std::optional<MetricsFile> metrics_;
  std::optional<BrokerLink> broker_;
  std::optional<Validation> validation_;
  RunState state_;
  Clock::time_point session_start_ = Clock::now();
  double generation_seconds_ = 0;  // the last generation's wall time (for the ETA)
};

void Loop::open(bool resume) {
  const fs::path& root = dir_.root();
  if (resume && !fs::exists(root)) throw std::runtime_error("nothing to resume: " + root.string() + " does not exist");
  const fs::path validation = validation_source(config_);
  if (!validation.empty() && !fs::exists(dir_.validation()) && !fs::exists(validation))
    throw std::runtime_error(config_.source + ": [evaluation] validation: no such file " + validation.string());
  if (!resume && fs::exists(root) && !dir_.holds_only_imported_chunks())
    throw std::runtime_error("run directory " + root.string() +
                             " already holds files; use --resume to continue that run or choose another --run");
  fs::create_directories(root);
  lock_.emplace(root, "bughouse train");
  // What a killed session left half done goes first: it is no part of the run.
  const Recovery recovery = dir_.recover();
  if (recovery.temporary_files + recovery.records.completed + recovery.records.dropped > 0)
    progress_.say("recovered from an interrupted session: " + std::to_string(recovery.temporary_files) +
                  " half-written files removed, " + std::to_string(recovery.records.completed) + " records completed, " +
                  std::to_string(recovery.records.dropped) + " uncommitted records dropped");
  const std::int64_t latest = dir_.latest_checkpoint();
  if (resume && latest < 0 && !fs::exists(root / "config.toml") && !dir_.holds_only_imported_chunks())
    throw std::runtime_error("nothing to resume: " + root.string() + " has no checkpoints/gen-*.ckpt");
  std::optional<LoadedCheckpoint> ckpt;
  if (latest >= 0) {
    ckpt.emplace(dir_.checkpoint(latest));
    check_resumable(*ckpt, dir_.checkpoint(latest), config_);
  }
  const RunProgress progress = dir_.scan();
  for (const auto& w : progress.warnings) progress_.say("warning: " + w);
  dir_.create_subdirectories();
  write_run_files();
  if (ckpt) resume_from(*ckpt, progress);
  else start_new(progress);
  say_arithmetic();
  open_validation();
  write_report(root.string(), "");
}

// The held-out positions are the run's own copy, made from [evaluation] validation when
// the run began: a resumed run measures the same positions whatever its configuration
// names now.
void Loop::open_validation() {
  const fs::path source = validation_source(config_);
  if (!fs::exists(dir_.validation())) {
    if (source.empty()) return;
    write_file_atomic(dir_.validation(), read_file(source));
  }
  std::vector<std::string> skipped;
  validation_.emplace(dir_.validation(), batch_targets(config_), skipped);
  for (const auto& s : skipped) progress_.say("validation: skipped " + s);
  char line[240];
  std::snprintf(line, sizeof line,
                "validation: %zu held-out positions; the tactical evaluator's score loss %.4f (scale %.0f), "
                "first choice = move played %.1f%%",
                validation_->positions(), validation_->tactical_score_loss(), validation_->tactical_scale(),
                100 * validation_->tactical_top1());
  progress_.say(line);
}

void Loop::write_run_files() {
  write_file_atomic(dir_.root() / "config.toml", config_.text);
  std::string rules;
  for (const auto& line : describe(config_.rules)) rules += line + "\n";
  write_file_atomic(dir_.root() / "rules.txt", rules);
  write_file_atomic(dir_.root() / "revision.txt", source_revision() + "\n");
}

void Loop::start_new(const RunProgress& progress) {
  MetricsFile::trim_for_resume(dir_.metrics(), 0);
  metrics_.emplace(dir_.metrics());
  trainer_.emplace(config_.network.net, config_.training, resolve_device(config_.network.device), config_.network.seed);
  state_.session = progress.highest_session + 1;
  // A tactical-residual net starts as the tactical evaluator itself (nn/SPEC.md): generation
  // 0 scores half against it by construction, the bar its first challenger must reach.
  if (config_.network.net.tactical_residual) state_.bar_vs_tactical = 0.5;
  trainer_->save(dir_.checkpoint(0), config_.rules, state_.meta(config_.text, source_revision()));
  save_best();
  progress_.say("new run " + dir_.root().string() + ": " + config_.network.net.short_name() + " net, generation 0 saved");
  int imported = 0;
  for (const auto& entry : fs::directory_iterator(dir_.chunks())) imported += entry.path().extension() == ".chunk";
  if (imported > 0)
    progress_.say(std::to_string(imported) + " chunk files already in " + dir_.chunks().string() +
                  " (imported games) join the training window");
}

void Loop::resume_from(const LoadedCheckpoint& ckpt, const RunProgress& progress) {
  state_ = RunState::from(ckpt.info().meta);
  const int dropped = MetricsFile::trim_for_resume(dir_.metrics(), state_.generation);
  metrics_.emplace(dir_.metrics());
  trainer_.emplace(ckpt, config_.training, resolve_device(config_.network.device));
  // A session that died before its generation's checkpoint never recorded its number; its
  // chunks still say it, and the new session must not reuse it (same seed, same names).
  state_.session = std::max(state_.session, progress.highest_session) + 1;
  save_best();  // a kill between a promoted generation's checkpoint and its copy left the old one
  const auto r = window_.refresh(dir_.chunks());
  for (const auto& w : r.warnings) progress_.say("warning: " + w);
  const std::int64_t next = state_.generation + 1;
  progress_.say("resumed " + dir_.root().string() + " at generation " + std::to_string(state_.generation) + ", step " +
                std::to_string(trainer_->steps()) + ", " + std::to_string(window_.total_seen()) + " samples so far; " +
                "generation " + std::to_string(next) + " has " + std::to_string(progress.matches_of(next)) + " of " +
                std::to_string(matches_for_generation(config_, next)) + " matches" +
                (dropped > 0 ? ", " + std::to_string(dropped) + " metric lines of redone work dropped" : ""));
}

// What `precision = "auto"` and `bf16_autocast` came to on this machine (nn/inference_net.h).
void Loop::say_arithmetic() {
  progress_.say("network: inference " + std::string(precision_name(inference_.precision)) + " on " +
                inference_.device.str() + ", training " + (trainer_->bf16_autocast() ? "bf16 autocast" : "fp32") +
                (inference_.device.is_cpu() && !cpu_has_native_bf16() ? " (this CPU has no bf16 in hardware)" : ""));
}

std::string Loop::clock_text() const {
  double left = -1;
  if (config_.run.max_minutes > 0) left = config_.run.max_minutes * 60 - elapsed();
  if (config_.run.generations > 0 && generation_seconds_ > 0) {
    const double by_generations = double(config_.run.generations - state_.generation) * generation_seconds_;
    left = left < 0 ? by_generations : std::min(left, by_generations);
  }
  return format_seconds(elapsed()) + ", ETA " + (left < 0 ? "?" : format_seconds(std::max(0.0, left)));
}

bool Loop::budget_spent(std::string& why) const {
  const RunSettings& b = config_.run;
  if (b.generations > 0 && state_.generation >= b.generations) {
    why = std::to_string(b.generations) + " generations done";
    return true;
  }
  if (b.max_samples > 0 && window_.total_seen() >= b.max_samples) {
    why = std::to_string(window_.total_seen()) + " samples reached the budget of " + std::to_string(b.max_samples);
    return true;
  }
  if (b.max_minutes > 0 && elapsed() >= b.max_minutes * 60) {
    why = format_seconds(elapsed()) + " reached the budget of " + format_seconds(b.max_minutes * 60);
    return true;
  }
  return false;
}

bool Loop::self_play(RunContext& run, std::int64_t g, JsonLine& summary) {
  if (broker_) return broker_->collect(run, g);
  const SelfPlayStage stage = play_generation(run, g, dir_.scan().matches_of(g));
  // Not measured when a resumed generation had nothing left to play.
  if (stage.evals_per_s > 0) summary.set("evals_per_s", stage.evals_per_s);
  return stage.finished;
}

void Loop::evaluate(RunContext& run, std::int64_t g, JsonLine& summary) {
  // The arena has no stopping point of its own: a watcher keeps Ctrl-C answered while it
  // plays (a second one still quits at once; a first stops after this generation).
  std::jthread watcher([this](std::stop_token stop) {
    while (!stop.stop_requested()) interrupt_.poll(std::chrono::milliseconds(200));
  });
  evaluate_generation(run, g, summary);
  if (validation_) validation_->report(*trainer_, summary);
}

// The generation's line first, then its checkpoint (the commit point: a kill before it
// redoes the generation, and resuming drops the line), then the report.
void Loop::commit(RunContext& run, std::int64_t g, JsonLine& summary, Clock::time_point start) {
  state_.elapsed_s = elapsed();
  session_start_ = Clock::now();
  generation_seconds_ = std::chrono::duration<double>(Clock::now() - start).count();
  summary.set("elapsed_s", state_.elapsed_s).set("generation_s", generation_seconds_);
  metrics_->write(summary);
  trainer_->save(dir_.checkpoint(g), config_.rules, state_.meta(config_.text, source_revision()));
  if (state_.best_generation == g) save_best();
  if (broker_) broker_->publish(run, g);
  write_report(dir_.root().string(), "");
  char line[320];
  std::snprintf(line, sizeof line, "generation %lld: Elo %+.0f [%+.0f, %+.0f]", static_cast<long long>(g), state_.elo,
                summary.number("elo_low").value_or(state_.elo), summary.number("elo_high").value_or(state_.elo));
  std::string text = line;
  for (const char* who : {"tactical", "random", "greedy"})  // only the arenas that were played
    if (auto score = summary.number(std::string("score_vs_") + who)) {
      std::snprintf(line, sizeof line, ", vs %s %.0f%%", who, 100 * *score);
      text += line;
    }
  progress_.say(text + ", " + format_seconds(generation_seconds_));
}

// checkpoints/best.ckpt, the player the run makes so far: a copy of the best generation's
// checkpoint (README.md "Run directory"), made after that checkpoint, so a kill between
// the two leaves the previous best, which resuming replaces.
void Loop::save_best() {
  write_file_atomic(dir_.best_checkpoint(), read_file(dir_.checkpoint(state_.best_generation)));
}

void Loop::run() {
  std::string why;
  while (!budget_spent(why)) {
    const auto start = Clock::now();
    const std::int64_t g = state_.generation + 1;
    JsonLine summary;
    summary.set("kind", "generation").set("generation", g);
    RunContext run = context();
    if (!self_play(run, g, summary) || !train_generation(run, window_, g, summary)) {
      why = "interrupted; resume with --resume";
      break;
    }
    state_.generation = g;
    evaluate(run, g, summary);
    commit(run, g, summary, start);
    if (run.stopping()) {
      why = "interrupted after generation " + std::to_string(g) + "; resume with --resume";
      break;
    }
  }
  state_.elapsed_s = elapsed();
  progress_.say("train: stopped: " + why + " (run " + dir_.root().string() + ", report " + dir_.report().string() + ")");
}

}  // namespace

void run_training(const Config& config, const TrainOptions& options, InterruptWatch& interrupt, std::ostream& log) {
  Loop loop(config, options, interrupt, log);
  loop.run();
}

}  // namespace bh
