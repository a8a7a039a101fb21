// time_model.h — how long a simulated player thinks before it acts (mcts/README.md "Time model
// and turn order"). Self-play draws think times from the model with a seeded generator;
// search uses the model's expected values, so its tree is deterministic. The model also
// sets the length of the wait action (the slice a player sits before deciding again).
#pragma once

#include <cstdint>
#include <string>

#include "mcts/rng.h"

namespace bh {

// Every think time, wait and expected delay is a multiple of this: BPGN writes clocks in
// hundredths of a second, so a self-play record then replays at exactly its times.
inline constexpr std::int64_t kTimeGridMs = 10;

enum class ThinkKind : std::uint8_t {
  Fixed,      // every think takes fixed_ms
  LogNormal,  // median = clock_fraction x remaining clock, log-space spread sigma, floor min_ms
};

struct TimeModelConfig {
  ThinkKind kind = ThinkKind::LogNormal;
  std::int64_t fixed_ms = 1000;    // Fixed: the think time
  double clock_fraction = 0.03;    // LogNormal: median think as a fraction of the remaining clock
  double sigma = 0.5;              // LogNormal: standard deviation of log(think time)
  std::int64_t min_ms = 100;       // no think is shorter (keeps a falling clock from Zeno's paradox)
  std::int64_t untimed_ms = 1000;  // LogNormal: median think when the match has no clocks
  std::int64_t wait_ms = 1000;     // the wait action: how long the mover sits before deciding again

  // Throws std::invalid_argument naming the first field out of range (the millisecond
  // fields must be multiples of kTimeGridMs).
  void validate() const;
  static std::string kind_name(ThinkKind k);
  bool operator==(const TimeModelConfig&) const = default;
};

class TimeModel {
 public:
  TimeModel() = default;
  explicit TimeModel(const TimeModelConfig& config);

  const TimeModelConfig& config() const { return config_; }
  std::int64_t wait_ms() const { return config_.wait_ms; }

  // `clock_ms` is the thinker's remaining time when the think starts (0 when untimed).
  std::int64_t sample_ms(std::int64_t clock_ms, Rng& rng) const;
  // The mean think time (rounded, at least min_ms).
  std::int64_t expected_ms(std::int64_t clock_ms) const;
  // Seen from outside: the thinker started with `clock_ms` and has thought `elapsed_ms`
  // without acting; how much longer it is expected to think, E[T - elapsed | T > elapsed].
  // At least one grid step: a player still thinking has not acted yet.
  std::int64_t expected_rest_ms(std::int64_t clock_ms, std::int64_t elapsed_ms) const;

 private:
  double median_ms(std::int64_t clock_ms) const;
  TimeModelConfig config_;
};

}  // namespace bh
