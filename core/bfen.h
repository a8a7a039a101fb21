// bfen.h — the whole match as text: `<fen of A> | <fen of B>`, optionally followed by
// `| <Aw> <Ab> <Bw> <Bb>`, the four remaining clocks in milliseconds (seat order of
// core/RULES.md "Table and teams"). Spaces around `|` are optional. A row of three or more
// boards is written the same way, one FEN a board (parse_row).
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/board.h"
#include "core/match.h"

namespace bh {

struct Bfen {
  Board a;
  Board b;
  std::optional<std::array<std::int64_t, kSeats>> clocks;
};

// Throws ParseError naming the part (board A, board B, clocks) and what is wrong.
Bfen parse_bfen(std::string_view text);

// A row of boards (core/RULES.md "Three or more boards", "Notation"): the same text with
// one FEN a board, `<fen A> | <fen B> | <fen C>`, and the optional clocks two a board.
struct RowText {
  std::vector<Board> boards;
  std::optional<std::vector<std::int64_t>> clocks;
};
// Throws ParseError naming the board by its letter, or the clock by its seat.
RowText parse_row(std::string_view text);
std::string to_bfen(const Board& a, const Board& b);
// With the clocks at the match's current time when the match is timed.
std::string to_bfen(const Match& match);
// A match starting from a BFEN; its clocks (if given) replace the time control's start.
Match match_from_bfen(std::string_view text, const RuleSet& rules, const TimeControl& tc);

}  // namespace bh
