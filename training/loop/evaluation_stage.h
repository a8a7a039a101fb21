// evaluation_stage.h — a generation's arenas: the new net against the tactical evaluator
// at the same visits (the yardstick that does not saturate: what the net adds over the
// hand-written evaluator), against the fixed baselines (random and greedy movers: sanity
// lines, saturated early) and against the best net so far (the Elo chain,
// training/players/elo.h). The new net becomes the best when promotion.h's rule says so
// (it beats the best and, where those checks are on, holds its ground against greedy and
// the tactical evaluator); a net promoted with the tactical check then plays fresh matches
// against the tactical evaluator, and its score over those and the ones it was promoted on
// is the next bar. Each arena's score, games
// and Elo with its 95% interval go into the generation's line; the matches into
// arena/gen-NNNN.bpgn.
#pragma once

#include <cstdint>

#include "training/report/json_line.h"
#include "training/loop/run_context.h"

namespace bh {

// Updates run.state (elo, best generation, the chain's variance).
void evaluate_generation(RunContext& run, std::int64_t generation, JsonLine& summary);

}  // namespace bh
