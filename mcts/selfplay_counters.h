// selfplay_counters.h — live counters of a self-play run, updated by the workers as they
// play and readable from any thread (progress lines, benchmarks).
#pragma once

#include <atomic>
#include <cstdint>

namespace bh {

struct SelfPlayCounters {
  std::atomic<std::int64_t> matches{0}, moves{0}, waits{0}, searches{0}, samples{0};
  std::atomic<std::int64_t> evaluations{0}, batches{0};
  std::atomic<std::int64_t> team1_wins{0}, team2_wins{0}, draws{0}, resignations{0};
  // Resignation check: matches where nobody may resign, those where a team met the resign
  // rule, and those where that team then did not lose.
  std::atomic<std::int64_t> playthrough_matches{0}, would_resign{0}, false_resigns{0};
  // Time the workers spent inside Evaluator::evaluate, summed over workers.
  std::atomic<std::int64_t> evaluator_ns{0};
};

}  // namespace bh
