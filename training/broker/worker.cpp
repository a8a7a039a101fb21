// worker.cpp — the worker's loop: a WorkerSession holds its standing with the broker,
// run_worker alternates between taking a newer net and playing a round with it.
#include "training/broker/worker.h"

#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <functional>
#include <iostream>
#include <optional>

#include "core/platform/atomic_file.h"
#include "core/platform/interrupt.h"
#include "mcts/selfplay.h"
#include "mcts/selfplay_driver.h"
#include "nn/checkpoint.h"
#include "training/broker/broker_output.h"
#include "training/broker/chunk_entry.h"
#include "training/broker/chunk_stream.h"
#include "training/broker/model_store.h"
#include "training/broker/redis_connection.h"
#include "training/broker/redis_url.h"
#include "training/broker/worker_registry.h"
#include "training/config/config.h"
#include "training/players/network_source.h"

namespace bh {

namespace {

using Clock = std::chrono::steady_clock;

std::string host_name() {
  char buf[256] = {};
  ::gethostname(buf, sizeof buf - 1);
  return buf;
}

// The net and the self-play configuration that came with it.
struct LoadedNet {
  std::int64_t version = -1;
  ModelSource model;  // the net on the run's [network] device and precision
  SelfPlayConfig selfplay;
  int matches_per_chunk = 16;
  BrokerSettings broker;  // the run's [broker]: stream cap and heartbeat period
};

LoadedNet load_net(const NetBlob& blob, const WorkerOptions& o) {
  // LoadedCheckpoint reads files: the blob goes through a private temporary one (whole or
  // absent; no fsync, it is read back at once and removed).
  const auto file = std::filesystem::temp_directory_path() / ("bughouse-worker-" + std::to_string(::getpid()) + ".ckpt");
  write_file_atomic(file, blob.bytes, {FileSync::None, {}});
  LoadedCheckpoint ckpt(file);
  std::filesystem::remove(file);
  const Config config = parse_config(ckpt.info().meta.config_text, "the run configuration of net " + std::to_string(blob.version));
  LoadedNet out;
  out.version = blob.version;
  ModelOptions options;
  options.device = config.network.device;
  options.precision = config.network.precision;
  out.model = checkpoint_source(ckpt, "net " + std::to_string(blob.version), inference_options(options));
  out.selfplay = config.selfplay_config();
  out.selfplay.search = out.model.search_config(out.selfplay.search);
  out.selfplay.net_version = std::uint32_t(blob.version);
  if (o.threads > 0) out.selfplay.workers = o.threads;
  out.matches_per_chunk = out.selfplay.matches_per_chunk;
  out.broker = config.broker;
  return out;
}

// Rides out a broker restart for up to an hour, unless stopped.
RedisOptions redis_options(const std::string& name, InterruptWatch& interrupt) {
  RedisOptions ro;
  ro.client_name = name;
  ro.retry.give_up_after = std::chrono::hours(1);
  ro.wait_before_retry = [&interrupt](std::chrono::milliseconds delay) { return !interrupt.poll(delay); };
  return ro;
}

// One worker's standing with the broker: its connection, its entry in the worker
// registry, its heartbeat, the current net and the matches it has published.
class WorkerSession {
 public:
  WorkerSession(const WorkerOptions& o, std::string name, InterruptWatch& interrupt)
      : options_(o),
        name_(std::move(name)),
        interrupt_(interrupt),
        conn_(RedisUrl::parse(o.broker), redis_options(name_, interrupt)),
        nets_(conn_),
        registry_(std::in_place, conn_) {
    std::cerr << "worker " << name_ << ": connected to " << RedisUrl::parse(o.broker).to_string() << "\n";
  }

  bool has_net() const { return current_.version >= 0; }
  void take_newer_net();
  void wait_for_first_net();
  void play_round();
  void leave();

 private:
  void beat(bool force);

