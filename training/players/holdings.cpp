// holdings.cpp — reading and writing xboard's `holding` brackets.
#include "training/players/holdings.h"

#include "core/parse_error.h"

namespace bh {

std::array<Reserve, 2> parse_holdings(std::string_view text) {
  std::array<Reserve, 2> out{};
  std::size_t i = 0;
  for (int side = 0; side < 2; ++side) {
    while (i < text.size() && (text[i] == ' ' || text[i] == '\t')) ++i;
    if (i >= text.size() || text[i] != '[')
      throw ParseError(std::string("holding: expected '[' to open ") + (side == 0 ? "White's" : "Black's") +
                       " pieces, e.g. holding [PN] [BQ]");
    ++i;
    for (; i < text.size() && text[i] != ']'; ++i) {
      const char c = text[i];
      PieceType t;
      switch (c) {
        case 'P': case 'p': t = Pawn; break;
        case 'N': case 'n': t = Knight; break;
        case 'B': case 'b': t = Bishop; break;
        case 'R': case 'r': t = Rook; break;
        case 'Q': case 'q': t = Queen; break;
        case '-': case ' ': continue;  // "[-]" is an empty hand in some interfaces
        default:
          throw ParseError("holding: '" + std::string(1, c) + "' is not a piece that can be held (P N B R Q)");
      }
      Reserve& r = out[std::size_t(side)];
      if (r.count[t] >= 16) throw ParseError("holding: more than 16 pieces of one kind");
      ++r.count[t];
    }
    if (i >= text.size()) throw ParseError("holding: ']' missing");
    ++i;
  }
  return out;
}

std::string format_holdings(const Board& board) {
  std::string s;
  for (Color c : {White, Black}) {
    if (c == Black) s += ' ';
    s += '[';
    for (PieceType t : {Queen, Rook, Bishop, Knight, Pawn})
      s.append(std::size_t(board.reserve(c)[t]), piece_type_char(t));
    s += ']';
  }
  return s;
}

Board with_reserves(const Board& board, const std::array<Reserve, 2>& reserves) {
  BoardSetup setup = board.setup();
  setup.reserves = reserves;
  return Board(setup);
}

}  // namespace bh
