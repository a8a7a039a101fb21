// selfplay_command.cpp — `bughouse selfplay`: plays full four-player matches with the
// search and writes their training samples (chunk files) and records (BPGN with clock
// stamps) into a directory. --model names what judges the positions (training/players):
// a checkpoint or `fresh` (one evaluator per worker thread, sharing the weights, on the
// configuration's [network] device and precision), `material`, or `uniform` (the default).
// Ctrl-C stops: finished matches are written, matches in progress are dropped; a second
// Ctrl-C quits at once.
#include <signal.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <cstdio>
#include <ctime>
#include <exception>
#include <iostream>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "mcts/selfplay.h"
#include "training/commands/commands.h"
#include "training/commands/model_option.h"
#include "training/config/config.h"
#include "core/platform/interrupt.h"
#include "training/report/progress_line.h"
#include "mcts/selfplay_driver.h"

namespace bh::cli {

namespace {

struct SelfPlayOptions {
  std::string config;
  std::string out;
  std::string model = "uniform";
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

// The model of every worker, on the configuration's [network] device and precision.
ModelSource load_model(const std::string& model, const Config& config) {
  ModelOptions options;
  options.device = config.network.device;
  options.precision = config.network.precision;
  return model_loader(options).load(model);
}

// "gen-0012.ckpt (6x64)", "fresh-6x64", "uniform".
std::string describe(const ModelSource& source) {
  const bool said = source.network.empty() || source.name.find(source.network) != std::string::npos;
  return said ? source.name : source.name + " (" + source.network + ")";
}

void run_selfplay(const SelfPlayOptions& o) {
  Config config = load_config(o.config);
  require_two_boards(config, "`bughouse selfplay`");
  SelfPlayConfig sc = config.selfplay_config();
  if (o.workers >= 0) sc.workers = o.workers;
  if (o.seed >= 0) sc.seed = std::uint64_t(o.seed);

  const ModelSource model = load_model(o.model, config);
  sc.search = model.search_config(sc.search);  // the model's, not the configuration's net
  const std::string evaluator_name = describe(model);
  SelfPlay selfplay(sc, model.selfplay_evaluators());
  const std::string id = run_id();
  RunFilesOutput output(
      o.out, selfplay.workers(), sc.matches_per_chunk, [&](int w) { return id + "-w" + std::to_string(w); },
      {{"Event", "bughouse selfplay " + id}, {"Site", "bughouse selfplay"}, {"WhiteA", evaluator_name},
       {"BlackA", evaluator_name}, {"WhiteB", evaluator_name}, {"BlackB", evaluator_name}},
      ChunkProvenance{0, 0, 0, sc.net_version});

  // Ctrl-C is taken by this thread (core/platform/interrupt.h): no handler, no global flag.
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
  cmd->add_option("--model", o->model,
                  "Model: a checkpoint file, 'fresh', 'tactical', 'material' or 'uniform' (priors uniform, value 0)")
      ->capture_default_str();
  cmd->add_option("--workers", o->workers, "Worker threads, overriding [selfplay] workers (0 = one per core)")
      ->check(CLI::Range(0, 1024));
  cmd->add_option("--seed", o->seed, "Seed, overriding [selfplay] seed")->check(CLI::NonNegativeNumber);
  cmd->callback([o] { run_selfplay(*o); });
}

}  // namespace bh::cli
