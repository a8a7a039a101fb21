// go_command.h — the arguments of a UCI `go` (training/engine/PROTOCOL.md layers 1 and 3) and the
// engine's clock handling: how long to think for a given remaining time and increment.
//
//   go wtime <ms> btime <ms> [winc <ms>] [binc <ms>] | movetime <ms> | nodes <n> | infinite
//   go seat <A-white|A-black|B-white|B-black> clocks <Aw> <Ab> <Bw> <Bb> [inc <ms>] ...
//
// Unknown words are skipped (UCI: `ponder`, `depth 5`, `searchmoves ...`); a known word
// with a missing or malformed value is an error, since searching with a misread clock
// would lose on time silently.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "core/types.h"

namespace bh {

struct GoCommand {
  std::optional<Seat> seat;                                  // layer 3
  std::optional<std::array<std::int64_t, kSeats>> clocks;    // layer 3, seat order
  std::optional<std::int64_t> wtime, btime, winc, binc, inc; // milliseconds
  std::optional<std::int64_t> movetime;                      // milliseconds
  std::optional<std::int64_t> nodes;                         // visits of the search
  bool infinite = false;

  bool timed() const { return clocks.has_value() || wtime.has_value() || btime.has_value(); }
};

// `args` is the text after `go`. Throws ParseError naming the word and what it needs.
GoCommand parse_go(std::string_view args);

// "A-white" (any case; also "awhite", "a_white") -> the seat.
std::optional<Seat> parse_seat(std::string_view text);

// How long to think with `remaining_ms` on the clock and `increment_ms` per move, less
// `overhead_ms` for the host's lag: 1/`moves_to_go` of the clock beyond a reserve of 750 ms
// (half the clock when it is less) plus 3/4 of the increment, never more than a third of
// the clock; 1 ms (the smallest search) when that leaves nothing. `moves_to_go` >= 1.
std::int64_t think_budget_ms(std::int64_t remaining_ms, std::int64_t increment_ms, std::int64_t overhead_ms,
                             std::int64_t moves_to_go);

// The budget under bughouse clocks: what matters is the seat's time against its partner's
// opponent's (`diagonal_ms`; core/RULES.md "Clocks": when both sit, the lower clock flags
// first). Behind, the budget shrinks in proportion (down to half) so the team gets its
// time back; ahead, it grows with the lead, by at most a quarter. 0 = the diagonal clock is
// unknown: the budget as it is.
std::int64_t balance_budget_ms(std::int64_t budget_ms, std::int64_t own_ms, std::int64_t diagonal_ms);

}  // namespace bh