  const WorkerOptions& options_;
  const std::string name_;
  InterruptWatch& interrupt_;
  RedisConnection conn_;
  ModelStore nets_;
  // The stream cap and heartbeat period are the run's ([broker] of the configuration that
  // comes with each net): built anew whenever a net arrives.
  std::optional<ChunkProducer> producer_;
  std::optional<WorkerRegistry> registry_;
  LoadedNet current_;
  std::int64_t games_ = 0, evaluations_ = 0, round_ = 0;
  std::int64_t games_before_ = 0, evaluations_before_ = 0;  // of the rounds before this one
  const Clock::time_point started_ = Clock::now();
  Clock::time_point last_beat_ = Clock::now() - std::chrono::hours(1);
  bool waiting_said_ = false;
};

// Between rounds: a newer net, if the trainer has published one, replaces ours.
void WorkerSession::take_newer_net() {
  auto blob = nets_.fetch_if_newer(current_.version);
  if (!blob) return;
  current_ = load_net(*blob, options_);
  producer_.emplace(conn_, ChunkStreamOptions{.max_len = current_.broker.stream_max_len});
  // A worker is gone after three missed heartbeats.
  registry_.emplace(conn_, WorkerRegistryOptions{.ttl = std::chrono::seconds(3 * current_.broker.heartbeat_seconds)});
  std::cerr << "worker " << name_ << ": playing with net " << current_.version << " (" << current_.model.network
            << ", sha256 " << blob->sha256.substr(0, 12) << "...)\n";
}

// Before the trainer's first net: say so once, keep the heartbeat, look again in a second.
void WorkerSession::wait_for_first_net() {
  if (!waiting_said_) std::cerr << "worker " << name_ << ": waiting for the trainer to publish a net\n";
  waiting_said_ = true;
  beat(false);
  interrupt_.poll(std::chrono::milliseconds(1000));
}

// One round of matches with the current net; finished chunks go out as they fill.
void WorkerSession::play_round() {
  SelfPlayConfig sp = current_.selfplay;
  sp.seed = std::hash<std::string>{}(name_) ^ (std::uint64_t(++round_) << 20) ^ std::uint64_t(current_.version);
  SelfPlay play(sp, current_.model.selfplay_evaluators());
  const std::int64_t matches =
      options_.matches_per_round > 0 ? options_.matches_per_round : std::int64_t(play.workers()) * sp.concurrent_matches;
  BrokerOutput output(*producer_, name_, play.workers(), current_.matches_per_chunk,
                      ChunkProvenance{0, 0, 0, std::uint32_t(current_.version)});
  const std::int64_t before = output.matches_published();
  drive_selfplay(play, matches, output, interrupt_, [&](const SelfPlayCounters& c, double) {
    evaluations_ = evaluations_before_ + c.evaluations;
    games_ = games_before_ + output.matches_published() - before;
    beat(false);
  });
  evaluations_before_ = evaluations_;
  games_before_ = games_;
  beat(true);
  const SelfPlayCounters& c = play.counters();
  std::cerr << "worker " << name_ << ": round " << round_ << " done, " << c.matches << " matches, " << c.samples
            << " samples, " << games_ << " matches published in all\n";
}

// A heartbeat at most once per the run's period, unless forced (at the end of a round).
void WorkerSession::beat(bool force) {
  if (!force && Clock::now() - last_beat_ < std::chrono::seconds(current_.broker.heartbeat_seconds)) return;
  last_beat_ = Clock::now();
  const double s = std::max(1e-9, std::chrono::duration<double>(Clock::now() - started_).count());
  registry_->heartbeat({name_, host_name(), games_, double(evaluations_) / s, current_.version, 0});
}

void WorkerSession::leave() {
  registry_->remove(name_);
  std::cerr << "worker " << name_ << ": stopped (" << games_ << " matches published)\n";
}

}  // namespace

void run_worker(const WorkerOptions& o) {
  const std::string name = o.name.empty() ? host_name() + "-" + std::to_string(::getpid()) : o.name;
  require_worker_name(name);
  InterruptWatch interrupt("worker");
  WorkerSession session(o, name, interrupt);
  while (!interrupt.poll(std::chrono::milliseconds(0))) {
    session.take_newer_net();
    if (session.has_net())
      session.play_round();
    else
      session.wait_for_first_net();
  }
  session.leave();
}


}  // namespace bh
