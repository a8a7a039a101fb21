// selfplay_stage.cpp — evaluators, output files, progress and the metrics line of self-play.
#include "training/loop/selfplay_stage.h"

#include <cstdio>

#include "training/players/model_loader.h"
#include "training/players/network_source.h"
#include "mcts/selfplay_driver.h"

namespace bh {

namespace {

// [run] bootstrap names the teacher as a model spec (config.cpp lists the ones allowed),
// or "none".
bool bootstrapping(const Config& config, std::int64_t g) {
  return config.run.bootstrap != "none" && g <= config.run.bootstrap_generations;
}

// The teacher while bootstrapping; else the latest net (taken from the trainer, no
// file read) or under selfplay_net = "best" the best one, read from its checkpoint.
ModelSource selfplay_model(RunContext& run, std::int64_t g, std::int64_t player) {
  if (bootstrapping(run.config, g)) return ModelLoader().load(run.config.run.bootstrap);
  if (player != g - 1) return load_network(run.dir.checkpoint(player).string(), run.inference);
  return network_source(InferenceNet::create(run.trainer.player(), run.inference), "gen " + std::to_string(g - 1));
}

std::string progress_text(const RunContext& run, std::int64_t g, std::int64_t done, std::int64_t target,
                          const SelfPlayCounters& c, double seconds) {
  const double s = std::max(seconds, 1e-9);
  char line[320];
  std::snprintf(line, sizeof line, "gen %lld selfplay: %lld/%lld matches, %.0f moves/s, %.0f evals/s, %lld samples, step %lld, %s",
                static_cast<long long>(g), static_cast<long long>(done + c.matches), static_cast<long long>(target),
                double(c.moves) / s, double(c.evaluations) / s, static_cast<long long>(c.samples.load()),
                static_cast<long long>(run.trainer.steps()), run.clock_text().c_str());
  return line;
}

JsonLine metrics_line(std::int64_t g, std::int64_t session, bool bootstrap, const SelfPlayCounters& c, double s) {
  JsonLine line;
  line.set("kind", "selfplay").set("generation", g).set("session", session).set("bootstrap", bootstrap)
      .set("matches", std::int64_t(c.matches)).set("moves", std::int64_t(c.moves)).set("samples", std::int64_t(c.samples))
      .set("evaluations", std::int64_t(c.evaluations))
      .set("moves_per_s", double(c.moves) / s).set("evals_per_s", double(c.evaluations) / s)
      .set("team1_wins", std::int64_t(c.team1_wins)).set("team2_wins", std::int64_t(c.team2_wins))
      .set("draws", std::int64_t(c.draws)).set("resignations", std::int64_t(c.resignations))
      .set("false_resigns", std::int64_t(c.false_resigns)).set("would_resign", std::int64_t(c.would_resign))
      .set("seconds", s);
  return line;
}

}  // namespace

std::int64_t selfplay_generation(const Config& config, const RunState& state) {
  return config.run.selfplay_net == "best" ? state.best_generation : state.generation;
}

std::int64_t matches_for_generation(const Config& config, std::int64_t g) {
  const RunSettings& r = config.run;
  return bootstrapping(config, g) && r.bootstrap_matches > 0 ? r.bootstrap_matches : r.matches_per_generation;
}

SelfPlayStage play_generation(RunContext& run, std::int64_t g, std::int64_t done) {
  const Config& config = run.config;
  const bool bootstrap = bootstrapping(config, g);
  const std::int64_t target = matches_for_generation(config, g);
  if (target - done <= 0) return {true, 0};
  // One evaluator per worker at one intra-op thread each (nn/README.md "Threads").
  const std::int64_t player = selfplay_generation(config, run.state);
  const ModelSource model = selfplay_model(run, g, player);
  SelfPlayConfig sp = config.selfplay_config();
  sp.search = model.search_config(sp.search);  // a teacher without a net searches every leaf itself
  // A new session draws new matches: the ones a killed session left unfinished are not
  // replayed move for move.
  sp.seed = config.selfplay.seed * 1'000'003ULL + std::uint64_t(g) * 7919ULL + std::uint64_t(run.state.session);
  sp.net_version = std::uint32_t(player);
  SelfPlay play(sp, model.selfplay_evaluators());

  const std::string tag = bootstrap ? config.run.bootstrap + " (bootstrap)"
                                    : "gen " + std::to_string(player) + " (" + config.network.net.short_name() + ")";
  const ChunkProvenance provenance{std::uint32_t(g), std::uint32_t(run.state.session), 0, sp.net_version};
  RunFilesOutput output(
      run.dir.root(), play.workers(), sp.matches_per_chunk,
      [&](int w) { return RunDirectory::selfplay_stem(g, run.state.session, w); },
      {{"Event", "selfplay generation " + std::to_string(g)}, {"WhiteA", tag}, {"BlackA", tag}, {"WhiteB", tag}, {"BlackB", tag}},
      provenance);
  const SelfPlayOutcome outcome = drive_selfplay(play, target - done, output, run.interrupt, [&](const SelfPlayCounters& c, double s) {
    run.progress.show(progress_text(run, g, done, target, c, s));
  });
  const double s = std::max(1e-9, outcome.seconds);
  run.metrics.write(metrics_line(g, run.state.session, bootstrap, play.counters(), s));
  return {outcome.finished, double(play.counters().evaluations) / s};
}

}  // namespace bh
