// selfplay_command.cpp — `bughouse selfplay`: plays full four-player matches with the
// search and writes their training samples (chunk files) and records (BPGN with clock
// stamps) into a directory. With --model a network checkpoint judges the positions (one
// evaluator per worker thread, sharing the weights); without it the evaluator is uniform.
// Ctrl-C stops: finished matches are written, matches in progress are dropped; a second
// Ctrl-C quits at once.
#include <signal.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <cstdio>
#include <ctime>
#include <exception>
#include <filesystem>
#include <iostream>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "mcts/selfplay.h"
#include "mcts/simple_evaluators.h"
#include "training/commands/commands.h"
#include "training/config.h"
#include "training/interrupt.h"
#include "training/progress_line.h"
#include "training/selfplay_driver.h"
#if BUGHOUSE_WITH_TORCH
#include <ATen/Parallel.h>

#include "training/net_player.h"
#endif

namespace bh::cli {

namespace {

struct SelfPlayOptions {
  std::string config;
  std::string out;
  std::string model;
  std::int64_t games = 0;
  int workers = -1;
  std::int64_t seed = -1;
};

std::string run_id() {
  char stamp[32];
  const std::time_t now = std::time(nullptr);
  std::strftime(stamp, sizeof stamp, "%Y%m%d-%H%M%S", std::gmtime(&now));
  return std::string("sp-") + stamp + "-" + std::to_string(::getpid());
}

// "evaluator N%": the share of worker time spent inside the evaluator (with a network,
// how close self-play comes to the network's own throughput).
std::string progress_line(const SelfPlayCounters& c, std::int64_t games, double seconds, int workers, int chunks) {
  const double s = std::max(seconds, 1e-9);
  const double batches = double(std::max<std::int64_t>(c.batches, 1));
  char buf[320];
  std::snprintf(buf, sizeof buf,
                "selfplay: %lld/%lld matches, %.0f moves/s, %.0f evals/s (batch %.1f, evaluator %.0f%%), %lld samples, "
                "%d chunks, %.0f s",
                static_cast<long long>(c.matches.load()), static_cast<long long>(games), double(c.moves) / s,
                double(c.evaluations) / s, double(c.evaluations) / batches,
                100.0 * double(c.evaluator_ns) * 1e-9 / (s * workers), static_cast<long long>(c.samples.load()), chunks,
                seconds);
  return buf;
}

// The evaluator of each worker: the checkpoint's network (shared weights, one core per
// worker), or uniform priors without a model.
EvaluatorFactory make_factory(const std::string& model, const Config& config, std::string& name) {
  if (model.empty()) {
    name = "uniform";
    return [](int) { return std::make_unique<UniformEvaluator>(); };
  }
#if BUGHOUSE_WITH_TORCH
  auto net = load_inference_net(model, inference_options(config.network));
  name = std::filesystem::path(model).filename().string() + " (" + net->config().short_name() + ")";
  return [net](int) -> std::unique_ptr<Evaluator> {
    at::set_num_threads(1);
    return std::make_unique<TorchEvaluator>(net);
  };
#else
  (void)config;
  throw std::runtime_error("selfplay --model: this build has no LibTorch (BUGHOUSE_WITH_TORCH=OFF); rebuild with it "
                           "or run without --model for the uniform evaluator");
#endif
}

void run_selfplay(const SelfPlayOptions& o) {
  Config config = load_config(o.config);
  SelfPlayConfig sc = config.selfplay_config();
  if (o.workers >= 0) sc.workers = o.workers;
  if (o.seed >= 0) sc.seed = std::uint64_t(o.seed);

  std::string evaluator_name;
  EvaluatorFactory factory = make_factory(o.model, config, evaluator_name);
  SelfPlay selfplay(sc, factory);
  const std::string id = run_id();
  RunFilesOutput output(
      o.out, selfplay.workers(), sc.matches_per_chunk, [&](int w) { return id + "-w" + std::to_string(w); },
      {{"Event", "bughouse selfplay " + id}, {"Site", "bughouse selfplay"}, {"WhiteA", evaluator_name},
       {"BlackA", evaluator_name}, {"WhiteB", evaluator_name}, {"BlackB", evaluator_name}},
      ChunkProvenance{0, 0, 0, sc.net_version});

  // Ctrl-C is taken by this thread (training/interrupt.h): no handler, no global flag.
  InterruptWatch interrupt("selfplay");
  std::cerr << "selfplay: " << o.games << " matches, " << selfplay.workers() << " workers x " << sc.concurrent_matches
            << " matches, batch " << sc.effective_batch_size() << ", evaluator " << evaluator_name << ", output " << o.out << "\n";
  ProgressLine progress(std::cerr, ::isatty(STDERR_FILENO));
  const SelfPlayOutcome outcome = drive_selfplay(selfplay, o.games, output, interrupt, [&](const SelfPlayCounters& c, double s) {
    progress.show(progress_line(c, o.games, s, selfplay.workers(), output.chunks()));
  });
  const SelfPlayCounters& c = selfplay.counters();
  progress.say(progress_line(c, o.games, outcome.seconds, selfplay.workers(), output.chunks()));
  std::cout << "matches " << c.matches << ": team 1 " << c.team1_wins << ", team 2 " << c.team2_wins << ", draws "
            << c.draws << ", resignations " << c.resignations << "\n";
  if (c.playthrough_matches > 0)
    std::cout << "false resigns: " << c.false_resigns << " of " << c.would_resign << " playthrough matches that met the "
              << "resign rule (" << c.playthrough_matches << " played through)\n";
  std::cout << "samples " << c.samples << " in " << output.chunks() << " chunk files under " << o.out << "/chunks, "
            << "records under " << o.out << "/games\n";
  if (!outcome.finished) throw CLI::RuntimeError(130);
}

}  // namespace

void add_selfplay_command(CLI::App& app) {
  auto o = std::make_shared<SelfPlayOptions>();
  CLI::App* cmd = app.add_subcommand(
      "selfplay", "Play full four-player matches with the search and write training chunks and BPGN records");
  cmd->add_option("--config", o->config, "Run configuration (TOML), e.g. configs/quick.toml")
      ->required()->check(CLI::ExistingFile);
  cmd->add_option("--games", o->games, "Matches to play")->required()->check(CLI::Range(std::int64_t(1), std::int64_t(1) << 40));
  cmd->add_option("--out", o->out, "Output directory (chunks/ and games/ are made in it)")->required();
  cmd->add_option("--model", o->model, "Network checkpoint (default: uniform priors, value 0)")->check(CLI::ExistingFile);
  cmd->add_option("--workers", o->workers, "Worker threads, overriding [selfplay] workers (0 = one per core)")
      ->check(CLI::Range(0, 1024));
  cmd->add_option("--seed", o->seed, "Seed, overriding [selfplay] seed")->check(CLI::NonNegativeNumber);
  cmd->callback([o] { run_selfplay(*o); });
}

}  // namespace bh::cli
