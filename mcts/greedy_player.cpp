// greedy_player.cpp — mate (or take the king) if possible, else the best material balance after one move.
#include "mcts/greedy_player.h"

#include <array>

#include "core/movegen.h"
#include "mcts/material.h"

namespace bh {

int GreedyPlayer::score_move(const Match& match, Seat seat, Move m) {
  const BoardId b = board_of(seat);
  std::array<Board, 2> boards{match.board(BoardA), match.board(BoardB)};
  const Capture captured = boards[b].play(m, match.rules().promotion);
  // core/RULES.md "King capture": taking the king wins as a mate does (and passes nothing).
  if (captured.type == King || board_state(boards[b], match.rules()) == BoardState::Checkmate) return kMateScore;
  // core/RULES.md "Both games played out": nothing passes to a finished game (as Match).
  const bool passes = !match.rules().is_chess() && !match.game_over(other(b));
  if (captured && passes) {
    // core/RULES.md "Reserves and drops": the piece goes to the capturer's partner, a promoted
    // piece as a pawn.
    const PieceType passed = captured.promoted && !match.rules().promoted_keep_rank ? Pawn : captured.type;
    boards[other(b)].add_to_reserve(captured.color, passed);
  }
  // core/RULES.md "Promotion from the reserve": the exchanged pawn goes to the other board.
  if (captured.pawn_given && passes) boards[other(b)].add_to_reserve(color_of(seat), Pawn);
  return material_balance(boards[BoardA], boards[BoardB], team_of(seat));
}

}  // namespace bh
