// selfplay_stage.h — a generation's self-play on this machine: the current net (or, in the
// first generations of a bootstrapped run, the material evaluator) plays the matches the
// generation still lacks through the one self-play driver (mcts/selfplay_driver.h), into the
// run's chunks/ and games/. Each chunk header names the generation and session, so a
// resumed run plays exactly what is missing (training/loop/README.md "Resume").
#pragma once

#include <cstdint>

#include "training/loop/run_context.h"

namespace bh {

struct SelfPlayStage {
  bool finished = false;   // false: stopped before the generation had all its matches
  double evals_per_s = 0;  // 0 when nothing was left to play
};

// `done`: the generation's matches already committed (RunProgress::matches_of).
SelfPlayStage play_generation(RunContext& run, std::int64_t generation, std::int64_t done);

// The generation whose net plays the next generation's self-play: the latest, or the best
// so far under [run] selfplay_net = "best".
std::int64_t selfplay_generation(const Config& config, const RunState& state);

// The matches generation `g` plays: the bootstrap's count in its generations, else [run]'s.
std::int64_t matches_for_generation(const Config& config, std::int64_t g);

}  // namespace bh
