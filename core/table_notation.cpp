// table_notation.cpp — actions with their receiver, and a row's position, as text.
#include "core/table_notation.h"

#include <algorithm>
#include <stdexcept>
#include <vector>

#include "core/bfen.h"
#include "core/fen.h"
#include "core/notation.h"
#include "core/parse_error.h"

namespace bh {

namespace {

std::string receiver_suffix(const Table& table, BoardId b, const TableMove& action) {
  if (action.receiver == TableMove::kNoBoard || table.receivers(b).size() < 2) return "";
  return std::string(">") + board_letter(BoardId(action.receiver));
}

}  // namespace

std::string to_uci(const Table& table, BoardId b, const TableMove& action) {
  return to_uci(action.move) + receiver_suffix(table, b, action);
}

std::string to_san(const Table& table, BoardId b, const TableMove& action) {
  return to_san(table.board(b), table.rules(), action.move) + receiver_suffix(table, b, action);
}

TableMove parse_action(const Table& table, BoardId b, std::string_view text) {
  const std::size_t arrow = text.find('>');
  const std::string_view move_text = text.substr(0, arrow);
  TableMove action;
  try {
    action.move = parse_move(table.board(b), table.rules(), move_text);
  } catch (const std::exception& e) {
    throw ParseError("action '" + std::string(text) + "' on board " + board_letter(b) + ": " + e.what());
  }
  if (arrow != std::string_view::npos) {
    const std::string_view letter = text.substr(arrow + 1);
    if (letter.size() != 1 || letter[0] < 'A' || letter[0] >= 'A' + table.boards())
      throw ParseError("action '" + std::string(text) + "': after '>' a board letter A to " +
                       std::string(1, board_letter(BoardId(table.boards() - 1))) + " is expected");
    action.receiver = std::uint8_t(letter[0] - 'A');
  }
  // The table's own check: a receiver that is none, or a missing one where there is a choice.
  try {
    (void)table.checked(b, action);
  } catch (const std::invalid_argument& e) {
    throw ParseError("action '" + std::string(text) + "': " + e.what());
  }
  return action;
}

std::string to_row(const Table& table) {
  std::string s;
  for (int b = 0; b < table.boards(); ++b) s += (b ? " | " : "") + to_fen(table.board(BoardId(b)));
  if (table.time_control().timed()) {
    s += " |";
    for (int seat = 0; seat < table.seats(); ++seat) s += ' ' + std::to_string(table.remaining(Seat(seat)));
  }
  return s;
}

Table table_from_row(std::string_view text, const RuleSet& rules, const TimeControl& tc) {
  RowText row = parse_row(text);
  TimeControl control = tc;
  if (row.clocks && !control.timed()) control.initial_ms = row.clocks->front();
  try {
    return Table(std::move(row.boards), rules, control, row.clocks.value_or(std::vector<std::int64_t>{}));
  } catch (const std::invalid_argument& e) {
    throw ParseError("row: " + std::string(e.what()) + " in '" + std::string(text) + "'");
  }
}

}  // namespace bh
