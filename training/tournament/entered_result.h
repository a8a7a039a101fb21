// entered_result.h — a result the director enters for a match played over the board (or a
// browser table's match the director decides): team 1's score and how it ended, and the
// one reader of the words a director types for it, at the terminal (`bughouse tournament`)
// and in the browser (`bughouse serve`'s tournaments).
#pragma once

#include <string>
#include <string_view>

namespace bh {

// Team 1's score (A-white and B-black: 1, 0.5 or 0) and how it ended ("over the board",
// "forfeit", "illegal move").
struct EnteredResult {
  double team1 = 0.5;
  std::string ending = "over the board";
};

// What parse_entered_result accepts, in words (a prompt or an error says it).
inline constexpr const char* kEnteredResultForms =
    "1-0 (team 1 wins), 0-1 (team 2 wins) or 1/2 (a draw); after a win, \"forfeit\" or \"illegal\" when the other "
    "team forfeited or lost by an illegal move";

// "1-0", "0-1" (team 1 or team 2 wins), "1/2" (also "1/2-1/2", "draw"), a win followed by
// "forfeit" or "illegal" (the other team forfeited, or lost by an illegal move). Throws
// std::invalid_argument saying what is accepted.
EnteredResult parse_entered_result(std::string_view text);

}  // namespace bh
