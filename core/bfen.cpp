// bfen.cpp — reading and writing whole-match positions.
#include "core/bfen.h"

#include <algorithm>
#include <charconv>
#include <string>
#include <vector>

#include "core/fen.h"
#include "core/parse_error.h"

namespace bh {

namespace {

std::string_view trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r' || s.back() == '\n')) s.remove_suffix(1);
  return s;
}

}  // namespace

namespace {

std::vector<std::string_view> split_bars(std::string_view text) {
  std::vector<std::string_view> parts;
  std::size_t start = 0;
  for (std::size_t i = 0; i <= text.size(); ++i) {
    if (i == text.size() || text[i] == '|') {
      parts.push_back(trim(text.substr(start, i - start)));
      start = i + 1;
    }
  }
  return parts;
}

Board board_part(std::string_view part, std::string_view what, int i) {
  try {
    return parse_fen(part);
  } catch (const ParseError& e) {
    throw ParseError(std::string(what) + " board " + board_letter(BoardId(i)) + ": " + e.what());
  }
}

// `seats` positive numbers of milliseconds, in seat order.
std::vector<std::int64_t> clocks_part(std::string_view rest, int seats, std::string_view what) {
  std::vector<std::int64_t> clocks(std::size_t(seats), 0);
  for (int s = 0; s < seats; ++s) {
    rest = trim(rest);
    std::size_t end = rest.find(' ');
    std::string_view num = rest.substr(0, end);
    auto [p, ec] = std::from_chars(num.data(), num.data() + num.size(), clocks[std::size_t(s)]);
    if (num.empty() || ec != std::errc() || p != num.data() + num.size() || clocks[std::size_t(s)] <= 0)
      throw ParseError(std::string(what) + " clocks: the clock of " + std::string(seat_name(Seat(s))) +
                       " is not a positive number of milliseconds: '" + std::string(num) + "'");
    rest = end == std::string_view::npos ? std::string_view() : rest.substr(end);
  }
  if (!trim(rest).empty())
    throw ParseError(std::string(what) + " clocks: unexpected '" + std::string(trim(rest)) + "' after the " +
                     std::to_string(seats) + " clocks");
  return clocks;
}

}  // namespace

Bfen parse_bfen(std::string_view text) {
  const std::vector<std::string_view> parts = split_bars(text);
  if (parts.size() != 2 && parts.size() != 3)
    throw ParseError("BFEN: expected '<fen A> | <fen B>' with an optional '| <Aw> <Ab> <Bw> <Bb>', found " +
                     std::to_string(parts.size()) + " part(s) in '" + std::string(text) + "'");
  Bfen out{board_part(parts[0], "BFEN", 0), board_part(parts[1], "BFEN", 1), std::nullopt};
  if (parts.size() == 3) {
    const std::vector<std::int64_t> clocks = clocks_part(parts[2], kSeats, "BFEN");
    out.clocks.emplace();
    std::copy(clocks.begin(), clocks.end(), out.clocks->begin());
  }
  return out;
}

RowText parse_row(std::string_view text) {
  const std::vector<std::string_view> parts = split_bars(text);
  // The clocks are the one part without a rank separator.
  const bool clocked = parts.back().find('/') == std::string_view::npos;
  const int boards = int(parts.size()) - (clocked ? 1 : 0);
  if (boards < 2 || boards > kMaxBoards)
    throw ParseError("row: expected 2 to " + std::to_string(kMaxBoards) +
                     " FENs separated by '|', with an optional '| <clocks>' two a board, found " +
                     std::to_string(boards) + " board(s) in '" + std::string(text) + "'");
  RowText out;
  for (int i = 0; i < boards; ++i) out.boards.push_back(board_part(parts[std::size_t(i)], "row", i));
  if (clocked) out.clocks = clocks_part(parts.back(), 2 * boards, "row");
  return out;
}

std::string to_bfen(const Board& a, const Board& b) { return to_fen(a) + " | " + to_fen(b); }

std::string to_bfen(const Match& m) {
  std::string s = to_bfen(m.board(BoardA), m.board(BoardB));
  if (m.time_control().timed()) {
    s += " |";
    for (int i = 0; i < kSeats; ++i) s += ' ' + std::to_string(m.remaining(Seat(i)));
  }
  return s;
}

Match match_from_bfen(std::string_view text, const RuleSet& rules, const TimeControl& tc) {
  Bfen f = parse_bfen(text);
  TimeControl control = tc;
  if (f.clocks && !control.timed()) control.initial_ms = (*f.clocks)[0];
  try {
    return Match(f.a, f.b, rules, control, f.clocks.value_or(std::array<std::int64_t, kSeats>{}));
  } catch (const std::invalid_argument& e) {  // e.g. a pawn on its last rank under other rules
    throw ParseError("BFEN: " + std::string(e.what()) + " in '" + std::string(text) + "'");
  }
}

}  // namespace bh
