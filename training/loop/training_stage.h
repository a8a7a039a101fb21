// training_stage.h — a generation's training: steps_per_generation optimiser steps (fewer
// while the window is small, with max_window_passes) on batches drawn from the replay window, the next batch expanded on another thread while
// the current one trains. Step lines go to metrics.jsonl every 10 steps; the summary
// (mean losses, rate, window) goes into the generation's line.
#pragma once

#include <cstdint>

#include "training/report/json_line.h"
#include "training/loop/replay_buffer.h"
#include "training/loop/run_context.h"
#include "training/loop/training_batch.h"

namespace bh {

// The optimiser steps of a generation whose window holds `window_samples`: steps_per_generation,
// or with max_window_passes = p > 0 at most ceil(p x window_samples / batch_size).
int generation_steps(const TrainingSettings& t, std::size_t window_samples);

// The targets of the run's batches: its value blend, and the legal actions of self-play
// (the rules it plays, with the wait where [search] allows it on a clock).
BatchTargets batch_targets(const Config& config);

// Reads the chunks written since the last call into `window` first. Returns false when
// stopped before the last step (the generation's training is then redone on resume).
bool train_generation(RunContext& run, ReplayBuffer& window, std::int64_t generation, JsonLine& summary);

}  // namespace bh
