// player.cpp — what the players share: a think time from the time model.
#include "mcts/player.h"

#include <algorithm>

namespace bh {

std::int64_t sample_think_ms(const TimeModel& time, const Match& match, Seat seat, std::int64_t t, Rng& rng) {
  return std::max<std::int64_t>(1, time.sample_ms(match.remaining(seat, t), rng));
}

}  // namespace bh
