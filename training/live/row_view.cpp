// row_view.cpp — drawing a row as text, band by band.
#include "training/live/row_view.h"

#include <algorithm>
#include <vector>

#include "training/live/table_view.h"

namespace bh {

namespace {

constexpr int kBoardsPerBand = 3;
constexpr std::size_t kColumnWidth = 40;

// "C-white  0:59    [QN]  <- to move (you)".
std::string seat_line(const Table& table, Seat s, std::int64_t t, std::optional<Seat> you) {
  const BoardId b = board_of(s);
  std::string line = std::string(seat_name(s));
  line.resize(9, ' ');
  std::string clock = format_clock(table.remaining(s, t), table.time_control().timed());
  clock.resize(8, ' ');
  line += clock + reserve_text(table.board(b), color_of(s));
  if (!table.over() && table.mover(b) == s)
    line += table.state(b) != BoardState::Playing ? "  <- waits for a piece" : "  <- to move";
  if (you && *you == s) line += " (you)";
  return line;
}

std::vector<std::string> board_column(const Table& table, BoardId b, std::int64_t t, std::optional<Seat> you) {
  const Team viewer = team_of(you.value_or(AWhite));
  const Color bottom = team_of(make_seat(b, White)) == viewer ? White : Black;
  std::vector<std::string> column{std::string("Board ") + board_letter(b)};
  column.push_back(seat_line(table, make_seat(b, ~bottom), t, you));
  for (std::string& row : board_rows(table.board(b), bottom)) column.push_back(std::move(row));
  column.push_back(seat_line(table, make_seat(b, bottom), t, you));
  return column;
}

}  // namespace

std::string render_row(const Table& table, std::int64_t t, std::optional<Seat> you) {
  std::string out;
  for (int first = 0; first < table.boards(); first += kBoardsPerBand) {
    std::vector<std::vector<std::string>> band;
    for (int b = first; b < std::min(table.boards(), first + kBoardsPerBand); ++b)
      band.push_back(board_column(table, BoardId(b), t, you));
    if (first > 0) out += "\n";
    for (std::size_t i = 0; i < band[0].size(); ++i) {
      std::string line;
      for (std::size_t c = 0; c < band.size(); ++c) {
        line += band[c][i];
        if (c + 1 < band.size()) line.resize(std::max(line.size() + 2, kColumnWidth * (c + 1)), ' ');
      }
      out += line + "\n";
    }
  }
  return out;
}

}  // namespace bh
