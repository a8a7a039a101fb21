// exchange.cpp — swap-off on one square and a captures-only quiescence search.
#include "mcts/exchange.h"

#include <algorithm>
#include <array>

#include "core/bitboard.h"
#include "mcts/material.h"

namespace bh {

namespace {

// Stands for the king in a swap-off: taking with it into a defended square loses it all.
constexpr int kKingSwapValue = 20000;

// The team value of the piece standing on s should the opponent take it.
int swap_value(const Board& board, Square s) {
  return type_of(board.piece_on(s)) == King ? kKingSwapValue : capture_value(board, s);
}

// The least valuable piece of `side` among `attackers`, or NoSquare.
Square least_valuable(const Board& board, Bitboard attackers, Color side) {
  for (int t = Pawn; t <= King; ++t) {
    const Bitboard own = attackers & board.pieces(side, PieceType(t));
    if (own) return lsb(own);
  }
  return NoSquare;
}

bool lands_on_last_rank(const Board& board, Square from, Square to) {
  return type_of(board.piece_on(from)) == Pawn && relative_rank(board.side_to_move(), rank_of(to)) == 7;
}

// A promotion becomes a queen: the board gains the queen and loses the pawn.
int promotion_gain(Move m) {
  return m.is_promotion() ? piece_value(m.promotion_type()) - piece_value(Pawn) : 0;
}

}  // namespace

int capture_value(const Board& board, Square s) {
  const Piece p = board.piece_on(s);
  if (p == NoPiece) return 0;
  const int on_board = piece_value(type_of(p));
  return on_board + (board.is_promoted(s) ? piece_value(Pawn) : on_board);
}

int static_exchange(const Board& board, Move m) {
  if (m.is_none() || m.is_wait()) return 0;
  const Square to = m.to();
  std::array<int, 40> gain{};
  int d = 0;
  gain[0] = (m.is_en_passant() ? 2 * piece_value(Pawn) : capture_value(board, to)) + promotion_gain(m);
  Bitboard occupied = board.pieces() | square_bb(to);
  int on_square;  // the team value of the piece that now stands on `to`
  if (m.is_drop()) {
    on_square = 2 * piece_value(m.drop_type());
  } else {
    occupied ^= square_bb(m.from());
    on_square = m.is_promotion() ? piece_value(m.promotion_type()) + piece_value(Pawn) : swap_value(board, m.from());
  }
  Color side = ~board.side_to_move();
  for (;;) {
    const Square from = least_valuable(board, board.attackers_to(to, occupied) & occupied, side);
    if (from == NoSquare) break;
    ++d;
    gain[d] = on_square - gain[d - 1];
    if (std::max(-gain[d - 1], gain[d]) < 0 || d + 1 == int(gain.size())) break;
    on_square = swap_value(board, from);
    occupied ^= square_bb(from);
    side = ~side;
  }
  while (d > 0) {
    gain[d - 1] = -std::max(-gain[d - 1], gain[d]);
    --d;
  }
  return gain[0];
}

namespace {

struct CaptureCandidate {
  Move move;
  int victim;    // team value of what it takes
  int attacker;  // value of the piece that takes
};

// Captures of the side to move, most valuable victim first, then least valuable attacker.
int list_captures(const Board& board, std::array<CaptureCandidate, 128>& out) {
  const Color us = board.side_to_move();
  int n = 0;
  Bitboard victims = board.pieces(~us) & ~board.pieces(King);
  while (victims) {
    const Square to = pop_lsb(victims);
    Bitboard attackers = board.attackers_to(to) & board.pieces(us);
    while (attackers && n < int(out.size())) {
      const Square from = pop_lsb(attackers);
      const Move m = lands_on_last_rank(board, from, to) ? Move::promotion(from, to, Queen) : Move::normal(from, to);
      out[n++] = {m, capture_value(board, to), piece_value(type_of(board.piece_on(from)))};
    }
  }
  std::sort(out.begin(), out.begin() + n, [](const CaptureCandidate& a, const CaptureCandidate& b) {
    return a.victim != b.victim ? a.victim > b.victim : a.attacker < b.attacker;
  });
  return n;
}

// Negamax over captures in gains for the side to move; standing pat is worth 0.
int quiesce(const Board& board, int alpha, int beta, int plies) {
  int best = 0;
  if (best >= beta || plies == 0) return best;
  alpha = std::max(alpha, best);
  std::array<CaptureCandidate, 128> captures;
  const int n = list_captures(board, captures);
  const Color us = board.side_to_move();
  for (int i = 0; i < n; ++i) {
    const Move m = captures[i].move;
    if (static_exchange(board, m) < 0) continue;
    Board next = board;
    next.play(m);
    if (next.attackers_to(next.king_square(us)) & next.pieces(~us)) continue;  // not legal
    const int gain = captures[i].victim + promotion_gain(m);
    const int score = gain - quiesce(next, gain - beta, gain - alpha, plies - 1);
    if (score > best) {
      best = score;
      if (best >= beta) break;
      alpha = std::max(alpha, best);
    }
  }
  return best;
}

}  // namespace

int capture_gain(const Board& board, int max_plies) {
  constexpr int kUnbounded = 1 << 20;
  return quiesce(board, -kUnbounded, kUnbounded, max_plies);
}

}  // namespace bh
