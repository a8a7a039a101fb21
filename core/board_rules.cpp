// board_rules.cpp — pawn ranks a position may hold, and the dropped rook's castling right.
#include "core/board_rules.h"

#include <stdexcept>
#include <string>

namespace bh {

void check_pawn_ranks(const Board& board, const RuleSet& rules, BoardId id) {
  auto refuse = [id](Bitboard pawns, const char* rank, const char* option) {
    throw std::invalid_argument(std::string("board ") + board_letter(id) + ": the pawn on " +
                                std::string(square_name(lsb(pawns))) + " stands on its " + rank + " rank, which only " +
                                option + " allows");
  };
  if (Bitboard last = board.unpromoted_pawns(); last && !rules.pawns_stay_on_last_rank())
    refuse(last, "last", "promotion = reserve or stay");
  const Bitboard first = (board.pieces(White, Pawn) & kRank1) | (board.pieces(Black, Pawn) & kRank8);
  if (first && !rules.pawn_drop_first_rank) refuse(first, "first", "pawn_drop_first_rank = true");
}

void grant_dropped_rook_castling(Board& board, const RuleSet& rules, Move m, Color us) {
  if (!rules.dropped_rook_castles || !m.is_drop() || m.drop_type() != Rook || !board.king_unmoved(us)) return;
  if (m.to() == relative_square(us, H1)) board.grant_castling(us == White ? WhiteKingside : BlackKingside);
  if (m.to() == relative_square(us, A1)) board.grant_castling(us == White ? WhiteQueenside : BlackQueenside);
}

}  // namespace bh
