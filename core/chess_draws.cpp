// chess_draws.cpp — insufficient material and the repetition key.
#include "core/chess_draws.h"

#include "core/movegen.h"
#include "core/zobrist.h"

namespace bh {

namespace {

constexpr Bitboard kDarkSquares = 0xAA55AA55AA55AA55ULL;  // a1 is dark

bool has_legal_en_passant(const Board& board, const RuleSet& rules) {
  for (Move m : legal_moves(board, rules))
    if (m.is_en_passant()) return true;
  return false;
}

// What a board's reserves add to its key (Board keys each held piece by its count).
std::uint64_t reserves_key(const Board& b) {
  std::uint64_t key = 0;
  for (Color c : {White, Black})
    for (int t = 0; t < kDroppableTypes; ++t)
      for (int n = 1; n <= b.reserve(c).count[t]; ++n) key ^= zobrist::reserve_key(c, PieceType(t), n);
  return key;
}

}  // namespace

bool insufficient_material(const Board& b) {
  if (b.pieces(Pawn) | b.pieces(Rook) | b.pieces(Queen)) return false;
  const Bitboard knights = b.pieces(Knight), bishops = b.pieces(Bishop);
  if (knights) return !bishops && !more_than_one(knights);  // K+N v K
  // K v K, K+B v K, and any number of bishops all on one colour.
  return !(bishops & kDarkSquares) || !(bishops & ~kDarkSquares);
}

DrawThresholds draw_thresholds(const RuleSet& rules) {
  if (rules.is_chess()) return {kClaimRepetitions, kAutomaticRepetitions, kClaimHalfmoves, kAutomaticHalfmoves};
  // Bughouse (core/RULES.md "Repetition"): the third occurrence and 50 quiet moves by each
  // side, at once or by claim as the options say.
  const auto apply = [](DrawRule rule, int count, int& claim, int& automatic) {
    if (rule == DrawRule::Claim) claim = count;
    if (rule == DrawRule::Automatic) automatic = count;
  };
  DrawThresholds t;
  apply(rules.repetition_draw, kClaimRepetitions, t.claim_repetitions, t.automatic_repetitions);
  apply(rules.fifty_move_draw, kClaimHalfmoves, t.claim_halfmoves, t.automatic_halfmoves);
  return t;
}

std::uint64_t position_key(const Board& b, const RuleSet& rules) {
  std::uint64_t key = b.key();
  if (!rules.is_chess()) return rules.repetition_reserves ? key : key ^ reserves_key(b);
  for (Bitboard p = b.promoted(); p;) key ^= zobrist::kKeys.promoted[pop_lsb(p)];
  // The board keeps an en passant square whenever a pawn attacks it; FIDE counts it only
  // when the capture is legal (the pawn may be pinned, or the king in check).
  if (b.en_passant() != NoSquare && !has_legal_en_passant(b, rules))
    key ^= zobrist::kKeys.en_passant_file[file_of(b.en_passant())];
  return key;
}

}  // namespace bh
