// Captures on one board in team values (mcts/exchange.h): a piece taken counts its value
// twice, once off the opponent's board and once in the partner's reserve (Sunsetter's
// values: P 100, N 192, B 195, R 200, Q 390). Every number below is worked by hand.
#include "mcts/exchange.h"

#include <gtest/gtest.h>

#include "core/fen.h"

namespace bh {
namespace {

TEST(CaptureValue, CountsThePieceOnTheBoardAndInThePartnersHand) {
  const Board board = parse_fen("4k3/8/8/3q4/3q~4/8/8/3RK3 w - - 0 1");
  EXPECT_EQ(capture_value(board, D5), 2 * 390);
  EXPECT_EQ(capture_value(board, D4), 390 + 100);  // a promoted queen reaches the partner as a pawn
  EXPECT_EQ(capture_value(board, A1), 0);
}

// The two swap-off examples of the chess programming literature, in team values.
TEST(StaticExchange, AnUndefendedPawnIsWon) {
  const Board board = parse_fen("1k1r4/1pp4p/p7/4p3/8/P5P1/1PP4P/2K1R3 w - - 0 1");
  EXPECT_EQ(static_exchange(board, Move::normal(E1, E5)), 200);
}

TEST(StaticExchange, AKnightForAPawnWhenTheDefendersOutlastTheAttackers) {
  // Nxe5 Nxe5 and White stops: Rxe5 Bxe5 Qxe5 Qxe5 (the queen behind the bishop) would
  // lose more. 200 - 384.
  const Board board = parse_fen("1k1r3q/1ppn3p/p4b2/4p3/8/P2N2P1/1PP1R1BP/2K1Q3 w - - 0 1");
  EXPECT_EQ(static_exchange(board, Move::normal(D3, E5)), -184);
}

TEST(StaticExchange, ADropOntoAPawnsSquareLosesThePiece) {
  const Board board = parse_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[N] w KQkq - 0 1");
  EXPECT_EQ(static_exchange(board, Move::drop(Knight, E6)), -384);
  EXPECT_EQ(static_exchange(board, Move::drop(Knight, E4)), 0);
  EXPECT_EQ(static_exchange(board, Move::wait()), 0);
}

TEST(CaptureGain, TakesAnUndefendedQueen) {
  EXPECT_EQ(capture_gain(parse_fen("4k3/8/8/3q4/8/8/8/3RK3 w - - 0 1")), 780);
}

TEST(CaptureGain, CountsTheRecapture) {
  // Rxd5 exd5: 780 for the queen, 400 for the rook.
  EXPECT_EQ(capture_gain(parse_fen("4k3/8/4p3/3q4/8/8/8/3RK3 w - - 0 1")), 380);
}

TEST(CaptureGain, StandsPatRatherThanLoseTheExchange) {
  // Rxd5 cxd5 would give 400 for 200.
  EXPECT_EQ(capture_gain(parse_fen("4k3/8/2p5/3p4/8/8/8/3RK3 w - - 0 1")), 0);
}

TEST(CaptureGain, APinnedPieceDoesNotTake) {
  EXPECT_EQ(capture_gain(parse_fen("4r2k/8/8/8/8/3q4/4B3/4K3 w - - 0 1")), 0);
  EXPECT_EQ(capture_gain(parse_fen("7k/8/8/8/8/3q4/4B3/4K3 w - - 0 1")), 780);
}

TEST(CaptureGain, LooksPastTheSquareAtTheOpponentsAnswer) {
  // Qxa4 wins a pawn (200) but leaves the knight on f3 to the bishop (384): White stands pat.
  EXPECT_EQ(capture_gain(parse_fen("6k1/1b3ppp/8/8/p7/5NP1/5P1P/3Q2K1 w - - 0 1")), 0);
  // With the pawn on g2 guarding f3, Bxf3 gxf3 costs Black more than it wins: the pawn is won.
  EXPECT_EQ(capture_gain(parse_fen("6k1/1b3ppp/8/8/p7/5N2/5PPP/3Q2K1 w - - 0 1")), 200);
}

TEST(CaptureGain, IsZeroWhenNothingCanBeTaken) {
  EXPECT_EQ(capture_gain(parse_fen(kStartFen)), 0);
}

}  // namespace
}  // namespace bh
