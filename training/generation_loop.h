// generation_loop.h — `bughouse train`: the embedded, one-machine pipeline. Each
// generation: self-play with the current net -> chunk files -> train on the replay
// window -> checkpoint (atomic) -> arena against the previous best and the fixed
// baselines -> metrics -> next generation, until a budget (generations, samples, wall
// time) is spent or Ctrl-C. A killed or interrupted run resumes from its last checkpoint
// with the same step count and optimiser state; the self-play chunks the interrupted
// generation had written are kept and count towards it.
//
// With a broker (distributed self-play), self-play happens on `bughouse worker` processes anywhere: the
// trainer publishes each net (version = generation) to Redis and a generation collects
// matches from the chunk stream instead of playing them; every chunk is validated
// (chunk_validation.h), written to chunks/<stream id>.chunk and only then acknowledged.
//
// Run directory:
//   config.toml          the configuration the run uses (resume reads it back)
//   rules.txt            the rule set, one key=value per line
//   revision.txt         the source revision the program was built from
//   checkpoints/gen-NNNN.ckpt   one per generation (gen-0000: the initial net)
//   chunks/gNNNN-*.chunk        self-play samples of generation NNNN
//   chunks/<ms>-<seq>.chunk     (with a broker) the chunk of that stream entry
//   games/gNNNN-*.bpgn          the same matches as BPGN records
//   arena/gen-NNNN.bpgn         the evaluation matches of generation NNNN
//   metrics.jsonl        one JSON line per logged training step and per generation
//   report.html          the curves (bughouse report), rewritten after each generation
#pragma once

#include <filesystem>
#include <iosfwd>
#include <string>

#include "training/config.h"
#include "training/interrupt.h"

namespace bh {

struct TrainOptions {
  std::filesystem::path run_dir;
  bool resume = false;
  std::string broker_url;  // redis://[user:password@]host:port/db; empty: self-play here
};

// Runs the loop; returns when the budget is spent or after an interrupt (the current
// generation's unfinished work is dropped; what it finished stays on disk). Throws
// std::runtime_error for an unusable run directory (exists without --resume, nothing to
// resume, a checkpoint of another net shape or rule set than the configuration).
void run_training(const Config& config, const TrainOptions& options, InterruptWatch& interrupt, std::ostream& log);

// The source revision baked in at build time ("<hash>[-dirty]" or "unknown").
std::string source_revision();

}  // namespace bh
