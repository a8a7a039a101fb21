// random_player.h — the weakest baseline: a uniformly random legal move (never waits),
// thinking for a time drawn from the time model.
#pragma once

#include <cstdint>

#include "mcts/player.h"
#include "mcts/rng.h"
#include "mcts/time_model.h"

namespace bh {

class RandomPlayer final : public Player {
 public:
  explicit RandomPlayer(const TimeModel& time = TimeModel(), std::uint64_t seed = 0) : time_(time), rng_(seed) {}
  PlayerAction decide(const Match& match, Seat seat, std::int64_t t) override;
  std::string name() const override { return "random"; }

 private:
  TimeModel time_;
  Rng rng_;
};

}  // namespace bh
