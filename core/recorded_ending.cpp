// recorded_ending.cpp — replaying the ends that no move shows.
#include "core/recorded_ending.h"

#include <algorithm>

namespace bh {

void apply_recorded_ending(Match& m, const GameEnding& e) {
  if (m.over() || !e.over()) return;
  const BoardId b = board_of(e.seat);
  const bool every_game = e.reason == EndReason::Agreement;
  if (m.rules().both_games && !every_game && m.game_over(b)) return;
  const std::int64_t t = std::max(e.time_ms, m.now());
  switch (e.reason) {
    case EndReason::Resignation: m.resign(e.seat, t); break;
    case EndReason::LeftTable: m.leave(e.seat, t); break;
    case EndReason::Fault: m.fault(e.seat, t); break;
    case EndReason::Agreement: m.agree_draw(t); break;
    case EndReason::Flag:
      if (m.mover(b) != e.seat) break;  // a record whose flag names a seat not to move
      [[fallthrough]];
    case EndReason::StuckFlag:
    case EndReason::SimultaneousFlags:
      // The clocks run to the fall; a record's tag (no time) waits for the mover's.
      if (m.time_control().timed()) m.advance_to(e.time_ms > m.now() ? e.time_ms : std::max(m.now(), m.flag_time(b)));
      break;
    default: break;  // the moves decide every other ending
  }
}

void apply_game_endings_due(Match& m, const std::array<GameEnding, 2>& games, std::int64_t t) {
  if (!m.rules().both_games) return;
  for (BoardId b : {BoardA, BoardB})
    if (games[b].over() && games[b].time_ms <= t) apply_recorded_ending(m, games[b]);
}

void finish_as_recorded(Match& m, const Outcome& recorded) {
  if (recorded.reason == EndReason::GamesScored) {
    // In the order they ended: a game's ending can strand the other's stuck mover.
    const bool a_first = recorded.games[BoardA].time_ms <= recorded.games[BoardB].time_ms;
    for (BoardId b : {a_first ? BoardA : BoardB, a_first ? BoardB : BoardA}) apply_recorded_ending(m, recorded.games[b]);
    return;
  }
  apply_recorded_ending(m, GameEnding{recorded.result, recorded.reason, recorded.seat, recorded.time_ms});
}

}  // namespace bh
