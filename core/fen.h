// fen.h — Board <-> FEN with holdings, and the whole-match BFEN.
//
// FEN: `<placement>[<holdings>] <side> <castling> <ep> <halfmove> <fullmove>` exactly as
// Fairy-Stockfish writes it for bughouse (core/RULES.md "Notation"): holdings upper case for
// White then lower case for Black, each in the order Q R B N P; promoted pieces carry `~`
// after the letter. The reader also takes holdings as a ninth rank (`.../RNBQKBNR/Pp`),
// holdings in any order, a FEN without holdings, and a FEN without the two counters. A pawn
// on its last rank reads as the pawn that did not promote (core/RULES.md "Promotion from
// the reserve"); whether the rules allow it is the Match's question.
#pragma once

#include <string>
#include <string_view>

#include "core/board.h"

namespace bh {

// Throws ParseError naming the field and the character position.
Board parse_fen(std::string_view fen);
// with_holdings=false writes the plain six-field chess FEN (no bracket).
std::string to_fen(const Board& board, bool with_holdings = true);

inline constexpr std::string_view kStartFen =
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1";

}  // namespace bh
