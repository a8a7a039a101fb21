// evaluation_stage.h — a generation's arenas: the new net against the fixed baselines
// (random and greedy movers: a scale that does not move) and against the best net so far
// (the Elo chain, training/elo.h). The new net becomes the best when promotion.h's rule
// says so (it beats the best and holds its ground against greedy). Results go into the generation's line;
// the matches into arena/gen-NNNN.bpgn.
#pragma once

#include <cstdint>

#include "training/report/json_line.h"
#include "training/loop/run_context.h"

namespace bh {

// Updates run.state (elo, best generation, the chain's variance).
void evaluate_generation(RunContext& run, std::int64_t generation, JsonLine& summary);

}  // namespace bh
