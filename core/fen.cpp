// fen.cpp — FEN reading and writing, with precise errors.
#include "core/fen.h"

#include <charconv>
#include <string>
#include <vector>

#include "core/parse_error.h"

namespace bh {

namespace {

[[noreturn]] void fail(std::string_view fen, std::size_t pos, const std::string& what) {
  throw ParseError("FEN: " + what + " at character " + std::to_string(pos + 1) + " of '" +
                   std::string(fen) + "'");
}

int piece_index(char c) {
  switch (c) {
    case 'p': case 'P': return Pawn;
    case 'n': case 'N': return Knight;
    case 'b': case 'B': return Bishop;
    case 'r': case 'R': return Rook;
    case 'q': case 'Q': return Queen;
    case 'k': case 'K': return King;
    default: return -1;
  }
}

Color letter_color(char c) { return (c >= 'a' && c <= 'z') ? Black : White; }

// Reads holdings letters (any order) into the setup; `offset` locates errors.
void read_holdings(std::string_view fen, std::string_view text, std::size_t offset, BoardSetup& s) {
  for (std::size_t i = 0; i < text.size(); ++i) {
    char c = text[i];
    if (c == '-') continue;  // some writers put '-' for an empty hand
    int t = piece_index(c);
    if (t < 0) fail(fen, offset + i, std::string("unknown piece '") + c + "' in holdings");
    if (t == King) fail(fen, offset + i, "a king cannot be held in reserve");
    auto& n = s.reserves[letter_color(c)].count[t];
    if (n >= 32) fail(fen, offset + i, "more than 32 pieces of one type in a reserve");
    ++n;
  }
}

// Splits on single spaces, remembering where each field starts.
std::vector<std::pair<std::string_view, std::size_t>> fields_of(std::string_view fen) {
  std::vector<std::pair<std::string_view, std::size_t>> out;
  std::size_t i = 0;
  while (i < fen.size()) {
    while (i < fen.size() && fen[i] == ' ') ++i;
    std::size_t start = i;
    while (i < fen.size() && fen[i] != ' ') ++i;
    if (i > start) out.emplace_back(fen.substr(start, i - start), start);
  }
  return out;
}

int read_counter(std::string_view fen, std::string_view field, std::size_t at, const char* name,
                 int lo) {
  int v = 0;
  auto [p, ec] = std::from_chars(field.data(), field.data() + field.size(), v);
  if (ec != std::errc() || p != field.data() + field.size() || v < lo || v > 65535)
    fail(fen, at, std::string(name) + " '" + std::string(field) + "' is not a number in " +
                      std::to_string(lo) + "..65535");
  return v;
}

}  // namespace

Board parse_fen(std::string_view fen) {
  auto fields = fields_of(fen);
  if (fields.size() < 4 || fields.size() > 6 || fields.size() == 5)
    throw ParseError("FEN: expected 6 fields (placement, side, castling, en passant, halfmove, "
                     "fullmove) or the first 4, got " + std::to_string(fields.size()) + " in '" +
                     std::string(fen) + "'");
  BoardSetup s;

  // Placement, with holdings in brackets or as a ninth rank.
  auto [placement, p0] = fields[0];
  std::size_t bracket = placement.find('[');
  if (bracket != std::string_view::npos) {
    if (placement.back() != ']') fail(fen, p0 + placement.size() - 1, "holdings '[' without ']'");
    read_holdings(fen, placement.substr(bracket + 1, placement.size() - bracket - 2), p0 + bracket + 1, s);
    placement = placement.substr(0, bracket);
  }
  int rank = 7, file = 0;
  for (std::size_t i = 0; i < placement.size(); ++i) {
    char c = placement[i];
    if (c == '/') {
      if (file != 8) fail(fen, p0 + i, "rank " + std::to_string(rank + 1) + " has " + std::to_string(file) + " squares, not 8");
      if (rank == 0) {  // holdings as a ninth rank
        read_holdings(fen, placement.substr(i + 1), p0 + i + 1, s);
        rank = -1;
        break;
      }
      --rank;
      file = 0;
    } else if (c >= '1' && c <= '8') {
      file += c - '0';
      if (file > 8) fail(fen, p0 + i, "rank " + std::to_string(rank + 1) + " has more than 8 squares");
    } else if (c == '~') {
      if (i == 0 || piece_index(placement[i - 1]) < 0) fail(fen, p0 + i, "'~' must follow a piece letter");
      s.promoted |= square_bb(make_square(file - 1, rank));
    } else {
      int t = piece_index(c);
      if (t < 0) fail(fen, p0 + i, std::string("unexpected character '") + c + "' in placement");
      if (file >= 8) fail(fen, p0 + i, "rank " + std::to_string(rank + 1) + " has more than 8 squares");
      s.placement[make_square(file, rank)] = make_piece(letter_color(c), PieceType(t));
      ++file;
    }
  }
  if (rank > 0) fail(fen, p0 + placement.size(), "placement has " + std::to_string(8 - rank) + " ranks, not 8");
  if (rank == 0 && file != 8) fail(fen, p0 + placement.size(), "rank 1 has " + std::to_string(file) + " squares, not 8");

  auto [side, p1] = fields[1];
  if (side == "w") s.side_to_move = White;
  else if (side == "b") s.side_to_move = Black;
  else fail(fen, p1, "side to move '" + std::string(side) + "' is not w or b");

  auto [castling, p2] = fields[2];
  if (castling != "-") {
    for (std::size_t i = 0; i < castling.size(); ++i) {
      std::size_t k = std::string_view("KQkq").find(castling[i]);
      if (k == std::string_view::npos) fail(fen, p2 + i, std::string("castling letter '") + castling[i] + "' is not one of KQkq");
      if (s.castling & (1 << k)) fail(fen, p2 + i, std::string("castling letter '") + castling[i] + "' repeated");
      s.castling |= std::uint8_t(1 << k);
    }
  }

  auto [ep, p3] = fields[3];
  if (ep != "-") {
    if (ep.size() != 2 || ep[0] < 'a' || ep[0] > 'h' || ep[1] < '1' || ep[1] > '8')
      fail(fen, p3, "en passant square '" + std::string(ep) + "' is not a square or '-'");
    s.en_passant = make_square(ep[0] - 'a', ep[1] - '1');
  }
  if (fields.size() == 6) {
    s.halfmove_clock = read_counter(fen, fields[4].first, fields[4].second, "halfmove clock", 0);
    s.fullmove_number = read_counter(fen, fields[5].first, fields[5].second, "fullmove number", 1);
  }
  try {
    return Board(s);
  } catch (const std::invalid_argument& e) {
    throw ParseError("FEN: " + std::string(e.what()) + " in '" + std::string(fen) + "'");
  }
}

std::string to_fen(const Board& b, bool with_holdings) {
  std::string out;
  for (int rank = 7; rank >= 0; --rank) {
    int gap = 0;
    for (int file = 0; file < 8; ++file) {
      Square s = make_square(file, rank);
      Piece p = b.piece_on(s);
      if (p == NoPiece) {
        ++gap;
        continue;
      }
      if (gap) out += char('0' + gap);
      gap = 0;
      out += piece_char(p);
      if (b.is_promoted(s)) out += '~';
    }
    if (gap) out += char('0' + gap);
    if (rank) out += '/';
  }
  if (with_holdings) {
    out += '[';
    for (Color c : {White, Black})
      for (PieceType t : {Queen, Rook, Bishop, Knight, Pawn})
        out.append(std::size_t(b.reserve(c)[t]), piece_char(make_piece(c, t)));
    out += ']';
  }
  out += b.side_to_move() == White ? " w " : " b ";
  std::string castling;
  for (int i = 0; i < 4; ++i)
    if (b.castling_rights() & (1 << i)) castling += "KQkq"[i];
  out += castling.empty() ? "-" : castling;
  out += ' ';
  out += b.en_passant() == NoSquare ? std::string("-") : std::string(square_name(b.en_passant()));
  out += ' ' + std::to_string(b.halfmove_clock()) + ' ' + std::to_string(b.fullmove_number());
  return out;
}

}  // namespace bh
