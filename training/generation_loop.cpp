// generation_loop.cpp — self-play, training, checkpoint, evaluation, repeat.
#include "training/generation_loop.h"

#include <unistd.h>

#include <ATen/Parallel.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <future>
#include <optional>
#include <ostream>
#include <regex>
#include <sstream>
#include <thread>

#include "core/atomic_file.h"
#include "core/bpgn.h"
#include "mcts/greedy_player.h"
#include "mcts/random_player.h"
#include "mcts/selfplay.h"
#include "mcts/selfplay_writer.h"
#include "mcts/simple_evaluators.h"
#include "nn/checkpoint.h"
#include "training/broker/chunk_ingest.h"
#include "training/broker/model_store.h"
#include "training/broker/redis_connection.h"
#include "training/broker/worker_registry.h"
#include "training/chunk_validation.h"
#include "training/json_line.h"
#include "training/net_player.h"
#include "training/replay_buffer.h"
#include "training/report.h"
#include "training/revision.h"
#include "training/trainer.h"

namespace bh {

namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;

std::string source_revision() { return BUGHOUSE_REVISION; }

namespace {

std::string gen_name(std::int64_t g) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%04lld", static_cast<long long>(g));
  return buf;
}

fs::path checkpoint_path(const fs::path& run, std::int64_t g) { return run / "checkpoints" / ("gen-" + gen_name(g) + ".ckpt"); }

// The newest generation with a checkpoint, or -1.
std::int64_t latest_generation(const fs::path& run) {
  std::int64_t latest = -1;
  std::error_code ec;
  static const std::regex name(R"(gen-(\d+)\.ckpt)");
  for (const auto& e : fs::directory_iterator(run / "checkpoints", ec)) {
    std::smatch m;
    const std::string f = e.path().filename().string();
    if (std::regex_match(f, m, name)) latest = std::max<std::int64_t>(latest, std::stoll(m[1]));
  }
  return latest;
}

// Matches of generation g already written (BPGN records of its chunks), for resuming.
std::int64_t matches_done(const fs::path& run, std::int64_t g) {
  std::int64_t n = 0;
  std::error_code ec;
  const std::string prefix = "g" + gen_name(g) + "-";
  for (const auto& e : fs::directory_iterator(run / "games", ec)) {
    const std::string f = e.path().filename().string();
    if (f.rfind(prefix, 0) != 0 || e.path().extension() != ".bpgn") continue;
    std::ifstream in(e.path());
    std::string line;
    while (std::getline(in, line)) n += line.rfind("[Event ", 0) == 0;
  }
  return n;
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

// The highest session number in the names of the run's self-play files (gNNNN-sK-...),
// or -1. A session stopped before its generation's checkpoint never recorded its number;
// the next one must still not reuse it (same seed, same file names: the same matches).
std::int64_t highest_session_on_disk(const fs::path& run) {
  static const std::regex name(R"(^g\d+-s(\d+)-)");
  std::int64_t highest = -1;
  for (const char* dir : {"games", "chunks"}) {
    std::error_code ec;
    for (const auto& e : fs::directory_iterator(run / dir, ec)) {
      std::smatch m;
      const std::string f = e.path().filename().string();
      if (std::regex_search(f, m, name)) highest = std::max(highest, std::int64_t(std::stoll(m[1].str())));
    }
  }
  return highest;
}

std::string format_seconds(double s) {
  char buf[32];
  if (s < 0 || !std::isfinite(s)) return "?";
  if (s >= 3600) std::snprintf(buf, sizeof buf, "%dh%02dm", int(s / 3600), int(s / 60) % 60);
  else if (s >= 60) std::snprintf(buf, sizeof buf, "%dm%02ds", int(s / 60), int(s) % 60);
  else std::snprintf(buf, sizeof buf, "%.0fs", s);
  return buf;
}

// One status line, redrawn in place on a terminal, printed every 10 s otherwise.
class ProgressLine {
 public:
  explicit ProgressLine(std::ostream& out) : out_(out), tty_(::isatty(STDOUT_FILENO)) {}
  void show(const std::string& text, bool force = false) {
    const auto now = Clock::now();
    const double since = std::chrono::duration<double>(now - last_).count();
    if (!force && since < (tty_ ? 0.5 : 10.0)) return;
    last_ = now;
    if (tty_) out_ << "\r\033[K" << text << std::flush;
    else out_ << text << "\n" << std::flush;
    shown_ = tty_;
  }
  // A permanent line (the status line is redrawn below it).
  void say(const std::string& text) {
    if (shown_) out_ << "\r\033[K";
    out_ << text << "\n" << std::flush;
    shown_ = false;
  }

 private:
  std::ostream& out_;
  bool tty_;
  bool shown_ = false;
  Clock::time_point last_{};
};

// metrics.jsonl is an append-only log (a line per event, readers skip a torn last line):
// it is appended to, not replaced through core's write_file_atomic like every other file.
class MetricsFile {
 public:
  explicit MetricsFile(const fs::path& path) : out_(path, std::ios::app) {
    if (!out_) throw std::runtime_error("cannot append to " + path.string());
  }
  void write(const JsonLine& line) { out_ << line.to_string() << "\n" << std::flush; }

 private:
  std::ofstream out_;
};

// What a run remembers between generations (stored in each checkpoint's metadata).
struct RunState {
  std::int64_t generation = 0;
  std::int64_t best_generation = 0;
  double elo = 0;        // of the latest net, relative to the initial net
  double best_elo = 0;   // of the best net
  double best_elo_variance = 0;  // of best_elo, summed along the chain (EloChain)
  double elapsed_s = 0;  // wall time spent on the run over all sessions
  std::int64_t session = 0;

  CheckpointMeta meta(const std::string& config_text) const {
    CheckpointMeta m;
    m.generation = generation;
    m.config_text = config_text;
    m.extra = {{"best_generation", std::to_string(best_generation)}, {"elo", std::to_string(elo)},
               {"best_elo", std::to_string(best_elo)},
               {"best_elo_variance", std::to_string(best_elo_variance)}, {"elapsed_s", std::to_string(elapsed_s)},
               {"session", std::to_string(session)}, {"revision", source_revision()}};
    return m;
  }
  static RunState from(const CheckpointMeta& m) {
    RunState s;
    s.generation = m.generation;
    auto get = [&](const char* key, double fallback) {
      auto it = m.extra.find(key);
      return it == m.extra.end() ? fallback : std::stod(it->second);
    };
    s.best_generation = std::int64_t(get("best_generation", double(m.generation)));
    s.elo = get("elo", 0);
    s.best_elo = get("best_elo", 0);
    s.best_elo_variance = get("best_elo_variance", 0);
    s.elapsed_s = get("elapsed_s", 0);
    s.session = std::int64_t(get("session", 0));
    return s;
  }
};

// The trainer's side of the broker: publishing nets, taking chunks.
struct BrokerLink {
  RedisConnection connection;
  ModelStore nets;
  ChunkConsumer consumer;
  ChunkFileSink sink;
  WorkerRegistry registry;
  ChunkPolicy policy;

  BrokerLink(const std::string& url, const Config& config, const fs::path& chunk_dir, InterruptWatch& interrupt)
      : connection(RedisUrl::parse(url), options(interrupt)),
        nets(connection),
        consumer(connection, consumer_options()),
        sink(chunk_dir),
        registry(connection),
        policy{config.rules, 0, config.broker.max_net_lag} {
    consumer.set_validator([this](std::span<const std::uint8_t> bytes) { return validate_chunk(bytes, policy); });
  }
  static RedisOptions options(InterruptWatch& interrupt) {
    RedisOptions o;
    o.client_name = "trainer";
    o.retry.give_up_after = std::chrono::hours(1);  // ride out a broker restart ...
    o.wait_before_retry = [&interrupt](std::chrono::milliseconds delay) {  // ... unless stopped
      return !interrupt.poll(delay);
    };
    return o;
  }
  static ChunkConsumerOptions consumer_options() {
    ChunkConsumerOptions o;
    o.consumer = "trainer";  // the same name across restarts: pending entries come back to it
    return o;
  }
};

class Loop {
 public:
  Loop(const Config& config, const TrainOptions& options, InterruptWatch& interrupt, std::ostream& log)
      : config_(config),
        run_(options.run_dir),
        interrupt_(interrupt),
        progress_(log),
        buffer_(WindowSettings{config.training.window_min, config.training.window_max, config.training.window_growth}),
        device_(resolve_device(config.network.device)),
        inference_(inference_options(config.network)) {
    prepare(options.resume);
    if (!options.broker_url.empty()) {
      broker_.emplace(options.broker_url, config_, run_ / "chunks", interrupt_);
      publish_net(state_.generation);
    }
  }

  void run();

 private:
  void prepare(bool resume);
  bool budget_spent(std::string& why) const;
  bool selfplay(std::int64_t g);
  bool collect(std::int64_t g);  // with a broker: matches from the workers instead
  void publish_net(std::int64_t version);
  bool train(std::int64_t g, JsonLine& summary);
  void evaluate(std::int64_t g, JsonLine& summary);
  double elapsed() const {
    return state_.elapsed_s + std::chrono::duration<double>(Clock::now() - session_start_).count();
  }
  bool stopping() { return interrupt_.poll(std::chrono::milliseconds(0)); }
  // Time left by the budget: the wall-time limit, or the generations left at the last
  // generation's pace, whichever comes first ("?" without a limit).
  std::string eta() const;

  Config config_;
  fs::path run_;
  InterruptWatch& interrupt_;
  ProgressLine progress_;
  ReplayBuffer buffer_;
  c10::Device device_;
  InferenceOptions inference_;
  std::optional<Trainer> trainer_;
  std::optional<BrokerLink> broker_;
  std::optional<MetricsFile> metrics_;
  RunState state_;
  Clock::time_point session_start_ = Clock::now();
  double generation_seconds_ = 0;  // the last generation's wall time (for eta())
  double evals_per_s_ = 0;         // the last self-play's network evaluations per second
};

// A new run may start in a directory that holds nothing but chunks/: recorded games put
// there by `bughouse import` join the first generation's training window.
bool holds_only_imported_chunks(const fs::path& run) {
  for (const auto& entry : fs::directory_iterator(run))
    if (entry.path().filename() != "chunks" || !entry.is_directory()) return false;
  return true;
}

void Loop::prepare(bool resume) {
  const std::int64_t latest = latest_generation(run_);
  if (!resume && fs::exists(run_) && !holds_only_imported_chunks(run_))
    throw std::runtime_error("run directory " + run_.string() +
                             " already holds files; use --resume to continue that run or choose another --run");
  if (resume && latest < 0)
    throw std::runtime_error("nothing to resume: " + run_.string() + " has no checkpoints/gen-*.ckpt");
  // Every check comes before the first write: a refused resume leaves the run as it was.
  std::optional<LoadedCheckpoint> ckpt;
  if (latest >= 0) {
    ckpt.emplace(checkpoint_path(run_, latest));
    const CheckpointInfo& info = ckpt->info();
    if (!(info.net == config_.network.net))
      throw std::runtime_error("cannot resume: " + checkpoint_path(run_, latest).string() + " holds a " +
                               info.net.short_name() + " net but [network] asks for " + config_.network.net.short_name());
    if (!(info.rules == config_.rules))
      throw std::runtime_error("cannot resume: the checkpoint's rule set differs from [rules] of " + config_.source);
    const std::string saved = saved_optimizer(info.meta);
    if (!saved.empty() && saved != config_.training.optimizer)
      throw std::runtime_error("cannot resume: the checkpoint holds " + saved + " optimiser state but [training] optimizer = \"" +
                               config_.training.optimizer + "\" in " + config_.source +
                               "; keep the optimiser, or start a new run from the checkpoint's weights");
  }
  for (const char* d : {"checkpoints", "chunks", "games", "arena"}) fs::create_directories(run_ / d);

  write_file_atomic(run_ / "config.toml", config_.text);
  std::string rules;
  for (const auto& line : describe(config_.rules)) rules += line + "\n";
  write_file_atomic(run_ / "rules.txt", rules);
  write_file_atomic(run_ / "revision.txt", source_revision() + "\n");
  metrics_.emplace(run_ / "metrics.jsonl");

  if (ckpt) {
    const CheckpointInfo& info = ckpt->info();
    trainer_.emplace(*ckpt, config_.training, device_);
    state_ = RunState::from(info.meta);
    state_.session = std::max(state_.session + 1, highest_session_on_disk(run_) + 1);
    const auto r = buffer_.refresh(run_ / "chunks");
    for (const auto& w : r.warnings) progress_.say("warning: " + w);
    progress_.say("resumed " + run_.string() + " at generation " + std::to_string(latest) + ", step " +
                  std::to_string(trainer_->steps()) + ", " + std::to_string(buffer_.total_seen()) + " samples so far");
  } else {
    trainer_.emplace(config_.network.net, config_.training, device_, config_.network.seed);
    trainer_->save(checkpoint_path(run_, 0), config_.rules, state_.meta(config_.text));
    progress_.say("new run " + run_.string() + ": " + config_.network.net.short_name() + " net, generation 0 saved");
    int imported = 0;
    for (const auto& entry : fs::directory_iterator(run_ / "chunks")) imported += entry.path().extension() == ".chunk";
    if (imported > 0)
      progress_.say(std::to_string(imported) + " chunk files already in " + (run_ / "chunks").string() +
                    " (imported games) join the training window");
  }
}

std::string Loop::eta() const {
  double left = -1;
  if (config_.run.max_minutes > 0) left = config_.run.max_minutes * 60 - elapsed();
  if (config_.run.generations > 0 && generation_seconds_ > 0) {
    const double by_generations = double(config_.run.generations - state_.generation) * generation_seconds_;
    left = left < 0 ? by_generations : std::min(left, by_generations);
  }
  return left < 0 ? "?" : format_seconds(std::max(0.0, left));
}

bool Loop::budget_spent(std::string& why) const {
  const RunSettings& b = config_.run;
  if (b.generations > 0 && state_.generation >= b.generations) {
    why = std::to_string(b.generations) + " generations done";
    return true;
  }
  if (b.max_samples > 0 && buffer_.total_seen() >= b.max_samples) {
    why = std::to_string(buffer_.total_seen()) + " samples reached the budget of " + std::to_string(b.max_samples);
    return true;
  }
  if (b.max_minutes > 0 && elapsed() >= b.max_minutes * 60) {
    why = format_seconds(elapsed()) + " reached the budget of " + format_seconds(b.max_minutes * 60);
    return true;
  }
  return false;
}

void Loop::run() {
  std::string why;
  while (!budget_spent(why)) {
    const auto start = Clock::now();
    const std::int64_t g = state_.generation + 1;
    JsonLine summary;
    summary.set("kind", "generation").set("generation", g);
    if (!(broker_ ? collect(g) : selfplay(g)) || !train(g, summary)) {
      why = "interrupted; resume with --resume";
      break;
    }
    state_.generation = g;
    {
      // The arena has no stopping point of its own: a watcher keeps Ctrl-C answered while
      // it plays (a second one still quits at once; a first stops after this generation).
      std::jthread watcher([this](std::stop_token stop) {
        while (!stop.stop_requested()) interrupt_.poll(std::chrono::milliseconds(200));
      });
      evaluate(g, summary);
    }
    state_.elapsed_s = elapsed();
    session_start_ = Clock::now();
    trainer_->save(checkpoint_path(run_, g), config_.rules, state_.meta(config_.text));
    if (broker_) publish_net(g);
    generation_seconds_ = std::chrono::duration<double>(Clock::now() - start).count();
    summary.set("elapsed_s", state_.elapsed_s).set("generation_s", generation_seconds_);
    metrics_->write(summary);
    write_report(run_.string(), "");
    char line[320];
    std::snprintf(line, sizeof line, "generation %lld: Elo %+.0f [%+.0f, %+.0f]", static_cast<long long>(g), state_.elo,
                  summary.number("elo_low").value_or(state_.elo), summary.number("elo_high").value_or(state_.elo));
    std::string text = line;
    for (const char* who : {"random", "greedy"})  // only the arenas that were played
      if (auto score = summary.number(std::string("score_vs_") + who)) {
        std::snprintf(line, sizeof line, ", vs %s %.0f%%", who, 100 * *score);
        text += line;
      }
    progress_.say(text + ", " + format_seconds(generation_seconds_));
    if (stopping()) {
      why = "interrupted after generation " + std::to_string(g) + "; resume with --resume";
      break;
    }
  }
  state_.elapsed_s = elapsed();
  progress_.say("train: stopped: " + why + " (run " + run_.string() + ", report " + (run_ / "report.html").string() + ")");
}

bool Loop::selfplay(std::int64_t g) {
  const RunSettings& run = config_.run;
  const bool bootstrap = run.bootstrap == "material" && g <= run.bootstrap_generations;
  const std::int64_t target = bootstrap && run.bootstrap_matches > 0 ? run.bootstrap_matches : run.matches_per_generation;
  const std::int64_t done = matches_done(run_, g);
  const std::int64_t todo = target - done;
  evals_per_s_ = 0;
  if (todo <= 0) return true;
  auto net = InferenceNet::create(trainer_->network(), inference_);
  trainer_->network()->train();

  SelfPlayConfig sp = config_.selfplay_config();
  sp.seed = config_.selfplay.seed * 1'000'003ULL + std::uint64_t(g) * 7919ULL + std::uint64_t(state_.session);
  sp.net_version = std::uint32_t(g - 1);
  EvaluatorFactory factory = [net, bootstrap](int) -> std::unique_ptr<Evaluator> {
    if (bootstrap) return std::make_unique<MaterialEvaluator>();
    at::set_num_threads(1);  // one core per worker (LIBTORCH.md "Threads")
    return std::make_unique<TorchEvaluator>(net);
  };
  SelfPlay play(sp, factory);
  const std::string tag = bootstrap ? std::string("material (bootstrap)")
                                    : "gen " + std::to_string(g - 1) + " (" + config_.network.net.short_name() + ")";
  std::vector<std::unique_ptr<SelfPlayWriter>> writers;
  for (int w = 0; w < play.workers(); ++w)
    writers.push_back(std::make_unique<SelfPlayWriter>(
        run_, "g" + gen_name(g) + "-s" + std::to_string(state_.session) + "-w" + std::to_string(w), sp.matches_per_chunk,
        std::vector<std::pair<std::string, std::string>>{{"Event", "selfplay generation " + std::to_string(g)},
                                                         {"WhiteA", tag}, {"BlackA", tag}, {"WhiteB", tag}, {"BlackB", tag}}));
  MatchSink sink = [&](int worker, FinishedMatch&& m) { writers[std::size_t(worker)]->add(std::move(m)); };

  const auto start = Clock::now();
  const bool finished = play.run_watched(todo, sink, [&] {
    const bool stop = interrupt_.poll(std::chrono::milliseconds(200));
    const SelfPlayCounters& c = play.counters();
    const double s = std::max(1e-9, std::chrono::duration<double>(Clock::now() - start).count());
    char line[320];
    std::snprintf(line, sizeof line,
                  "gen %lld selfplay: %lld/%lld matches, %.0f moves/s, %.0f evals/s, %lld samples, step %lld, %s, ETA %s",
                  static_cast<long long>(g), static_cast<long long>(done + c.matches), static_cast<long long>(target),
                  double(c.moves) / s, double(c.evaluations) / s, static_cast<long long>(c.samples.load()),
                  static_cast<long long>(trainer_->steps()), format_seconds(elapsed()).c_str(), eta().c_str());
    progress_.show(line);
    return stop;
  });
  for (auto& w : writers) w->flush();
  const SelfPlayCounters& c = play.counters();
  const double s = std::max(1e-9, std::chrono::duration<double>(Clock::now() - start).count());
  JsonLine line;
  line.set("kind", "selfplay").set("generation", g).set("bootstrap", bootstrap).set("matches", std::int64_t(c.matches)).set("moves", std::int64_t(c.moves))
      .set("samples", std::int64_t(c.samples)).set("moves_per_s", double(c.moves) / s).set("evals_per_s", double(c.evaluations) / s)
      .set("team1_wins", std::int64_t(c.team1_wins)).set("team2_wins", std::int64_t(c.team2_wins)).set("draws", std::int64_t(c.draws))
      .set("resignations", std::int64_t(c.resignations)).set("false_resigns", std::int64_t(c.false_resigns))
      .set("would_resign", std::int64_t(c.would_resign)).set("seconds", s);
  metrics_->write(line);
  evals_per_s_ = double(c.evaluations) / s;
  return finished;
}

void Loop::publish_net(std::int64_t version) {
  // Workers get the weights and the run's configuration (in the metadata), not the
  // optimiser state.
  const fs::path file = run_ / "checkpoints" / "published.ckpt";
  save_checkpoint(file, trainer_->network(), config_.rules, state_.meta(config_.text));
  std::ifstream in(file, std::ios::binary);
  const std::vector<std::uint8_t> bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  try {
    const std::string digest = broker_->nets.publish(version, bytes);
    progress_.say("broker: published net " + std::to_string(version) + " (" + std::to_string(bytes.size() / 1024) +
                  " KB, sha256 " + digest.substr(0, 12) + "...)");
  } catch (const ModelStoreError& e) {
    // A resumed trainer finds its last net already there (the same weights, other bytes).
    progress_.say(std::string("broker: keeping the published net: ") + e.what());
  }
  broker_->policy.current_net = version;
}

bool Loop::collect(std::int64_t g) {
  BrokerLink& b = *broker_;
  std::int64_t matches = 0, samples = 0, chunks = 0;
  const auto start = Clock::now();
  auto last_workers = Clock::now() - std::chrono::hours(1);
  std::size_t live = 0;
  while (matches < config_.run.matches_per_generation) {
    if (interrupt_.poll(std::chrono::milliseconds(0))) return false;
    IngestBatch batch = ingest_batch(b.consumer, b.sink, 32, std::chrono::milliseconds(500));
    for (const ChunkEntry& e : batch.written) {
      matches += std::max<std::int64_t>(1, e.meta.matches);
      samples += e.meta.samples;
      ++chunks;
    }
    if (Clock::now() - last_workers > std::chrono::seconds(10)) {
      live = b.registry.live().size();
      last_workers = Clock::now();
    }
    const ConsumerStats& st = b.consumer.stats();
    char line[320];
    std::snprintf(line, sizeof line, "gen %lld broker: %lld/%lld matches, %lld chunks, %lld samples, %llu rejected, %zu workers, %s",
                  static_cast<long long>(g), static_cast<long long>(matches), static_cast<long long>(config_.run.matches_per_generation),
                  static_cast<long long>(chunks), static_cast<long long>(samples),
                  static_cast<unsigned long long>(st.ingest.total_rejected()), live, format_seconds(elapsed()).c_str());
    progress_.show(line);
  }
  const ConsumerStats& st = b.consumer.stats();
  const double s = std::max(1e-9, std::chrono::duration<double>(Clock::now() - start).count());
  JsonLine line;
  line.set("kind", "broker").set("generation", g).set("matches", matches).set("chunks", chunks).set("samples", samples)
      .set("samples_per_s", double(samples) / s).set("rejected_total", std::int64_t(st.ingest.total_rejected()))
      .set("redelivered", std::int64_t(st.redelivered)).set("claimed", std::int64_t(st.claimed))
      .set("rejections", st.ingest.to_string()).set("seconds", s);
  metrics_->write(line);
  return true;
}

bool Loop::train(std::int64_t g, JsonLine& summary) {
  const auto r = buffer_.refresh(run_ / "chunks");
  for (const auto& w : r.warnings) progress_.say("warning: " + w);
  const TrainingSettings& t = config_.training;
  summary.set("samples_total", buffer_.total_seen()).set("window", std::int64_t(buffer_.size()));
  // Not measured when a resumed generation had nothing left to play (or in broker mode).
  if (evals_per_s_ > 0) summary.set("evals_per_s", evals_per_s_);
  if (buffer_.size() < std::size_t(t.batch_size) || t.steps_per_generation == 0) {
    progress_.say("gen " + std::to_string(g) + ": " +
                  (t.steps_per_generation == 0 ? std::string("[training] steps_per_generation = 0")
                                               : std::to_string(buffer_.size()) + " samples in the window, fewer than a batch") +
                  ": no training this generation");
    return true;
  }
  const int threads = t.threads > 0 ? t.threads : int(std::thread::hardware_concurrency());
  at::set_num_threads(threads);  // training runs alone (LIBTORCH.md "Threads")
  Rng rng(config_.network.seed * 7'777'777ULL + std::uint64_t(g) * 31ULL + std::uint64_t(state_.session));
  // The next batch is expanded on TBB threads while the current one trains.
  auto next_batch = [&] {
    auto picked = buffer_.draw(std::size_t(t.batch_size), rng, t.recency_weight);
    return std::async(std::launch::async, [picked = std::move(picked), q = t.value_q_weight] { return build_batch(picked, q); });
  };
  const auto start = Clock::now();
  const std::int64_t first_step = trainer_->steps();
  auto pending = next_batch();
  double loss = 0, policy = 0, value = 0;
  int n = 0;
  for (int i = 0; i < t.steps_per_generation; ++i) {
    TrainingBatch batch = pending.get();
    if (i + 1 < t.steps_per_generation) pending = next_batch();
    const StepStats st = trainer_->step(batch);
    loss += st.loss, policy += st.policy_loss, value += st.value_loss, ++n;
    if (trainer_->steps() % 10 == 0) {
      JsonLine line;
      line.set("kind", "step").set("generation", g).set("step", trainer_->steps()).set("loss", st.loss)
          .set("policy_loss", st.policy_loss).set("value_loss", st.value_loss).set("lr", st.learning_rate)
          .set("grad_norm", st.grad_norm);
      metrics_->write(line);
    }
    const double s = std::chrono::duration<double>(Clock::now() - start).count();
    char text[320];
    std::snprintf(text, sizeof text,
                  "gen %lld train: step %lld (%d/%d), loss %.3f (policy %.3f, value %.3f), %.0f samples/s, %lld in window, %s, ETA %s",
                  static_cast<long long>(g), static_cast<long long>(trainer_->steps()), i + 1, t.steps_per_generation,
                  st.loss, st.policy_loss, st.value_loss, double(i + 1) * t.batch_size / std::max(s, 1e-9),
                  static_cast<long long>(buffer_.size()), format_seconds(elapsed()).c_str(), eta().c_str());
    progress_.show(text);
    // A stop before the last step: the generation's training is redone from its checkpoint
    // on resume. After the last one the generation is finished and saved first (the
    // request stays pending and ends the run after it).
    if (i + 1 < t.steps_per_generation && stopping()) {
      pending.wait();
      return false;
    }
  }
  const double s = std::chrono::duration<double>(Clock::now() - start).count();
  summary.set("steps", trainer_->steps()).set("train_steps", trainer_->steps() - first_step)
      .set("loss", loss / n).set("policy_loss", policy / n).set("value_loss", value / n)
      .set("train_samples_per_s", double(n) * t.batch_size / std::max(s, 1e-9));
  return true;
}

void Loop::evaluate(std::int64_t g, JsonLine& summary) {
  const EvaluationSettings& e = config_.evaluation;
  Network& trained = trainer_->network();
  trained->eval();
  auto fresh = InferenceNet::create(trained, inference_);
  trained->train();
  SearchConfig search = config_.search;
  search.visits = e.visits;
  const TurnModel turn{TimeModel(config_.think), config_.search.allow_wait && config_.clock.timed()};
  const ArenaSide candidate = net_side("gen " + std::to_string(g), fresh, search, turn);

  ArenaConfig arena;
  arena.rules = config_.rules;
  arena.clock = config_.clock;
  arena.threads = e.threads > 0 ? e.threads : int(std::thread::hardware_concurrency());
  arena.seed = std::uint64_t(g);
  arena.bpgn_path = (run_ / "arena" / ("gen-" + gen_name(g) + ".bpgn")).string();
  fs::remove(arena.bpgn_path);
  const auto time_model = TimeModel(config_.think);

  auto play = [&](const ArenaSide& opponent, int games, const char* key) -> std::optional<ArenaResult> {
    if (games <= 0) return std::nullopt;
    arena.games = games;
    ArenaResult r = run_arena(candidate, opponent, arena, [&](int, const Match&, const ArenaResult& so_far) {
      char text[200];
      std::snprintf(text, sizeof text, "gen %lld arena vs %s: %d/%d, +%d =%d -%d", static_cast<long long>(g),
                    opponent.name.c_str(), so_far.games(), games, so_far.wins, so_far.draws, so_far.losses);
      progress_.show(text);
    });
    summary.set(std::string("score_") + key, r.score());
    return r;
  };

  if (auto r = play({"random", [time_model](std::uint64_t seed) { return std::make_unique<RandomPlayer>(time_model, seed); }},
                    e.games_vs_random, "vs_random"))
    summary.set("elo_vs_random", r->elo().elo);
  if (auto r = play({"greedy", [time_model](std::uint64_t seed) { return std::make_unique<GreedyPlayer>(time_model, seed); }},
                    e.games_vs_greedy, "vs_greedy"))
    summary.set("elo_vs_greedy", r->elo().elo);

  // Elo is chained through the best net: the initial net is 0, each new net is measured
  // against the best so far, and becomes the best when it scores promote_score or more.
  if (e.games_vs_best > 0) {
    auto best = load_inference_net(checkpoint_path(run_, state_.best_generation), inference_);
    const ArenaSide best_side = net_side("gen " + std::to_string(state_.best_generation), best, search, turn);
    if (auto r = play(best_side, e.games_vs_best, "vs_best")) {
      EloChain chain{state_.best_elo, state_.best_elo_variance};
      const EloChain::Link link = chain.measure(r->elo());
      state_.elo = link.elo;
      summary.set("elo", link.elo).set("elo_low", link.low).set("elo_high", link.high)
          .set("vs_generation", state_.best_generation);
      if (r->score() >= e.promote_score) {
        state_.best_generation = g;
        state_.best_elo = link.elo;
        state_.best_elo_variance = link.variance;
      }
    }
  }
  summary.set("best_generation", state_.best_generation);
}

}  // namespace

void run_training(const Config& config, const TrainOptions& options, InterruptWatch& interrupt, std::ostream& log) {
  Loop loop(config, options, interrupt, log);
  loop.run();
}

}  // namespace bh
