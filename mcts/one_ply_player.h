// one_ply_player.h — the fixed baselines that look at most one move ahead (random_player.h,
// greedy_player.h): every legal move gets a score, a best-scoring one is played (ties
// broken at random), after a think time drawn from the time model. They never wait.
#pragma once

#include <cstdint>
#include <string>

#include "mcts/player.h"
#include "mcts/rng.h"
#include "mcts/time_model.h"

namespace bh {

class OnePlyPlayer : public Player {
 public:
  // The score of `seat` playing `m` (a legal move) in `match`; higher is better.
  using Score = int (*)(const Match& match, Seat seat, Move m);

  OnePlyPlayer(std::string name, Score score, const TimeModel& time, std::uint64_t seed)
      : name_(std::move(name)), score_(score), time_(time), rng_(seed) {}
  PlayerAction decide(const Match& match, Seat seat, std::int64_t t) override;
  std::string name() const override { return name_; }

 private:
  std::string name_;
  Score score_;
  TimeModel time_;
  Rng rng_;
};

}  // namespace bh
