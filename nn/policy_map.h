// policy_map.h — the bijection between the deciding seat's actions and the network's
// policy outputs (SPEC.md "Policy"). Board moves use AlphaZero's 73 move planes per
// from-square (56 queen-like, 8 knight, 9 under-promotions), drops 5 planes per target
// square, and one index for the wait action. Squares are seen from the mover's side
// (ranks mirrored when the mover is Black), as in the input encoding.
#pragma once

#include "core/board.h"
#include "core/types.h"
#include "nn/shape.h"

namespace bh {

static_assert(kDropPlanes == kDroppableTypes);

// The policy index of `m` played by `mover` (the colour of the deciding seat). Every
// Move of a board (and Move::wait()) has one; returns -1 for Move::none() and for
// squares a move of that colour can never take (e.g. a promotion that is not a step
// forward onto the last rank). index = plane * 64 + square, square = from-square for
// board moves and target square for drops, both seen from the mover's side.
int policy_index(Move m, Color mover);

// The move of board.side_to_move() that `index` names, with the kind the board implies
// (castling for a king's two-step, en passant onto the en passant square, queen promotion
// for a queen-like pawn move to the last rank, a pawn staying a pawn for its distance-2
// index from the 7th rank), or Move::none() if the index names no
// geometrically possible move from the board's pieces. The move need not be legal.
Move policy_move(int index, const Board& board);

}  // namespace bh
