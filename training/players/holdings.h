// holdings.h — the pieces in hand as CECP (xboard) writes them for bughouse and
// crazyhouse: `holding [PNB] [QR]`, White's pieces in the first bracket and Black's in
// the second, letters in any case and order; internet servers may add the piece just
// passed (`holding [PNB] [QR] BR`), which is ignored here. An empty hand is `[]`; some
// engines (Sjeng) stop reading at a character that is not a piece, so we write `[]`.
#pragma once

#include <array>
#include <string>
#include <string_view>

#include "core/board.h"

namespace bh {

// The text after `holding`. Throws ParseError saying what is malformed.
std::array<Reserve, 2> parse_holdings(std::string_view text);
// "[PN] [BQ]" for the board's two reserves (upper-case letters, Q R B N P order).
std::string format_holdings(const Board& board);
// The board with its two reserves replaced.
Board with_reserves(const Board& board, const std::array<Reserve, 2>& reserves);

}  // namespace bh
