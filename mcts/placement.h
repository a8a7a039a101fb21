// placement.h — where the pieces stand, in Sunsetter centipawns (mcts/material.h): small
// piece-square bonuses for the opening's plain sense that material and king danger cannot
// see (knights and bishops off the back rank, centre pawns forward, the f-pawn and the
// king at home or castled). Without them every quiet move scores alike to the tactical
// evaluator, and its search spends the opening on rook lifts and flank pawns while a
// bughouse engine develops (training/engine/README.md "Strength"). A heuristic for
// evaluators without a network (mcts/simple_evaluators.h), not a rule.
#pragma once

#include "core/board.h"
#include "core/types.h"

namespace bh {

// The bonus of a piece of type t and colour c on square s (tables in White's view).
int placement_bonus(PieceType t, Color c, Square s);
// The sum of the bonuses of colour c's pieces on `board` (pieces in hand count none).
int placement(const Board& board, Color c);
// How much move m changes its mover's placement on `own` (a drop: the piece's bonus where
// it lands; captures count only the mover's step).
int placement_gain(const Board& own, Move m);

}  // namespace bh
