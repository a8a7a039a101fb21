// movegen.cpp — fully legal move generation. One template serves both listing moves and
// counting them: counting adds popcounts of target sets instead of writing moves, which is
// what makes perft's last ply cheap.
#include "core/movegen.h"

#include <algorithm>

namespace bh {

namespace {

template <bool kCount>
struct Out {
  Move* moves = nullptr;
  std::uint64_t n = 0;

  void add(Move m) {
    if constexpr (!kCount) moves[n] = m;
    ++n;
  }
  void add_targets(Square from, Bitboard targets) {
    if constexpr (kCount) {
      n += popcount(targets);
    } else {
      while (targets) moves[n++] = Move::normal(from, pop_lsb(targets));
    }
  }
};

constexpr PieceType kPromotionTypes[4] = {Queen, Rook, Bishop, Knight};

// How many moves a pawn has onto one square of its last rank: none without promotion, the
// four pieces under FIDE promotion, staying a pawn under promotion = stay; under
// promotion = reserve, staying a pawn plus one per piece type the mover holds
// (core/RULES.md "Promotion from the reserve").
int last_rank_choices(const Board& b, const RuleSet& r) {
  switch (r.promotion) {
    case Promotion::Off: return 0;
    case Promotion::Created: return 4;
    case Promotion::Stay: return 1;
    case Promotion::FromReserve: break;
  }
  const Reserve& hand = b.reserve(b.side_to_move());
  int n = 1;
  for (PieceType t : kPromotionTypes) n += hand[t] > 0;
  return n;
}

template <bool kCount>
void add_last_rank_moves(Out<kCount>& out, const Board& b, const RuleSet& r, Square from, Square to) {
  if constexpr (kCount) {
    out.n += std::uint64_t(last_rank_choices(b, r));
  } else {
    const bool from_reserve = r.promotion == Promotion::FromReserve;
    if (r.pawns_stay_on_last_rank()) out.add(Move::unpromoted(from, to));
    if (r.promotion == Promotion::Stay) return;
    for (PieceType t : kPromotionTypes)
      if (!from_reserve || b.reserve(b.side_to_move())[t] > 0) out.add(Move::promotion(from, to, t));
  }
}

// Pawn moves of the unpinned pawns by set shifts, then the pinned pawns one by one.
template <Color Us, bool kCount>
void pawn_moves(const Board& b, const RuleSet& r, Bitboard target, Bitboard pinned,
                Out<kCount>& out) {
  constexpr Color Them = Us == White ? Black : White;
  constexpr Direction Up = Us == White ? North : South;
  constexpr Direction CaptureWest = Us == White ? NorthWest : SouthWest;
  constexpr Direction CaptureEast = Us == White ? NorthEast : SouthEast;
  constexpr Bitboard Rank7 = Us == White ? kRank7 : kRank2;
  constexpr Bitboard Rank3 = Us == White ? kRank3 : kRank6;

  const Bitboard empty = ~b.pieces();
  const Bitboard enemies = b.pieces(Them) & target;
  const Bitboard pawns = b.pieces(Us, Pawn);
  const Bitboard free_pawns = pawns & ~pinned;
  const Bitboard low = free_pawns & ~Rank7;
  const Bitboard seventh = free_pawns & Rank7;

  Bitboard push1 = shift<Up>(low) & empty;
  Bitboard push2 = shift<Up>(push1 & Rank3) & empty & target;
  push1 &= target;
  Bitboard west = shift<CaptureWest>(low) & enemies;
  Bitboard east = shift<CaptureEast>(low) & enemies;
  if constexpr (kCount) {
    out.n += popcount(push1) + popcount(push2) + popcount(west) + popcount(east);
  } else {
    while (push1) { Square to = pop_lsb(push1); out.add(Move::normal(Square(int(to) - int(Up)), to)); }
    while (push2) { Square to = pop_lsb(push2); out.add(Move::normal(Square(int(to) - 2 * int(Up)), to)); }
    while (west) { Square to = pop_lsb(west); out.add(Move::normal(Square(int(to) - int(CaptureWest)), to)); }
    while (east) { Square to = pop_lsb(east); out.add(Move::normal(Square(int(to) - int(CaptureEast)), to)); }
  }

  const int choices = last_rank_choices(b, r);
  if (seventh && choices) {
    Bitboard pushes = shift<Up>(seventh) & empty & target;
    Bitboard pw = shift<CaptureWest>(seventh) & enemies;
    Bitboard pe = shift<CaptureEast>(seventh) & enemies;
    if constexpr (kCount) {
      out.n += std::uint64_t(choices) * std::uint64_t(popcount(pushes) + popcount(pw) + popcount(pe));
    } else {
      while (pushes) { Square to = pop_lsb(pushes); add_last_rank_moves(out, b, r, Square(int(to) - int(Up)), to); }
      while (pw) { Square to = pop_lsb(pw); add_last_rank_moves(out, b, r, Square(int(to) - int(CaptureWest)), to); }
      while (pe) { Square to = pop_lsb(pe); add_last_rank_moves(out, b, r, Square(int(to) - int(CaptureEast)), to); }
    }
  }

  // A pinned pawn keeps to the line through its king and its pinner. ("Pinned" is
  // computed with the checker removed, so in check it may still capture the checker.)
  const Square ksq = b.king_square(Us);
  for (Bitboard pp = pawns & pinned; pp;) {
    Square from = pop_lsb(pp);
    Bitboard line = line_bb(ksq, from);
    Bitboard to_set = pawn_attacks(Us, from) & enemies & line;
    Bitboard one = shift<Up>(square_bb(from)) & empty;
    to_set |= one & line & target;
    if (square_bb(from) & (Us == White ? kRank2 : kRank7))
      to_set |= shift<Up>(one) & empty & line & target;
    bool promotes = square_bb(from) & Rank7;
    if (promotes && !choices) continue;
    while (to_set) {
      Square to = pop_lsb(to_set);
      if (promotes) add_last_rank_moves(out, b, r, from, to);
      else out.add(Move::normal(from, to));
    }
  }

  // En passant: tried on the real occupancy, since removing two pawns from one rank can
  // expose the king along it.
  const Square ep = b.en_passant();
  if (ep != NoSquare) {
    const Square victim = Square(int(ep) - int(Up));
    for (Bitboard takers = pawn_attacks(Them, ep) & pawns; takers;) {
      Square from = pop_lsb(takers);
      Bitboard occ = (b.pieces() ^ square_bb(from) ^ square_bb(victim)) | square_bb(ep);
      if (r.king_capture || !(b.attackers_to(ksq, occ) & b.pieces(Them) & ~square_bb(victim)))
        out.add(Move::en_passant(from, ep));
    }
  }
}

// Castling; under king_capture (kTested false) the king may castle out of, through or into
// attack (core/RULES.md "King capture"), so the squares are not tested.
template <Color Us, bool kCount, bool kTested = true>
void castling_moves(const Board& b, Out<kCount>& out) {
  constexpr Color Them = Us == White ? Black : White;
  constexpr CastlingRight kingside = Us == White ? WhiteKingside : BlackKingside;
  constexpr CastlingRight queenside = Us == White ? WhiteQueenside : BlackQueenside;
  constexpr Square king = relative_square(Us, E1);
  auto safe = [&](Square s) { return !kTested || !(b.attackers_to(s) & b.pieces(Them)); };
  if (b.can_castle(kingside) && !(between_bb(king, relative_square(Us, H1)) & b.pieces()) &&
      safe(relative_square(Us, F1)) && safe(relative_square(Us, G1)))
    out.add(Move::castling(king, relative_square(Us, G1)));
  if (b.can_castle(queenside) && !(between_bb(king, relative_square(Us, A1)) & b.pieces()) &&
      safe(relative_square(Us, D1)) && safe(relative_square(Us, C1)))
    out.add(Move::castling(king, relative_square(Us, C1)));
}

// Drops when no filter applies: every empty square of the drop target (the blocking
// squares when in check) for each piece type in hand.
template <Color Us, bool kCount>
void drop_moves(const Board& b, const RuleSet& r, Bitboard drop_target, Out<kCount>& out) {
  const Reserve& hand = b.reserve(Us);
  const Bitboard zone = drop_target & r.drop_zone_mask(Us);
  for (int t = Pawn; t <= Queen; ++t) {
    if (!hand.count[t]) continue;
    Bitboard to = t == Pawn ? zone & r.pawn_drop_mask(Us) : zone;
    if constexpr (kCount) {
      out.n += popcount(to);
    } else {
      while (to) out.add(Move::drop(PieceType(t), pop_lsb(to)));
    }
  }
}

// core/RULES.md "King capture": every move the pieces make, with nothing tested against
// attacks on the king. A side whose king was taken has lost that game and has no move (a
// perft below the capture counts none there, as Fairy-Stockfish's does).
template <Color Us, bool kCount>
std::uint64_t generate_unchecked(const Board& b, const RuleSet& r, Move* moves) {
  Out<kCount> out{moves};
  const Bitboard ours = b.pieces(Us);
  const Bitboard kings = b.pieces(Us, King);
  if (!kings) return 0;
  out.add_targets(lsb(kings), king_attacks(lsb(kings)) & ~ours);
  pawn_moves<Us, kCount>(b, r, ~ours, 0, out);
  const Bitboard occupied = b.pieces();
  for (Bitboard knights = b.pieces(Us, Knight); knights;) {
    Square from = pop_lsb(knights);
    out.add_targets(from, knight_attacks(from) & ~ours);
  }
  for (Bitboard sliders = (b.pieces(Bishop) | b.pieces(Rook) | b.pieces(Queen)) & ours; sliders;) {
    Square from = pop_lsb(sliders);
    out.add_targets(from, attacks_of(type_of(b.piece_on(from)), from, occupied) & ~ours);
  }
  castling_moves<Us, kCount, false>(b, out);
  drop_moves<Us, kCount>(b, r, ~occupied, out);
  return out.n;
}

template <Color Us, bool kCount>
std::uint64_t generate(const Board& b, const RuleSet& r, Move* moves) {
  constexpr Color Them = Us == White ? Black : White;
  Out<kCount> out{moves};
  const Square ksq = b.king_square(Us);
  const Bitboard checkers = b.checkers();
  const Bitboard ours = b.pieces(Us);

  // King steps: the destination must be safe with the king already gone from ksq.
  const Bitboard without_king = b.pieces() ^ square_bb(ksq);
  for (Bitboard to = king_attacks(ksq) & ~ours; to;) {
    Square s = pop_lsb(to);
    if (!(b.attackers_to(s, without_king) & b.pieces(Them))) out.add(Move::normal(ksq, s));
  }
  if (more_than_one(checkers)) return out.n;  // double check: only the king can answer

  Bitboard target, drop_target;
  Bitboard pinned = b.blockers_for_king(Us) & ours;
  if (checkers) {
    Square checker = lsb(checkers);
    drop_target = between_bb(ksq, checker);
    target = drop_target | checkers;
  } else {
    target = ~ours;
    drop_target = ~b.pieces();
  }

  pawn_moves<Us, kCount>(b, r, target, pinned, out);
  const Bitboard occupied = b.pieces();
  for (Bitboard knights = b.pieces(Us, Knight) & ~pinned; knights;) {
    Square from = pop_lsb(knights);
    out.add_targets(from, knight_attacks(from) & target);
  }
  for (Bitboard sliders = (b.pieces(Bishop) | b.pieces(Rook) | b.pieces(Queen)) & ours; sliders;) {
    Square from = pop_lsb(sliders);
    Bitboard att = attacks_of(type_of(b.piece_on(from)), from, occupied) & target;
    if (pinned & square_bb(from)) att &= line_bb(ksq, from);
    out.add_targets(from, att);
  }
  if (!checkers) castling_moves<Us, kCount>(b, out);
  if (!r.is_chess()) drop_moves<Us, kCount>(b, r, drop_target, out);
  return out.n;
}

// Whether a drop survives the drop_check / drop_mate options.
bool drop_allowed(const Board& b, const RuleSet& r, Move m) {
  if (!b.gives_check(m)) return true;
  if (!r.drop_check) return false;
  return r.drop_mate || !gives_mate(b, r, m);
}

// The generator the rules call for, listing (kCount false) or counting; the king-capture
// form has its own, so the common one is as it always was.
template <bool kCount>
std::uint64_t generate_any(const Board& b, const RuleSet& r, Move* moves) {
  if (r.king_capture)
    return b.side_to_move() == White ? generate_unchecked<White, kCount>(b, r, moves)
                                     : generate_unchecked<Black, kCount>(b, r, moves);
  return b.side_to_move() == White ? generate<White, kCount>(b, r, moves) : generate<Black, kCount>(b, r, moves);
}

}  // namespace

bool MoveList::contains(Move m) const { return std::find(begin(), end(), m) != end(); }

void generate_legal(const Board& b, const RuleSet& r, MoveList& out) {
  out.size = int(generate_any<false>(b, r, out.moves.data()));
  if (!r.drops_unfiltered() && !r.is_chess()) {
    auto keep = std::remove_if(out.moves.begin(), out.moves.begin() + out.size,
                               [&](Move m) { return m.is_drop() && !drop_allowed(b, r, m); });
    out.size = int(keep - out.moves.begin());
  }
}

MoveList legal_moves(const Board& b, const RuleSet& r) {
  MoveList list;
  generate_legal(b, r, list);
  return list;
}

std::uint64_t count_legal(const Board& b, const RuleSet& r) {
  if (!r.drops_unfiltered() && !r.is_chess()) return std::uint64_t(legal_moves(b, r).size);
  return generate_any<true>(b, r, nullptr);
}

bool has_legal_move(const Board& b, const RuleSet& r) { return count_legal(b, r) > 0; }

bool is_legal(const Board& b, const RuleSet& r, Move m) {
  if (m.is_none() || m.is_wait()) return false;
  return legal_moves(b, r).contains(m);
}

BoardState no_move_state(const Board& b, const RuleSet& r) {
  // core/RULES.md "King capture": no mate and no stalemate; a player without a move waits.
  if (r.king_capture) return BoardState::Stuck;
  if (!b.in_check()) return r.is_chess() ? BoardState::Stalemate : BoardState::Stuck;
  if (r.is_chess() || r.mate_rule == MateRule::Classic) return BoardState::Checkmate;
  // Default bughouse mate rule: a single distant slider check leaves a gap that a drop of
  // some piece (from a reserve that may still fill) could block, so it is not mate.
  Bitboard checkers = b.checkers();
  if (more_than_one(checkers)) return BoardState::Checkmate;
  Color us = b.side_to_move();
  Bitboard gap = between_bb(b.king_square(us), lsb(checkers)) & r.drop_zone_mask(us);
  return gap ? BoardState::Stuck : BoardState::Checkmate;
}

BoardState board_state(const Board& b, const RuleSet& r) {
  return has_legal_move(b, r) ? BoardState::Playing : no_move_state(b, r);
}

namespace {

// gives_mate for a move known to give check.
bool checking_move_mates(const Board& b, const RuleSet& r, Move m) {
  Board after = b;
  after.play(m, r.promotion);
  // board_state() in the cheaper order: what a position without moves would be (a check a
  // drop could block is Stuck, never mate), and only then whether an answer exists.
  return no_move_state(after, r) == BoardState::Checkmate && !has_legal_move(after, r);
}

}  // namespace

bool gives_mate(const Board& b, const RuleSet& r, Move m) { return b.gives_check(m) && checking_move_mates(b, r, m); }

namespace {

// Board::gives_check for many moves of one position, with Stockfish's check squares: a piece
// of type t checks directly from the squares a t on the enemy king's square attacks
// (attacks are symmetric; leaving `from` opens no line for the moved piece itself, or the
// king would already be in check). Drops uncover nothing; a board move uncovers a check only
// from a square between the king and one of our sliders. Those moves, promotions, en
// passant and castling are asked of gives_check itself.
class CheckTest {
 public:
  explicit CheckTest(const Board& b) : b_(b) {
    const Color us = b.side_to_move();
    const Square ksq = b.king_square(~us);
    for (int t = Pawn; t < King; ++t)
      direct_[t] = t == Pawn ? pawn_attacks(~us, ksq) : attacks_of(PieceType(t), ksq, b.pieces());
    uncovering_ = b.blockers_for_king(~us) & b.pieces(us);
  }
  bool operator()(Move m) const {
    const Bitboard to = square_bb(m.to());
    if (m.is_drop()) return direct_[m.drop_type()] & to;
    if (m.is_promotion() || m.is_en_passant() || m.is_castling() || (uncovering_ & square_bb(m.from())))
      return b_.gives_check(m);
    return direct_[type_of(b_.piece_on(m.from()))] & to;
  }

 private:
  const Board& b_;
  std::array<Bitboard, kPieceTypes> direct_{};  // King stays empty: a king never checks
  Bitboard uncovering_ = 0;
};

}  // namespace

Move find_mate(const Board& b, const RuleSet& r, std::span<const Move> moves) {
  const CheckTest gives_check(b);
  for (Move m : moves) {
    if (m.is_none() || m.is_wait()) continue;
    if (gives_check(m) && checking_move_mates(b, r, m)) return m;
  }
  return Move::none();
}

}  // namespace bh
