// exchange.h — what captures are worth on one bughouse board, for evaluators without a
// network (mcts/simple_evaluators.h). A capture counts twice for the capturing team: the
// piece leaves the opponent's board and reaches the partner's reserve (a promoted piece as
// a pawn, core/RULES.md "Reserves and drops"), so in Sunsetter's values (mcts/material.h)
// taking a knight moves the team balance by 2 x 192.
//
// static_exchange: the classic swap-off on one square (lowest attacker first, either side
// may stop), pins ignored. capture_gain: a quiescence search over captures only, with
// legality checked and losing captures skipped, the answer to "how much material does the
// side to move win before the board goes quiet?".
#pragma once

#include "core/board.h"
#include "core/types.h"

namespace bh {

// Team value of taking the piece on s (0 on an empty square): its value plus what the
// partner receives.
int capture_value(const Board& board, Square s);

// Material the side to move wins (negative: loses) by playing `m` on `board` and the
// exchanges that follow on m.to(), both sides taking with their least valuable piece and
// stopping when taking on would lose. A drop or quiet move scores 0 unless the piece is
// lost there. The wait action scores 0.
int static_exchange(const Board& board, Move m);

// The most the side to move wins by captures, the opponent answering with captures too
// (>= 0: the side may always stand pat), searched at most `max_plies` captures deep.
// Promotions by capture become queens; en passant is left out.
int capture_gain(const Board& board, int max_plies = 6);

}  // namespace bh
