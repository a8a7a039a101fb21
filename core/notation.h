// notation.h — moves as text: UCI coordinates (`e2e4`, `e7e8q`, drops `N@f3`, the wait
// action `0000`) and SAN for records (`Nbd2`, `exd6`, `e8=Q+`, `N@f3#`, `O-O`).
// Readers check the move against the legal moves of the board and say why one is refused.
#pragma once

#include <string>
#include <string_view>

#include "core/board.h"
#include "core/rules.h"

namespace bh {

// Text only; no board needed. Drops are written with an upper-case letter for both
// colours, as Fairy-Stockfish writes them.
std::string to_uci(Move m);
// Reads a UCI move and returns the legal move it names; `0000` is the wait action.
// Throws ParseError for malformed text or a move that is not legal here.
Move parse_uci(const Board& board, const RuleSet& rules, std::string_view text);

// SAN with the check mark: '+' for check, '#' when the move mates under `rules`.
std::string to_san(const Board& board, const RuleSet& rules, Move m);
// Reads SAN (tolerant of missing or extra '=', 'x', '+', '#', '!' and '?', `0-0` for
// castling, `@e4` for a pawn drop). Throws ParseError naming an illegal or ambiguous move.
Move parse_san(const Board& board, const RuleSet& rules, std::string_view text);

// UCI if the text looks like coordinates, SAN otherwise.
Move parse_move(const Board& board, const RuleSet& rules, std::string_view text);

}  // namespace bh
