// sitting.cpp — a board's events since its last move tell whether its mover waited.
#include "training/live/sitting.h"

namespace bh {

std::optional<std::int64_t> sitting_since(const Match& match, BoardId board) {
  if (match.over() || match.game_over(board)) return std::nullopt;  // nobody sits at a finished game
  const Seat mover = match.mover(board);
  std::int64_t turn_start = 0;
  bool waited = false;
  for (const MatchEvent& e : match.events()) {
    if (board_of(e.seat) != board) continue;
    if (!e.move.is_wait()) {
      turn_start = e.time_ms;
      waited = false;
    } else if (e.seat == mover) {
      waited = true;
    }
  }
  if (waited || match.state(board) != BoardState::Playing) return turn_start;
  return std::nullopt;
}

}  // namespace bh
