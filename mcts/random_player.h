// random_player.h — the weakest baseline: a uniformly random legal move (every move scores
// alike, so the tie-break draws among all of them), never a wait.
#pragma once

#include <cstdint>

#include "mcts/one_ply_player.h"

namespace bh {

class RandomPlayer final : public OnePlyPlayer {
 public:
  explicit RandomPlayer(const TimeModel& time = TimeModel(), std::uint64_t seed = 0)
      : OnePlyPlayer("random", [](const Match&, Seat, Move) { return 0; }, time, seed) {}
};

}  // namespace bh
