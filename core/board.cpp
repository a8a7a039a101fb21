// board.cpp — placement bookkeeping, the Zobrist key, and playing a move on one board.
#include "core/board.h"

#include <cassert>
#include <stdexcept>
#include <string>

#include "core/zobrist.h"

namespace bh {

namespace {

using zobrist::kKeys;

// Rights that survive a move touching square s (a king or rook leaving or being taken).
constexpr std::array<std::uint8_t, 64> make_castling_mask() {
  std::array<std::uint8_t, 64> m{};
  for (auto& x : m) x = AllCastling;
  m[E1] = AllCastling & ~(WhiteKingside | WhiteQueenside);
  m[H1] = AllCastling & ~WhiteKingside;
  m[A1] = AllCastling & ~WhiteQueenside;
  m[E8] = AllCastling & ~(BlackKingside | BlackQueenside);
  m[H8] = AllCastling & ~BlackKingside;
  m[A8] = AllCastling & ~BlackQueenside;
  return m;
}
constexpr auto kCastlingMask = make_castling_mask();

BoardSetup start_setup() {
  BoardSetup s;
  constexpr PieceType back[8] = {Rook, Knight, Bishop, Queen, King, Bishop, Knight, Rook};
  for (int f = 0; f < 8; ++f) {
    s.placement[make_square(f, 0)] = make_piece(White, back[f]);
    s.placement[make_square(f, 1)] = make_piece(White, Pawn);
    s.placement[make_square(f, 6)] = make_piece(Black, Pawn);
    s.placement[make_square(f, 7)] = make_piece(Black, back[f]);
  }
  s.castling = AllCastling;
  return s;
}

[[noreturn]] void invalid(const std::string& what) { throw std::invalid_argument(what); }

}  // namespace

Board::Board() : Board(start_setup()) {}

Board::Board(const BoardSetup& s) {
  mailbox_.fill(NoPiece);
  for (int i = 0; i < 64; ++i) {
    Piece p = s.placement[i];
    if (p == NoPiece) continue;
    if (type_of(p) >= NoPieceType || color_of(p) > Black) invalid("bad piece code");
    Square sq = Square(i);
    bool promoted = s.promoted & square_bb(sq);
    if (promoted && (type_of(p) == Pawn || type_of(p) == King))
      invalid(std::string("only Q, R, B, N can be promoted, not the piece on ") +
              std::string(square_name(sq)));
    put_piece(p, sq, promoted);
  }
  if (s.promoted & ~pieces()) invalid("a promoted flag on an empty square");
  for (Color c : {White, Black}) {
    const char* name = c == White ? "white" : "black";
    if (popcount(pieces(c, King)) != 1)
      invalid(std::string("expected exactly one ") + name + " king, found " +
              std::to_string(popcount(pieces(c, King))));
    for (int t = 0; t < kDroppableTypes; ++t) {
      if (s.reserves[c].count[t] > zobrist::kMaxReserveCount)
        invalid(std::string("too many pieces of one type in the ") + name + " reserve");
      reserves_[c].count[t] = s.reserves[c].count[t];
      for (int n = 1; n <= reserves_[c].count[t]; ++n)
        key_ ^= zobrist::reserve_key(c, PieceType(t), n);
    }
  }
  // A pawn on its own first rank was dropped there, one on its last rank stepped there and
  // did not promote: both are boards, which a Match allows only under the options that make
  // them (core/RULES.md "Reserves and drops", "Promotion from the reserve").

  side_ = s.side_to_move;
  if (side_ == Black) key_ ^= kKeys.black_to_move;

  // Castling rights need the king and that rook on their original squares.
  struct Need { CastlingRight right; Square king, rook; Color c; };
  constexpr Need needs[4] = {{WhiteKingside, E1, H1, White}, {WhiteQueenside, E1, A1, White},
                             {BlackKingside, E8, H8, Black}, {BlackQueenside, E8, A8, Black}};
  for (const Need& n : needs) {
    if (!(s.castling & n.right)) continue;
    if (piece_on(n.king) != make_piece(n.c, King) || piece_on(n.rook) != make_piece(n.c, Rook))
      invalid(std::string("castling right ") + "KQkq"[std::countr_zero(unsigned(n.right))] +
              " needs the king and rook on their original squares");
    unmoved_kings_ |= 1 << n.c;
  }
  set_castling(s.castling);

  if (s.en_passant != NoSquare) {
    Square ep = s.en_passant;
    Color us = side_;
    // The pawn that just double-stepped stands in front of ep, seen from the mover.
    Square pawn = Square(us == White ? ep - 8 : ep + 8);
    Square origin = Square(us == White ? ep + 8 : ep - 8);
    if (rank_of(ep) != (us == White ? 5 : 2) || !empty(ep) || !empty(origin) ||
        piece_on(pawn) != make_piece(~us, Pawn))
      invalid(std::string("en passant square ") + std::string(square_name(ep)) +
              " does not follow a double pawn step");
    // Kept only when a pawn of the mover attacks it, as Fairy-Stockfish does.
    if (pawn_attacks(~us, ep) & pieces(us, Pawn)) set_en_passant(ep);
  }
  if (s.halfmove_clock < 0 || s.halfmove_clock > 65535) invalid("halfmove clock out of range");
  if (s.fullmove_number < 1 || s.fullmove_number > 65535) invalid("fullmove number out of range");
  halfmove_ = std::uint16_t(s.halfmove_clock);
  fullmove_ = std::uint16_t(s.fullmove_number);

  if (attackers_to(king_square(~side_)) & pieces(side_))
    invalid("the side not to move is in check");
  update_checkers();
}

void Board::put_piece(Piece p, Square s, bool promoted) {
  Bitboard b = square_bb(s);
  by_type_[type_of(p)] |= b;
  by_color_[color_of(p)] |= b;
  mailbox_[s] = p;
  key_ ^= kKeys.piece_square[p][s];
  if (promoted) {
    promoted_ |= b;
    key_ ^= kKeys.promoted[s];
  }
}

Piece Board::remove_piece(Square s) {
  Piece p = mailbox_[s];
  Bitboard b = square_bb(s);
  by_type_[type_of(p)] ^= b;
  by_color_[color_of(p)] ^= b;
  mailbox_[s] = NoPiece;
  key_ ^= kKeys.piece_square[p][s];
  if (promoted_ & b) {
    promoted_ ^= b;
    key_ ^= kKeys.promoted[s];
  }
  return p;
}

void Board::move_piece(Square from, Square to) {
  bool promoted = promoted_ & square_bb(from);
  Piece p = remove_piece(from);
  put_piece(p, to, promoted);
}

void Board::set_castling(std::uint8_t rights) {
  key_ ^= kKeys.castling[castling_] ^ kKeys.castling[rights];
  castling_ = rights;
}

void Board::set_en_passant(Square s) {
  if (ep_ != NoSquare) key_ ^= kKeys.en_passant_file[file_of(ep_)];
  ep_ = s;
  if (ep_ != NoSquare) key_ ^= kKeys.en_passant_file[file_of(ep_)];
}

void Board::update_checkers() {
  checkers_ = attackers_to(king_square(side_)) & pieces(~side_);
}

Bitboard Board::attackers_to(Square s, Bitboard occupied) const {
  return (pawn_attacks(Black, s) & pieces(White, Pawn)) |
         (pawn_attacks(White, s) & pieces(Black, Pawn)) |
         (knight_attacks(s) & pieces(Knight)) |
         (rook_attacks(s, occupied) & (pieces(Rook) | pieces(Queen))) |
         (bishop_attacks(s, occupied) & (pieces(Bishop) | pieces(Queen))) |
         (king_attacks(s) & pieces(King));
}

Bitboard Board::blockers_for_king(Color c) const {
  if (!pieces(c, King)) return 0;  // taken, under king capture
  Square ksq = king_square(c);
  Bitboard snipers = ((rook_attacks(ksq, 0) & (pieces(Rook) | pieces(Queen))) |
                      (bishop_attacks(ksq, 0) & (pieces(Bishop) | pieces(Queen)))) &
                     pieces(~c);
  Bitboard occupancy = pieces() ^ snipers;
  Bitboard blockers = 0;
  while (snipers) {
    Bitboard between = between_bb(ksq, pop_lsb(snipers)) & occupancy;
    if (between && !more_than_one(between)) blockers |= between;
  }
  return blockers;
}

bool Board::gives_check(Move m) const {
  Color us = side_;
  if (!pieces(~us, King)) return false;  // taken, under king capture
  Square ksq = king_square(~us);
  Square to = m.to();
  Bitboard occupied = pieces();
  PieceType moved;
  if (m.is_drop()) {
    moved = m.drop_type();
    occupied |= square_bb(to);
  } else {
    Square from = m.from();
    moved = m.is_promotion() ? m.promotion_type() : type_of(piece_on(from));
    occupied = (occupied ^ square_bb(from)) | square_bb(to);
    if (m.is_en_passant()) occupied ^= square_bb(Square(us == White ? to - 8 : to + 8));
    if (m.is_castling()) {
      // The rook lands beside the king; only the rook can give check.
      bool kingside = file_of(to) == 6;
      Square rook_to = make_square(kingside ? 5 : 3, rank_of(to));
      Square rook_from = make_square(kingside ? 7 : 0, rank_of(to));
      occupied = (occupied ^ square_bb(rook_from)) | square_bb(rook_to);
      return rook_attacks(rook_to, occupied) & square_bb(ksq);
    }
  }
  // Direct check by the moved (or dropped) piece.
  Bitboard direct = moved == Pawn ? pawn_attacks(us, to) : attacks_of(moved, to, occupied);
  if (direct & square_bb(ksq)) return true;
  if (m.is_drop()) return false;  // a drop only adds occupancy: nothing is discovered
  // Discovered check by one of our sliders through the vacated (or en passant) square.
  Bitboard rooks = (pieces(us, Rook) | pieces(us, Queen)) & ~square_bb(m.from());
  Bitboard bishops = (pieces(us, Bishop) | pieces(us, Queen)) & ~square_bb(m.from());
  return (rook_attacks(ksq, occupied) & rooks) || (bishop_attacks(ksq, occupied) & bishops);
}

Capture Board::play(Move m, Promotion promotion) {
  assert(!m.is_none() && !m.is_wait());
  Color us = side_, them = ~us;
  Capture captured;
  ++halfmove_;
  set_en_passant(NoSquare);

  if (m.is_drop()) {
    PieceType t = m.drop_type();
    assert(reserves_[us].count[t] > 0 && empty(m.to()));
    key_ ^= zobrist::reserve_key(us, t, reserves_[us].count[t]);
    --reserves_[us].count[t];
    put_piece(make_piece(us, t), m.to(), false);
    if (t == Pawn) halfmove_ = 0;
  } else {
    Square from = m.from(), to = m.to();
    Piece moved = piece_on(from);
    Square captured_sq = m.is_en_passant() ? Square(us == White ? to - 8 : to + 8) : to;
    if (!m.is_castling() && piece_on(captured_sq) != NoPiece) {
      Piece victim = piece_on(captured_sq);
      captured = Capture{type_of(victim), color_of(victim), is_promoted(captured_sq)};
      remove_piece(captured_sq);
      halfmove_ = 0;
    }
    set_castling(castling_ & kCastlingMask[from] & kCastlingMask[to]);
    if (m.is_castling()) {
      bool kingside = file_of(to) == 6;
      Square rook_from = make_square(kingside ? 7 : 0, rank_of(from));
      Square rook_to = make_square(kingside ? 5 : 3, rank_of(from));
      move_piece(from, to);
      move_piece(rook_from, rook_to);
    } else if (m.is_promotion() && promotion == Promotion::FromReserve) {
      // core/RULES.md "Promotion from the reserve": the held piece replaces the pawn, as
      // itself (not marked promoted), and the pawn leaves the board.
      PieceType t = m.promotion_type();
      assert(reserves_[us].count[t] > 0);
      key_ ^= zobrist::reserve_key(us, t, reserves_[us].count[t]);
      --reserves_[us].count[t];
      remove_piece(from);
      put_piece(make_piece(us, t), to, false);
      captured.pawn_given = true;
    } else if (m.is_promotion()) {
      remove_piece(from);
      put_piece(make_piece(us, m.promotion_type()), to, true);
    } else {
      move_piece(from, to);
    }
    if (type_of(moved) == King) unmoved_kings_ &= ~(1 << us);
    if (type_of(moved) == Pawn) {
      halfmove_ = 0;
      // A double step sets the en passant square only if an enemy pawn can use it.
      if ((int(to) ^ int(from)) == 16) {
        Square ep = Square((int(from) + int(to)) / 2);
        if (pawn_attacks(us, ep) & pieces(them, Pawn)) set_en_passant(ep);
      }
    }
  }

  if (us == Black) ++fullmove_;
  side_ = them;
  key_ ^= kKeys.black_to_move;
  // Under king capture a king can be taken (core/RULES.md "King capture"): nothing checks
  // a side that has none. (Tested on the capture, not in update_checkers: perft's hot path.)
  if (captured.type == King) checkers_ = 0;
  else update_checkers();
  return captured;
}

void Board::pass_turn() {
  set_en_passant(NoSquare);
  side_ = ~side_;
  key_ ^= kKeys.black_to_move;
  update_checkers();
}

void Board::add_to_reserve(Color c, PieceType t) {
  assert(t < kDroppableTypes);
  ++reserves_[c].count[t];
  key_ ^= zobrist::reserve_key(c, t, reserves_[c].count[t]);
}

void Board::grant_castling(CastlingRight r) { set_castling(castling_ | r); }

BoardSetup Board::setup() const {
  BoardSetup s;
  s.placement = mailbox_;
  s.promoted = promoted_;
  s.reserves = reserves_;
  s.side_to_move = side_;
  s.castling = castling_;
  s.en_passant = ep_;
  s.halfmove_clock = halfmove_;
  s.fullmove_number = fullmove_;
  return s;
}

bool Board::operator==(const Board& o) const {
  return mailbox_ == o.mailbox_ && promoted_ == o.promoted_ && reserves_ == o.reserves_ &&
         side_ == o.side_ && castling_ == o.castling_ && ep_ == o.ep_ &&
         halfmove_ == o.halfmove_ && fullmove_ == o.fullmove_;
}

}  // namespace bh
