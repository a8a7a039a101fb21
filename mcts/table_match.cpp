// table_match.cpp — the event loop of a row: the earliest ready mover acts next.
#include "mcts/table_match.h"

#include <algorithm>
#include <limits>
#include <stdexcept>
#include <string>
#include <vector>

namespace bh {

namespace {

constexpr std::int64_t kNever = std::numeric_limits<std::int64_t>::max();

}  // namespace

Table play_table_match(std::span<TablePlayer* const> players, const TableMatchConfig& config) {
  Table table(config.rules, config.clock);
  if (players.size() != std::size_t(table.seats()))
    throw std::invalid_argument("a table of " + std::to_string(table.boards()) + " boards seats " +
                                std::to_string(table.seats()) + " players, not " + std::to_string(players.size()));
  Rng rng(config.seed);
  std::vector<std::int64_t> ready(table.boards(), kNever);
  // Board b's mover starts a think at `from`; a stuck mover waits for a piece.
  auto schedule = [&](int b, std::int64_t from) {
    const Seat mover = table.mover(BoardId(b));
    ready[b] = table.state(BoardId(b)) == BoardState::Playing
                   ? from + config.think.sample_ms(table.remaining(mover, from), rng)
                   : kNever;
  };
  for (int b = 0; b < table.boards(); ++b) schedule(b, 0);
  while (!table.over()) {
    const int next = int(std::min_element(ready.begin(), ready.end()) - ready.begin());
    // Every mover stuck has ended the table (Table::check_all_stuck): someone is ready.
    if (ready[next] == kNever) throw std::logic_error("table match: every mover waits and the table goes on");
    const std::int64_t t = ready[next];
    if (!table.advance_to(t)) break;  // a clock ran out first
    const TableMove action = players[table.mover(BoardId(next))]->decide(table, BoardId(next));
    if (action.move.is_wait()) {
      // The mover sits one slice, clock running, and decides again (a search player may).
      table.wait(BoardId(next), t);
      ready[next] = t + config.think.wait_ms();
      continue;
    }
    table.play(BoardId(next), action, t);
    schedule(next, t);
    for (int b = 0; b < table.boards(); ++b)
      if (ready[b] == kNever) schedule(b, t);  // a piece may have reached a stuck mover
  }
  return table;
}

}  // namespace bh
