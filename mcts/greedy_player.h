// greedy_player.h — the one-ply material baseline (a fixed arena opponent): a mating move if
// there is one, else the move that leaves its team the best material balance over both
// boards with Sunsetter's values (pieces in hand count, so a capture counts twice: off the
// opponent's board and into the partner's reserve). Ties are broken at random. Never waits.
#pragma once

#include <cstdint>

#include "mcts/one_ply_player.h"

namespace bh {

class GreedyPlayer final : public OnePlyPlayer {
 public:
  explicit GreedyPlayer(const TimeModel& time = TimeModel(), std::uint64_t seed = 0)
      : OnePlyPlayer("greedy", score_move, time, seed) {}

  // The balance for `seat`'s team after it plays `m` (a legal move), or kMateScore for a mate.
  static int score_move(const Match& match, Seat seat, Move m);
  static constexpr int kMateScore = 1'000'000;
};

}  // namespace bh
