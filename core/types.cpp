// types.cpp — names of seats, teams, pieces and squares.
#include "core/types.h"

#include <array>
#include <string>

namespace bh {

namespace {
constexpr std::array<std::array<char, 2>, 64> make_square_names() {
  std::array<std::array<char, 2>, 64> n{};
  for (int s = 0; s < 64; ++s) n[s] = {char('a' + s % 8), char('1' + s / 8)};
  return n;
}
constexpr auto kSquareNames = make_square_names();

// "A-white", "A-black", "B-white", ... "H-black": seat s is board s / 2, White first.
constexpr std::array<std::array<char, 7>, kMaxSeats> make_seat_names() {
  std::array<std::array<char, 7>, kMaxSeats> n{};
  for (int s = 0; s < kMaxSeats; ++s) {
    const char* colour = s % 2 ? "-black" : "-white";
    n[s][0] = board_letter(BoardId(s / 2));
    for (int i = 0; i < 6; ++i) n[s][i + 1] = colour[i];
  }
  return n;
}
constexpr auto kSeatNames = make_seat_names();
}  // namespace

std::string_view seat_name(Seat s) { return std::string_view(kSeatNames[s].data(), 7); }

std::optional<Seat> parse_seat_name(std::string_view text, int boards) {
  std::string t;
  for (char c : text)
    if (c != '-' && c != '_') t += char(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
  if (t.size() < 2) return std::nullopt;
  const int board = t[0] - 'a';
  if (board < 0 || board >= boards || board >= kMaxBoards) return std::nullopt;
  const std::string_view colour = std::string_view(t).substr(1);
  if (colour == "white") return make_seat(BoardId(board), White);
  if (colour == "black") return make_seat(BoardId(board), Black);
  return std::nullopt;
}

std::string_view team_name(Team t) { return t == Team1 ? "team 1" : "team 2"; }

char piece_type_char(PieceType t) { return "PNBRQK?"[t]; }

char piece_char(Piece p) {
  char c = piece_type_char(type_of(p));
  return color_of(p) == Black ? char(c - 'A' + 'a') : c;
}

std::string_view square_name(Square s) {
  if (s >= NoSquare) return "-";
  return std::string_view(kSquareNames[s].data(), 2);
}

}  // namespace bh
