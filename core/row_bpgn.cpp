// row_bpgn.cpp — records of a row of boards: written from a Table, replayed into one.
#include <string>

#include "core/bpgn.h"
#include "core/bpgn_text.h"
#include "core/fen.h"
#include "core/notation.h"
#include "core/parse_error.h"
#include "core/table_notation.h"

namespace bh {

namespace {

// The FEN tag of a row that did not start from the standard boards, else "".
std::string row_start(const Table& table) {
  bool standard = true;
  std::string start;
  for (int b = 0; b < table.boards(); ++b) {
    standard = standard && table.initial_board(BoardId(b)) == Board();
    start += (b ? " | " : "") + to_fen(table.initial_board(BoardId(b)));
  }
  if (standard) return "";
  if (table.time_control().timed()) {
    start += " |";
    for (auto c : table.initial_clocks()) start += " " + std::to_string(c);
  }
  return start;
}

}  // namespace

std::string write_bpgn(const Table& table, const std::vector<std::pair<std::string, std::string>>& tags,
                       MoveStyle style) {
  const TimeControl& tc = table.time_control();
  std::string out = record_header(tags, tc, row_start(table), table.rules(), table.outcome());
  // Each move is written in the position it was played in, so the table is played again.
  std::vector<Board> start;
  for (int b = 0; b < table.boards(); ++b) start.push_back(table.initial_board(BoardId(b)));
  Table again(start, table.rules(), tc, table.initial_clocks());
  MovetextLines lines;
  for (const TableEvent& e : table.events()) {
    const BoardId b = board_of(e.seat);
    if (e.action.move.is_wait()) {
      again.wait(b, e.time_ms);
      continue;
    }
    const std::string text = style == MoveStyle::San ? to_san(again, b, e.action) : to_uci(again, b, e.action);
    lines.emit(move_token(again.board(b).fullmove_number(), e.seat, text, tc, e.clock_after_ms, e.time_ms - again.turn_started(b)));
    again.play(b, e.action, e.time_ms);
  }
  if (table.over()) lines.emit("{" + table.outcome().tag() + "}");
  lines.emit(result_string(table.outcome()));
  return out + lines.finish();
}

Table replay_row(const BpgnGame& game, const RuleSet& rules, const TimeControl& fallback) {
  const TimeControl tc = record_time_control(game, fallback);
  std::optional<Table> played;
  try {
    const std::string fen = game.tag("FEN");
    played.emplace(fen.empty() ? Table(rules, tc) : table_from_row(fen, rules, tc));
  } catch (const std::invalid_argument& e) {
    throw ParseError("game " + std::to_string(game.index) + ": " + e.what());
  }
  Table& t = *played;
  for (const BpgnPly& p : game.plies) {
    if (p.board >= t.boards())
      throw ParseError(ply_where(game, p) + "a row of " + std::to_string(t.boards()) + " boards has no board " +
                       board_letter(p.board));
    if (t.over()) throw ParseError(ply_where(game, p) + "the table is already over (" + t.outcome().describe() + ")");
    if (t.board(p.board).side_to_move() != p.color)
      throw ParseError(ply_where(game, p) + "it is " + std::string(seat_name(t.mover(p.board))) + "'s turn on that board");
    TableMove action;
    try {
      action = parse_action(t, p.board, p.text);
    } catch (const ParseError& e) {
      throw ParseError(ply_where(game, p) + e.what());
    }
    if (!t.play(p.board, action, recorded_time(t, p, tc)))
      throw ParseError(ply_where(game, p) + "the table ended before it (" + t.outcome().describe() + ")");
  }
  return t;
}

}  // namespace bh
