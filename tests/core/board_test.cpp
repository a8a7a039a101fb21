// Specification of Board: the incremental Zobrist key equals a key computed from scratch
// after every move (reserves and promoted flags included), captures are reported as the
// partner will receive them, and promoted flags travel with their piece.
#include <gtest/gtest.h>

#include "core/fen.h"
#include "core/movegen.h"
#include "core/notation.h"
#include "core/perft.h"
#include "tests/core/test_data.h"

namespace bh {
namespace {

TEST(Board, IncrementalKeyEqualsKeyFromScratchAfterEveryMove) {
  RuleSet rules;
  for (const EpdEntry& e : read_epd_file(test::data_path("bughouse_perft.epd"))) {
    Board b = parse_fen(e.fen);
    ASSERT_EQ(b.key(), Board(b.setup()).key());
    for (Move m : legal_moves(b, rules)) {
      Board child = b;
      child.play(m);
      ASSERT_EQ(child.key(), Board(child.setup()).key()) << e.fen << " " << to_uci(m);
    }
  }
}

TEST(Board, KeyDistinguishesReservesSideAndPromotedFlags) {
  Board plain = parse_fen("4k3/8/8/8/8/8/8/Q3K3[] w - - 0 1");
  EXPECT_NE(plain.key(), parse_fen("4k3/8/8/8/8/8/8/Q~3K3[] w - - 0 1").key());
  EXPECT_NE(plain.key(), parse_fen("4k3/8/8/8/8/8/8/Q3K3[P] w - - 0 1").key());
  EXPECT_NE(parse_fen("4k3/8/8/8/8/8/8/Q3K3[PP] w - - 0 1").key(), parse_fen("4k3/8/8/8/8/8/8/Q3K3[P] w - - 0 1").key());
  EXPECT_NE(parse_fen("4k3/8/8/8/8/8/8/Q3K3[P] w - - 0 1").key(), parse_fen("4k3/8/8/8/8/8/8/Q3K3[p] w - - 0 1").key());
  EXPECT_NE(plain.key(), parse_fen("4k3/8/8/8/8/8/8/Q3K3[] b - - 0 1").key());
}

TEST(Board, AddingToTheReserveUpdatesTheKey) {
  Board b = parse_fen("4k3/8/8/8/8/8/8/4K3[] w - - 0 1");
  b.add_to_reserve(Black, Knight);
  EXPECT_EQ(b.key(), parse_fen("4k3/8/8/8/8/8/8/4K3[n] w - - 0 1").key());
  EXPECT_EQ(b.key(), Board(b.setup()).key());
}

TEST(Board, CaptureReportsTypeColourAndPromotedFlag) {
  Board b = parse_fen("4k3/8/8/8/8/8/1q~6/R3K3[] w Q - 0 1");
  Capture c = b.play(Move::normal(A1, A2));
  EXPECT_FALSE(c);  // a2 was empty
  Board d = parse_fen("4k3/8/8/8/8/8/qR6/4K3[] w - - 0 1");
  Capture q = d.play(Move::normal(B2, A2));
  EXPECT_EQ(q.type, Queen);
  EXPECT_EQ(q.color, Black);
  EXPECT_FALSE(q.promoted);
  Board p = parse_fen("4k3/8/8/8/8/8/q~R6/4K3[] w - - 0 1");
  Capture pq = p.play(Move::normal(B2, A2));
  EXPECT_EQ(pq.type, Queen);
  EXPECT_TRUE(pq.promoted);
}

TEST(Board, PromotedFlagTravelsWithThePiece) {
  Board b = parse_fen("4k3/8/8/8/8/8/8/Q~3K3[] w - - 0 1");
  b.play(Move::normal(A1, A5));
  EXPECT_TRUE(b.is_promoted(A5));
  EXPECT_FALSE(b.is_promoted(A1));
  EXPECT_EQ(to_fen(b), "4k3/8/8/Q~7/8/8/8/4K3[] b - - 1 1");
}

TEST(Board, CastlingRightsFollowKingAndRookMovesAndCaptures) {
  Board b = parse_fen("r3k2r/8/8/8/8/8/8/R3K2R[] w KQkq - 0 1");
  b.play(Move::normal(H1, H8));  // rook takes rook: both kingside rights go
  EXPECT_EQ(b.castling_rights(), WhiteQueenside | BlackQueenside);
  b.play(Move::normal(E8, D7));
  EXPECT_EQ(b.castling_rights(), WhiteQueenside);
}

}  // namespace
}  // namespace bh
