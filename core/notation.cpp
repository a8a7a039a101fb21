// notation.cpp — UCI and SAN move text.
#include "core/notation.h"

#include <string>
#include <vector>

#include "core/fen.h"
#include "core/movegen.h"
#include "core/parse_error.h"

namespace bh {

namespace {

bool is_file(char c) { return c >= 'a' && c <= 'h'; }
bool is_rank(char c) { return c >= '1' && c <= '8'; }

int drop_letter(char c) {
  switch (c) {
    case 'P': case 'p': return Pawn;
    case 'N': case 'n': return Knight;
    case 'B': case 'b': return Bishop;
    case 'R': case 'r': return Rook;
    case 'Q': case 'q': return Queen;
    default: return -1;
  }
}

[[noreturn]] void refuse(std::string_view text, const Board& b, const std::string& why) {
  throw ParseError("move '" + std::string(text) + "': " + why + " (position " + to_fen(b) + ")");
}

bool looks_like_uci(std::string_view t) {
  if (t == "0000") return true;
  if (t.size() == 4 && drop_letter(t[0]) >= 0 && t[1] == '@' && is_file(t[2]) && is_rank(t[3]))
    return true;
  if (t.size() != 4 && t.size() != 5) return false;
  if (!is_file(t[0]) || !is_rank(t[1]) || !is_file(t[2]) || !is_rank(t[3])) return false;
  return t.size() == 4 || drop_letter(t[4]) > Pawn;
}

}  // namespace

std::string to_uci(Move m) {
  if (m.is_none()) return "(none)";
  if (m.is_wait()) return "0000";
  if (m.is_drop())
    return std::string(1, piece_type_char(m.drop_type())) + '@' + std::string(square_name(m.to()));
  std::string s = std::string(square_name(m.from())) + std::string(square_name(m.to()));
  if (m.is_promotion()) s += char(piece_type_char(m.promotion_type()) - 'A' + 'a');
  return s;
}

Move parse_uci(const Board& b, const RuleSet& r, std::string_view text) {
  if (text == "0000") return Move::wait();
  if (!looks_like_uci(text))
    throw ParseError("move '" + std::string(text) +
                     "': not a UCI move (expected e.g. e2e4, e7e8q, N@f3 or 0000)");
  MoveList legal = legal_moves(b, r);
  if (text[1] == '@') {
    PieceType t = PieceType(drop_letter(text[0]));
    Move m = Move::drop(t, make_square(text[2] - 'a', text[3] - '1'));
    if (legal.contains(m)) return m;
    if (b.reserve(b.side_to_move())[t] == 0) refuse(text, b, "the mover holds no such piece");
    refuse(text, b, "the drop is not legal here");
  }
  Square from = make_square(text[0] - 'a', text[1] - '1');
  Square to = make_square(text[2] - 'a', text[3] - '1');
  bool wants_promotion = text.size() == 5;
  bool promotion_only = false;  // the squares name only promotions, and no letter was given
  for (Move m : legal) {
    if (m.is_drop() || m.from() != from || m.to() != to) continue;
    if (m.is_promotion() != wants_promotion) {
      promotion_only |= m.is_promotion();
      continue;
    }
    if (!wants_promotion || m.promotion_type() == PieceType(drop_letter(text[4]))) return m;
  }
  if (promotion_only) refuse(text, b, "a promotion needs its piece letter (q, r, b or n)");
  if (b.empty(from)) refuse(text, b, "no piece on " + std::string(square_name(from)));
  if (color_of(b.piece_on(from)) != b.side_to_move()) refuse(text, b, "the piece on " + std::string(square_name(from)) + " is not the mover's");
  refuse(text, b, "not a legal move here");
}

std::string to_san(const Board& b, const RuleSet& r, Move m) {
  if (m.is_wait()) return "wait";
  if (m.is_none()) return "(none)";
  std::string s;
  if (m.is_castling()) {
    s = file_of(m.to()) == 6 ? "O-O" : "O-O-O";
  } else if (m.is_drop()) {
    s = std::string(1, piece_type_char(m.drop_type())) + '@' + std::string(square_name(m.to()));
  } else {
    PieceType t = type_of(b.piece_on(m.from()));
    bool capture = !b.empty(m.to()) || m.is_en_passant();
    if (t == Pawn) {
      if (capture) s += char('a' + file_of(m.from()));
    } else {
      s += piece_type_char(t);
      bool clash = false, same_file = false, same_rank = false;
      for (Move o : legal_moves(b, r)) {
        if (o.is_drop() || o == m || o.to() != m.to() || o.from() == m.from()) continue;
        if (type_of(b.piece_on(o.from())) != t) continue;
        clash = true;
        same_file |= file_of(o.from()) == file_of(m.from());
        same_rank |= rank_of(o.from()) == rank_of(m.from());
      }
      if (clash) {
        if (!same_file) s += char('a' + file_of(m.from()));
        else if (!same_rank) s += char('1' + rank_of(m.from()));
        else s += square_name(m.from());
      }
    }
    if (capture) s += 'x';
    s += square_name(m.to());
    if (m.is_promotion()) s += std::string("=") + piece_type_char(m.promotion_type());
  }
  Board after = b;
  after.play(m, r.promotion);
  if (after.in_check()) s += board_state(after, r) == BoardState::Checkmate ? '#' : '+';
  return s;
}

Move parse_san(const Board& b, const RuleSet& r, std::string_view text) {
  std::string t(text);
  while (!t.empty() && std::string_view("+#!?").find(t.back()) != std::string_view::npos) t.pop_back();
  if (t.empty()) throw ParseError("move '" + std::string(text) + "': empty");
  MoveList legal = legal_moves(b, r);

  if (t == "O-O" || t == "0-0" || t == "O-O-O" || t == "0-0-0") {
    int file = t.size() == 3 ? 6 : 2;
    for (Move m : legal)
      if (m.is_castling() && file_of(m.to()) == file) return m;
    refuse(text, b, "castling is not legal here");
  }

  std::size_t at = t.find('@');
  if (at != std::string::npos) {
    int type = at == 0 ? Pawn : (at == 1 ? drop_letter(t[0]) : -1);
    std::string sq = t.substr(at + 1);
    if (type < 0 || sq.size() != 2 || !is_file(sq[0]) || !is_rank(sq[1]))
      throw ParseError("move '" + std::string(text) + "': a drop is written like N@f3");
    Move m = Move::drop(PieceType(type), make_square(sq[0] - 'a', sq[1] - '1'));
    if (legal.contains(m)) return m;
    refuse(text, b, "the drop is not legal here");
  }

  PieceType piece = Pawn;
  std::size_t i = 0;
  if (std::string_view("NBRQK").find(t[0]) != std::string_view::npos) {
    piece = PieceType(t[0] == 'K' ? King : drop_letter(t[0]));
    i = 1;
  }
  std::string body;
  for (; i < t.size(); ++i)
    if (t[i] != 'x' && t[i] != ':' && t[i] != '-') body += t[i];
  int promotion = -1;
  if (!body.empty() && drop_letter(body.back()) > Pawn && !(body.size() >= 2 && is_file(body.back()))) {
    promotion = drop_letter(body.back());
    body.pop_back();
    if (!body.empty() && body.back() == '=') body.pop_back();
  }
  if (body.size() < 2 || body.size() > 4 || !is_file(body[body.size() - 2]) || !is_rank(body.back()))
    throw ParseError("move '" + std::string(text) + "': not a SAN move (expected e.g. Nf3, exd5, e8=Q, O-O, N@f3)");
  Square to = make_square(body[body.size() - 2] - 'a', body.back() - '1');
  std::string from_hint = body.substr(0, body.size() - 2);
  int from_file = -1, from_rank = -1;
  for (char c : from_hint) {
    if (is_file(c)) from_file = c - 'a';
    else if (is_rank(c)) from_rank = c - '1';
    else throw ParseError("move '" + std::string(text) + "': unexpected '" + std::string(1, c) + "'");
  }

  std::vector<Move> found;
  bool promotion_only = false;  // the text fits only promotions, and names no piece
  for (Move m : legal) {
    if (m.is_drop() || m.to() != to || type_of(b.piece_on(m.from())) != piece) continue;
    if (from_file >= 0 && file_of(m.from()) != from_file) continue;
    if (from_rank >= 0 && rank_of(m.from()) != from_rank) continue;
    if (m.is_promotion() != (promotion >= 0)) {
      promotion_only |= m.is_promotion();
      continue;
    }
    if (promotion >= 0 && m.promotion_type() != PieceType(promotion)) continue;
    found.push_back(m);
  }
  if (found.size() == 1) return found[0];
  if (found.empty() && promotion_only) refuse(text, b, "a promotion needs its piece (e.g. e8=Q)");
  if (found.empty()) refuse(text, b, "not a legal move here");
  refuse(text, b, "ambiguous: " + std::to_string(found.size()) + " moves fit");
}

Move parse_move(const Board& b, const RuleSet& r, std::string_view text) {
  std::string_view bare = text;
  while (!bare.empty() && std::string_view("+#!?").find(bare.back()) != std::string_view::npos) bare.remove_suffix(1);
  return looks_like_uci(bare) ? parse_uci(b, r, bare) : parse_san(b, r, text);
}

}  // namespace bh
