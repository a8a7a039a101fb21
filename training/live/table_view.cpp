// table_view.cpp — drawing the table as text.
#include "training/live/table_view.h"

#include <algorithm>
#include <cstdio>
#include <tuple>
#include <vector>

#include "core/notation.h"
#include "training/live/sitting.h"

namespace bh {

namespace {

// One seat's line: "A-white  2:59  [QN]  <- to move (you)"; a mover that sits says so and
// for how long: "B-black  0:41  []  <- waits for a piece, 12 s".
std::string seat_line(const Match& match, Seat s, std::int64_t t, std::optional<Seat> you) {
  const BoardId b = board_of(s);
  const Board& board = match.board(b);
  std::string line = std::string(seat_name(s));
  line.resize(9, ' ');
  std::string clock = format_clock(match.remaining(s, t), match.time_control().timed());
  clock.resize(8, ' ');
  line += clock + reserve_text(board, color_of(s));
  if (!match.over() && match.game_over(b) && match.mover(b) == s) {
    // core/RULES.md "Both games played out": this board's game ended, the other goes on.
    line += "  <- game over: " + match.game(b).describe();
  } else if (!match.over() && match.mover(b) == s) {
    const std::optional<std::int64_t> since = sitting_since(match, b);
    line += match.state(b) != BoardState::Playing ? "  <- waits for a piece"
            : since                               ? "  <- sits"
                                                  : "  <- to move";
    if (since) line += ", " + std::to_string((t - *since) / 1000) + " s";
  }
  if (you && *you == s) line += " (you)";
  return line;
}

// One rank seen from `bottom`'s side: "8 | r . b q~. . k . |". A promoted piece is
// followed by `~` (as in BFEN, core/RULES.md "Notation"): it passes to the partner as a
// pawn when taken, and the players must see that. The mark takes the gap after the piece,
// so every column stays where it is.
std::string rank_row(const Board& board, Color bottom, int rank) {
  std::string row = std::string(1, char('1' + rank)) + " |";
  char gap = ' ';
  for (int j = 0; j < 8; ++j) {
    const int file = bottom == White ? j : 7 - j;
    const Square sq = make_square(file, rank);
    const Piece p = board.piece_on(sq);
    row += gap;
    row += p == NoPiece ? ((file + rank) % 2 ? ' ' : '.') : piece_char(p);
    gap = p != NoPiece && board.is_promoted(sq) ? '~' : ' ';
  }
  return row + gap + "|";
}

}  // namespace

std::string reserve_text(const Board& board, Color c) {
  std::string s;
  for (PieceType t : {Queen, Rook, Bishop, Knight, Pawn})
    s.append(std::size_t(board.reserve(c)[t]), piece_char(make_piece(c, t)));
  return "[" + s + "]";
}

std::vector<std::string> board_rows(const Board& board, Color bottom) {
  std::vector<std::string> rows;
  rows.push_back("  +-----------------+");
  for (int i = 0; i < 8; ++i) rows.push_back(rank_row(board, bottom, bottom == White ? 7 - i : i));
  rows.push_back("  +-----------------+");
  std::string files = "    ";
  for (int j = 0; j < 8; ++j) {
    files += char('a' + (bottom == White ? j : 7 - j));
    files += ' ';
  }
  rows.push_back(files);
  return rows;
}

std::string format_clock(std::int64_t ms, bool timed) {
  if (!timed) return "-";
  ms = std::max<std::int64_t>(0, ms);
  char buf[32];
  if (ms < 20'000) {
    std::snprintf(buf, sizeof buf, "%lld:%02lld.%lld", static_cast<long long>(ms / 60'000),
                  static_cast<long long>(ms / 1000 % 60), static_cast<long long>(ms / 100 % 10));
  } else {
    std::snprintf(buf, sizeof buf, "%lld:%02lld", static_cast<long long>(ms / 60'000),
                  static_cast<long long>(ms / 1000 % 60));
  }
  return buf;
}

std::string last_move_text(const Match& match, BoardId board) {
  const auto& events = match.events();
  int last = -1;
  for (int i = 0; i < int(events.size()); ++i)
    if (board_of(events[std::size_t(i)].seat) == board && !events[std::size_t(i)].move.is_wait()) last = i;
  if (last < 0) return "";
  // Replay up to it (SAN needs the board before the move) and count the mover's moves.
  Match replay(match.initial_board(BoardA), match.initial_board(BoardB), match.rules(), TimeControl::untimed());
  replay.set_recording(false);
  int number = 0;
  const Seat mover = events[std::size_t(last)].seat;
  for (int i = 0; i < last; ++i) {
    const MatchEvent& e = events[std::size_t(i)];
    if (e.move.is_wait()) continue;
    if (e.seat == mover) ++number;
    replay.play_legal(board_of(e.seat), e.move, 0);
  }
  const char letter = char((board == BoardA ? 'A' : 'B') + (color_of(mover) == Black ? 'a' - 'A' : 0));
  return std::to_string(number + 1) + letter + ". " +
         to_san(replay.board(board), match.rules(), events[std::size_t(last)].move);
}

std::string render_table(const Match& match, std::int64_t t, std::optional<Seat> you) {
  // Your board from your side; the partner's board from the partner's side.
  const Seat viewer = you.value_or(AWhite);
  const BoardId own = board_of(viewer), far = other(own);
  const Color own_bottom = color_of(viewer), far_bottom = ~color_of(viewer);
  std::vector<std::string> left, right;
  for (auto [b, bottom, column] : {std::tuple{own, own_bottom, &left}, std::tuple{far, far_bottom, &right}}) {
    const std::string last = last_move_text(match, b);
    column->push_back(std::string("Board ") + (b == BoardA ? "A" : "B") + (last.empty() ? "" : "   last: " + last));
    column->push_back(seat_line(match, make_seat(b, ~bottom), t, you));
    for (auto& row : board_rows(match.board(b), bottom)) column->push_back(row);
    column->push_back(seat_line(match, make_seat(b, bottom), t, you));
  }
  // The right column starts after the left one's longest line (a seat line with a full
  // reserve and a sitting mark is longer than the board), never cutting it.
  std::size_t width = 42;
  for (const std::string& line : left) width = std::max(width, line.size() + 2);
  std::string out;
  for (std::size_t i = 0; i < left.size(); ++i) {
    std::string line = left[i];
    line.resize(width, ' ');
    out += line + (i < right.size() ? right[i] : "") + "\n";
  }
  return out;
}

}  // namespace bh
