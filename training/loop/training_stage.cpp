// training_stage.cpp — the optimiser steps of one generation.
#include "training/loop/training_stage.h"

#include <ATen/Parallel.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <future>
#include <thread>

#include "training/loop/training_batch.h"

namespace bh {

namespace {

// Why a generation trains nothing, or "" when it trains.
std::string reason_to_skip(const TrainingSettings& t, const ReplayBuffer& window) {
  if (t.steps_per_generation == 0) return "[training] steps_per_generation = 0";
  if (window.size() < std::size_t(t.batch_size))
    return std::to_string(window.size()) + " samples in the window, fewer than a batch";
  return "";
}

JsonLine step_line(std::int64_t g, std::int64_t step, const StepStats& st) {
  JsonLine line;
  line.set("kind", "step").set("generation", g).set("step", step).set("loss", st.loss)
      .set("policy_loss", st.policy_loss).set("value_loss", st.value_loss).set("lr", st.learning_rate)
      .set("grad_norm", st.grad_norm);
  return line;
}

std::string progress_text(const RunContext& run, std::int64_t g, int i, int steps, const StepStats& st,
                          double samples_per_s, std::size_t window) {
  char text[320];
  std::snprintf(text, sizeof text, "gen %lld train: step %lld (%d/%d), loss %.3f (policy %.3f, value %.3f), %.0f samples/s, %lld in window, %s",
                static_cast<long long>(g), static_cast<long long>(run.trainer.steps()), i + 1, steps, st.loss,
                st.policy_loss, st.value_loss, samples_per_s, static_cast<long long>(window), run.clock_text().c_str());
  return text;
}

}  // namespace

int generation_steps(const TrainingSettings& t, std::size_t window_samples) {
  if (t.max_window_passes <= 0) return t.steps_per_generation;
  const double cap = std::ceil(t.max_window_passes * double(window_samples) / double(t.batch_size));
  return int(std::min(double(t.steps_per_generation), cap));
}

BatchTargets batch_targets(const Config& config) {
  return {config.training.value_q_weight, config.selfplay_config().match_rules(),
          config.search.allow_wait && config.clock.timed(), config.network.net.tactical_residual,
          double(config.network.net.tactical_scale), config.network.net.tactical_placement};
}

bool train_generation(RunContext& run, ReplayBuffer& window, std::int64_t g, JsonLine& summary) {
  const auto r = window.refresh(run.dir.chunks());
  for (const auto& w : r.warnings) run.progress.say("warning: " + w);
  const TrainingSettings& t = run.config.training;
  const int steps = generation_steps(t, window.size());
  summary.set("samples_total", window.total_seen()).set("window", std::int64_t(window.size()));
  if (const std::string skip = reason_to_skip(t, window); !skip.empty()) {
    run.progress.say("gen " + std::to_string(g) + ": " + skip + ": no training this generation");
    return true;
  }
  at::set_num_threads(t.threads > 0 ? t.threads : int(std::thread::hardware_concurrency()));  // training runs alone
  Rng rng(run.config.network.seed * 7'777'777ULL + std::uint64_t(g) * 31ULL + std::uint64_t(run.state.session));
  const BatchTargets targets = batch_targets(run.config);
  auto next_batch = [&] {
    auto picked = window.draw(std::size_t(t.batch_size), rng, t.recency_weight);
    return std::async(std::launch::async, [picked = std::move(picked), &targets] { return build_batch(picked, targets); });
  };
  const auto start = std::chrono::steady_clock::now();
  const std::int64_t first_step = run.trainer.steps();
  auto pending = next_batch();
  double loss = 0, policy = 0, value = 0;
  int n = 0;
  for (int i = 0; i < steps; ++i) {
    TrainingBatch batch = pending.get();
    if (i + 1 < steps) pending = next_batch();
    const StepStats st = run.trainer.step(batch);
    loss += st.loss, policy += st.policy_loss, value += st.value_loss, ++n;
    if (run.trainer.steps() % 10 == 0) run.metrics.write(step_line(g, run.trainer.steps(), st));
    const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    run.progress.show(progress_text(run, g, i, steps, st, double(i + 1) * t.batch_size / std::max(s, 1e-9), window.size()));
    // A stop before the last step: the generation's training is redone from its checkpoint
    // on resume. After the last one the generation is finished and saved first (the
    // request stays pending and ends the run after it).
    if (i + 1 < steps && run.stopping()) {
      pending.wait();
      return false;
    }
  }
  const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  summary.set("steps", run.trainer.steps()).set("train_steps", run.trainer.steps() - first_step)
      .set("loss", loss / n).set("policy_loss", policy / n).set("value_loss", value / n)
      .set("train_samples_per_s", double(n) * t.batch_size / std::max(s, 1e-9));
  return true;
}

}  // namespace bh
