// result_entry.h — the director's entry of the matches people play over the board, at
// the terminal of `bughouse tournament`: each such match is named (round, table, match,
// who sits where) and its result read from a line of standard input, asked again after a
// line it cannot read; end of input stops the tournament (it resumes with --resume).
#pragma once

#include <iosfwd>
#include <string_view>

#include "training/tournament/tournament.h"

namespace bh::cli {

// "R.T.M=RESULT" (round, table, match, from 1; RESULT as parse_entered_result reads it): a correction the
// director makes with --correct. Throws std::invalid_argument naming the option and text.
struct Correction {
  int round = 0, table = 0, match = 0;  // 0-based
  EnteredResult result;
};
Correction parse_correction(std::string_view text);

// Asks on `out`, reads from `in`.
ResultEntry terminal_result_entry(const Tournament& tournament, std::istream& in, std::ostream& out);

}  // namespace bh::cli
