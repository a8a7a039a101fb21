// result_entry.h — the director's entry of the matches people play over the board, at
// the terminal of `bughouse tournament`: each such match is named (round, table, match,
// who sits where) and its result read from a line of standard input, asked again after a
// line it cannot read; end of input stops the tournament (it resumes with --resume).
#pragma once

#include <iosfwd>
#include <string_view>

#include "training/tournament/tournament.h"

namespace bh::cli {

// "1-0", "0-1" (team 1 or team 2 wins), "1/2" (also "1/2-1/2", "draw"), a win followed by
// "forfeit" or "illegal" (the other team forfeited, or lost by an illegal move). Throws
// std::invalid_argument saying what is accepted.
EnteredResult parse_entered_result(std::string_view text);

// "R.T.M=RESULT" (round, table, match, from 1; RESULT as above): a correction the
// director makes with --correct. Throws std::invalid_argument naming the option and text.
struct Correction {
  int round = 0, table = 0, match = 0;  // 0-based
  EnteredResult result;
};
Correction parse_correction(std::string_view text);

// Asks on `out`, reads from `in`.
ResultEntry terminal_result_entry(const Tournament& tournament, std::istream& in, std::ostream& out);

}  // namespace bh::cli
