// Where the pieces stand (mcts/placement.h): the tables in White's view, mirrored for
// Black, summed over a side's pieces; a move's gain is its piece's step. Worked by hand
// from mcts/placement.cpp's tables.
#include "mcts/placement.h"

#include <gtest/gtest.h>

#include "core/fen.h"
#include "core/movegen.h"
#include "core/rules.h"

namespace bh {
namespace {

TEST(Placement, TheStartCostsEachSideItsUndevelopedMinorPieces) {
  // Knights on b1 and g1 (-15 each), bishops on c1 and f1 (-15 each); pawns, rooks, queen
  // and king at home count 0. Black's tables are White's mirrored.
  const Board board = parse_fen(kStartFen);
  EXPECT_EQ(placement(board, White), -60);
  EXPECT_EQ(placement(board, Black), -60);
}

TEST(Placement, GainsOfTheOpeningsPlainMoves) {
  const Board start = parse_fen(kStartFen);
  EXPECT_EQ(placement_gain(start, Move::normal(E2, E4)), 20);
  EXPECT_EQ(placement_gain(start, Move::normal(G1, F3)), 30);
  EXPECT_EQ(placement_gain(start, Move::normal(G1, H3)), 5);
  EXPECT_EQ(placement_gain(start, Move::normal(F2, F3)), -15);
  const Board black = parse_fen("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
  EXPECT_EQ(placement_gain(black, Move::normal(G8, F6)), 30);
  // Castling short puts the king on g1 (+20); a dropped knight counts where it lands.
  const Board castle = parse_fen("4k3/8/8/8/8/8/5PPP/4K2R[N] w K - 0 1");
  EXPECT_EQ(placement_gain(castle, Move::castling(E1, G1)), 20);
  EXPECT_EQ(placement_gain(castle, Move::drop(Knight, E5)), 20);
  // A king that walks out loses: e1 (0) to e2 (-25).
  EXPECT_EQ(placement_gain(castle, Move::normal(E1, E2)), -25);
}

// A move's gain is what it changes in its side's sum (promotions aside: the piece changes).
TEST(Placement, AMovesGainIsTheChangeOfItsSidesSum) {
  const std::string_view fens[] = {kStartFen, "r1bqk2r/pppp1ppp/2n2n2/2b1p3/2B1P3/5N2/PPPP1PPP/RNBQK2R[Pn] w KQkq - 4 4",
                                   "4k3/8/8/3q4/8/8/8/3RK3 w - - 0 1"};
  for (std::string_view fen : fens) {
    const Board before = parse_fen(fen);
    const Color mover = before.side_to_move();
    for (Move m : legal_moves(before, RuleSet::bughouse())) {
      if (m.is_promotion()) continue;
      Board after = before;
      after.play(m);
      EXPECT_EQ(placement(after, mover) - placement(before, mover), placement_gain(before, m)) << fen;
    }
  }
}

}  // namespace
}  // namespace bh
