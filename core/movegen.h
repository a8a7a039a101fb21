// movegen.h — legal moves of one board under a RuleSet: piece moves, captures, castling,
// en passant, promotions (created, or from the reserve beside the pawn that stays a
// pawn), drops from the mover's reserve, check evasions (interposing drops included) and pins, generated fully legal (no make-and-test except for the
// optional drop_check/drop_mate filters). Also the board's state when nothing can move:
// checkmate, stalemate (chess) or stuck (bughouse: the player waits).
#pragma once

#include <array>
#include <cstdint>
#include <span>

#include "core/board.h"
#include "core/rules.h"

namespace bh {

struct MoveList {
  // Board moves are at most 218; drops at most 5 types x 64 squares.
  static constexpr int kCapacity = 600;
  std::array<Move, kCapacity> moves;
  int size = 0;

  void push(Move m) { moves[size++] = m; }
  const Move* begin() const { return moves.data(); }
  const Move* end() const { return moves.data() + size; }
  bool contains(Move m) const;
  bool empty() const { return size == 0; }
};

void generate_legal(const Board& board, const RuleSet& rules, MoveList& out);
MoveList legal_moves(const Board& board, const RuleSet& rules);
// The number of legal moves, counted by popcount where no move must be listed (perft).
std::uint64_t count_legal(const Board& board, const RuleSet& rules);
bool has_legal_move(const Board& board, const RuleSet& rules);
bool is_legal(const Board& board, const RuleSet& rules, Move m);

enum class BoardState : std::uint8_t {
  Playing,    // the side to move has a legal move
  Checkmate,  // in check, no legal move, and (bughouse mate rule) no drop could block
  Stuck,      // bughouse: no legal move but not mated; the player waits for a piece
  Stalemate,  // chess only: no legal move, not in check
  Finished,   // both_games: this board's game is over while the other goes on (Match::state)
};

// core/RULES.md "Check, mate and waiting": by default a check that a drop of any piece could
// block (a single distant slider) is never mate, whatever the reserve holds now.
BoardState board_state(const Board& board, const RuleSet& rules);
// The same judgement once no legal move is known to exist.
BoardState no_move_state(const Board& board, const RuleSet& rules);
// Does the legal move `m` mate, that is, leave board_state() == Checkmate for the side that
// has to answer it (what Match judges after the move)? Cheap refusals first: a move that
// gives no check, and under the bughouse mate rule a check a drop could block, are decided
// without generating the answers. The search's proofs use it (mcts/README.md "Proofs").
bool gives_mate(const Board& board, const RuleSet& rules, Move m);
// The first of `moves` (legal moves of `board`; a wait or none is skipped) that mates, or
// Move::none(): gives_mate over a whole list, with the squares each piece type checks from
// found once, so most moves and drops cost one bit test unless they check.
Move find_mate(const Board& board, const RuleSet& rules, std::span<const Move> moves);

}  // namespace bh
