// table_notation.h — a row of boards in text (core/RULES.md "Notation"): an action is a
// move in UCI or SAN followed, for a capture, by `>` and the letter of the board that
// receives (`e4d5>C`, `exd5>C`); the receiver may be left out where the capture has only
// one (every capture of two boards, a capture on an end board of three). A row's position
// is the BFEN written one FEN a board (core/bfen.h parse_row).
#pragma once

#include <string>
#include <string_view>

#include "core/table.h"

namespace bh {

// UCI with the receiver, written only where there is a choice (`e4d5>C`, `e2e4`).
std::string to_uci(const Table& table, BoardId b, const TableMove& action);
// SAN the same way (`exd5>C`).
std::string to_san(const Table& table, BoardId b, const TableMove& action);
// Reads UCI or SAN with an optional `>X`; throws ParseError naming the text and what is
// wrong (an illegal move, a board letter that is not a receiver of board b, a capture
// without a receiver where it has a choice).
TableMove parse_action(const Table& table, BoardId b, std::string_view text);

// The position and, when the table is timed, the clocks now.
std::string to_row(const Table& table);
// A table from a row's text; its clocks, when given, replace the time control's start.
Table table_from_row(std::string_view text, const RuleSet& rules, const TimeControl& tc);

}  // namespace bh
