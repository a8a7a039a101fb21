// board_rules.h — what the rule options ask of one board outside move generation, shared
// by every table that holds boards (the two-board Match, the Table of three or more): which
// pawn ranks a position may hold, what a captured piece passes as, and a rook dropped on its
// corner regaining the castling right.
#pragma once

#include "core/board.h"
#include "core/rules.h"

namespace bh {

// Throws std::invalid_argument, naming the board by its letter, when a pawn stands on its
// last rank (only promotion = reserve or stay allow it) or its first rank (only
// pawn_drop_first_rank): core/RULES.md "Reserves and drops", "Promotion from the reserve".
void check_pawn_ranks(const Board& board, const RuleSet& rules, BoardId id);

// The piece type a capture hands on: a promoted piece as a pawn unless promoted_keep_rank
// (core/RULES.md "Reserves and drops").
inline PieceType passed_type(const Capture& captured, const RuleSet& rules) {
  return captured.promoted && !rules.promoted_keep_rank ? Pawn : captured.type;
}

// Option dropped_rook_castles (core/RULES.md "Reserves and drops"): after `us` dropped
// `m`, a rook on its own corner regains that side's right while its king never moved.
void grant_dropped_rook_castling(Board& board, const RuleSet& rules, Move m, Color us);

}  // namespace bh
