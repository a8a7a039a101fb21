// bfen.cpp — reading and writing whole-match positions.
#include "core/bfen.h"

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

Bfen parse_bfen(std::string_view text) {
  std::vector<std::string_view> parts;
  std::size_t start = 0;
  for (std::size_t i = 0; i <= text.size(); ++i) {
    if (i == text.size() || text[i] == '|') {
      parts.push_back(trim(text.substr(start, i - start)));
      start = i + 1;
    }
  }
  if (parts.size() != 2 && parts.size() != 3)
    throw ParseError("BFEN: expected '<fen A> | <fen B>' with an optional '| <Aw> <Ab> <Bw> <Bb>', found " +
                     std::to_string(parts.size()) + " part(s) in '" + std::string(text) + "'");
  auto board = [&](int i) {
    try {
      return parse_fen(parts[i]);
    } catch (const ParseError& e) {
      throw ParseError(std::string("BFEN board ") + (i == 0 ? "A" : "B") + ": " + e.what());
    }
  };
  Bfen out{board(0), board(1), std::nullopt};
  if (parts.size() == 3) {
    std::array<std::int64_t, kSeats> clocks{};
    std::string_view rest = parts[2];
    for (int s = 0; s < kSeats; ++s) {
      rest = trim(rest);
      std::size_t end = rest.find(' ');
      std::string_view num = rest.substr(0, end);
      auto [p, ec] = std::from_chars(num.data(), num.data() + num.size(), clocks[s]);
      if (num.empty() || ec != std::errc() || p != num.data() + num.size() || clocks[s] <= 0)
        throw ParseError("BFEN clocks: the clock of " + std::string(seat_name(Seat(s))) +
                         " is not a positive number of milliseconds: '" + std::string(num) + "'");
      rest = end == std::string_view::npos ? std::string_view() : rest.substr(end);
    }
    if (!trim(rest).empty())
      throw ParseError("BFEN clocks: unexpected '" + std::string(trim(rest)) + "' after the four clocks");
    out.clocks = clocks;
  }
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
