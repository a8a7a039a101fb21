// generation_loop.h — `bughouse train`: the embedded, one-machine pipeline. Each
// generation runs its stages, one file each:
//
//   self-play    selfplay_stage.h   (or, with a broker, broker_link.h collects from workers)
//   training     training_stage.h
//   evaluation   evaluation_stage.h (arenas, the Elo chain, promotion)
//   commit       metrics line, checkpoint (the commit point), report
//
// until a budget (generations, samples, wall time) is spent or Ctrl-C/SIGTERM. The run's
// files and how progress is read from them are run_directory.h; what a run remembers
// between generations is run_state.h; what the stages share is run_context.h.
//
// Resume is exact by construction (training/loop/README.md "Resume"): a generation's matches
// are counted from its chunk headers, so a run killed at any instant and resumed ends every
// generation with exactly its configured matches and redoes the training of the generation
// whose checkpoint it had not written, from the same step. One process writes a run at a
// time (run_lock.h).
#pragma once

#include <filesystem>
#include <iosfwd>
#include <string>

#include "training/config/config.h"
#include "core/platform/interrupt.h"

namespace bh {

struct TrainOptions {
  std::filesystem::path run_dir;
  bool resume = false;
  std::string broker_url;  // redis://[user:password@]host:port/db; empty: self-play here
};

// Runs the loop; returns when the budget is spent or after an interrupt (the current
// generation's unfinished work is dropped; what it finished stays on disk). Throws
// std::runtime_error for an unusable run directory (exists without --resume, nothing to
// resume, in use by another process, a checkpoint of another net shape or rule set than
// the configuration).
void run_training(const Config& config, const TrainOptions& options, InterruptWatch& interrupt, std::ostream& log);

// The source revision baked in at build time ("<hash>[-dirty]" or "unknown").
std::string source_revision();

}  // namespace bh
