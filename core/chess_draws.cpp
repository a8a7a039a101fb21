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

}  // namespace

bool insufficient_material(const Board& b) {
  if (b.pieces(Pawn) | b.pieces(Rook) | b.pieces(Queen)) return false;
  const Bitboard knights = b.pieces(Knight), bishops = b.pieces(Bishop);
  if (knights) return !bishops && !more_than_one(knights);  // K+N v K
  // K v K, K+B v K, and any number of bishops all on one colour.
  return !(bishops & kDarkSquares) || !(bishops & ~kDarkSquares);
}

std::uint64_t position_key(const Board& b, const RuleSet& rules) {
  std::uint64_t key = b.key();
  if (!rules.is_chess()) return key;
  for (Bitboard p = b.promoted(); p;) key ^= zobrist::kKeys.promoted[pop_lsb(p)];
  // The board keeps an en passant square whenever a pawn attacks it; FIDE counts it only
  // when the capture is legal (the pawn may be pinned, or the king in check).
  if (b.en_passant() != NoSquare && !has_legal_en_passant(b, rules))
    key ^= zobrist::kKeys.en_passant_file[file_of(b.en_passant())];
  return key;
}

}  // namespace bh
