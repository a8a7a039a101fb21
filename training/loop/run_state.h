// run_state.h — what a run remembers between generations: stored in each checkpoint's
// metadata (nn/checkpoint.h CheckpointMeta::extra), so the checkpoint alone says where a
// resumed run stands.
#pragma once

#include <cstdint>
#include <string>

#include "nn/checkpoint.h"

namespace bh {

struct RunState {
  std::int64_t generation = 0;
  std::int64_t best_generation = 0;
  double elo = 0;                // of the latest net, relative to the initial net
  double best_elo = 0;           // of the best net
  double best_elo_variance = 0;  // of best_elo, summed along the chain (EloChain)
  // The promotion bars (promotion.h); -1: none yet. Against greedy the highest score a
  // promoted net has shown there; against the tactical evaluator the best net's score over
  // the matches it was promoted on and those it played after its promotion.
  double highest_vs_greedy = -1;
  double bar_vs_tactical = -1;
  double elapsed_s = 0;          // wall time spent on the run over all sessions
  std::int64_t session = 0;      // this session's number; resumes take a new one
  std::string broker_entry;      // with a broker: the last stream entry ingested ("" none)

  CheckpointMeta meta(const std::string& config_text, const std::string& revision) const;
  // Throws std::runtime_error naming the key whose value is not a number.
  static RunState from(const CheckpointMeta& meta);
};

}  // namespace bh
