// Specification of king capture (core/RULES.md "King capture"): no player must answer a
// check, a king may step, stay or castle into attack, and taking the king wins the game and
// with it the match. Hand-worked positions; the Fairy-Stockfish counts of the same form are
// in tests/data/bughouse_perft_king_capture.epd (tests/core/perft_test.cpp).
#include <gtest/gtest.h>

#include <sstream>
#include <vector>

#include "core/bfen.h"
#include "core/bpgn.h"
#include "core/fen.h"
#include "core/match.h"
#include "core/movegen.h"
#include "core/notation.h"
#include "core/rule_conflicts.h"
#include "tests/core/rules_with.h"

namespace bh {
namespace {

using test::rules_with;

// A function, not a global: the option table is not yet built while globals are made.
RuleSet king_capture() { return rules_with({{"king_capture", "true"}}); }

Move uci(const Board& b, const RuleSet& r, std::string_view text) { return parse_uci(b, r, text); }

// White: king e1, knight b1. Black: king e8, rook e2 giving check beside the king.
constexpr std::string_view kRookBesideTheKing = "4k3/8/8/8/8/8/4r3/1N2K3[] w - - 0 1";

TEST(KingCapture, ByDefaultACheckMustBeAnswered) {
  // Kxe2, Kd1, Kf1: d2 and f2 are on the rook's rank, and the knight can neither take nor block.
  EXPECT_EQ(legal_moves(parse_fen(kRookBesideTheKing), RuleSet{}).size, 3);
}

TEST(KingCapture, NoCheckNeedBeAnsweredAndTheKingMayStepIntoAttack) {
  // The king's five steps (d1, d2, e2, f1, f2) and the knight's three (a3, c3, d2).
  const MoveList moves = legal_moves(parse_fen(kRookBesideTheKing), king_capture());
  EXPECT_EQ(moves.size, 8);
  EXPECT_TRUE(moves.contains(Move::normal(E1, F2)));  // onto the rook's rank
  EXPECT_TRUE(moves.contains(Move::normal(B1, C3)));  // ignores the check
}

TEST(KingCapture, TakingTheKingWinsAndTheKingPassesToNobody) {
  Match m(parse_fen(kRookBesideTheKing), Board(), king_capture(), TimeControl::untimed());
  ASSERT_TRUE(m.play(BoardA, uci(m.board(BoardA), king_capture(), "b1c3"), 0));
  EXPECT_FALSE(m.over());
  ASSERT_TRUE(m.play(BoardA, uci(m.board(BoardA), king_capture(), "e2e1"), 0));
  ASSERT_TRUE(m.over());
  EXPECT_EQ(m.outcome().result, MatchResult::Team2Wins);  // A-black's team: A-black and B-white
  EXPECT_EQ(m.outcome().reason, EndReason::KingCaptured);
  EXPECT_EQ(m.outcome().seat, AWhite);
  EXPECT_EQ(m.outcome().tag(), "king-taken A-white");
  EXPECT_EQ(m.outcome().describe(), "team 2 wins: A-white's king was taken");
  EXPECT_EQ(m.board(BoardB).reserve(Black).total() + m.board(BoardB).reserve(White).total(), 0);
}

TEST(KingCapture, NothingIsMateAndTheMatedSideMovesOn) {
  // The smothered mate Nf7: under the default it ends the match; under king capture Black
  // moves on, and the knight takes the king it checks.
  constexpr std::string_view kSmother = "6rk/6pp/8/6N1/8/8/8/6K1[] w - - 0 1";
  Match mate(parse_fen(kSmother), Board(), RuleSet{}, TimeControl::untimed());
  ASSERT_TRUE(mate.play(BoardA, uci(mate.board(BoardA), RuleSet{}, "g5f7"), 0));
  EXPECT_EQ(mate.outcome().reason, EndReason::Checkmate);

  Match taken(parse_fen(kSmother), Board(), king_capture(), TimeControl::untimed());
  const Move nf7 = uci(taken.board(BoardA), king_capture(), "g5f7");
  EXPECT_FALSE(gives_mate(taken.board(BoardA), king_capture(), nf7));
  ASSERT_TRUE(taken.play(BoardA, nf7, 0));
  EXPECT_FALSE(taken.over());
  EXPECT_EQ(taken.state(BoardA), BoardState::Playing);
  ASSERT_TRUE(taken.play(BoardA, uci(taken.board(BoardA), king_capture(), "h7h6"), 0));
  ASSERT_TRUE(taken.play(BoardA, uci(taken.board(BoardA), king_capture(), "f7h8"), 0));
  EXPECT_EQ(taken.outcome().tag(), "king-taken A-black");
  EXPECT_EQ(taken.outcome().result, MatchResult::Team1Wins);
  // A side whose king is gone has no move (tests/data/README.md).
  EXPECT_EQ(legal_moves(taken.board(BoardA), king_capture()).size, 0);
}

TEST(KingCapture, TheKingCastlesOutOfThroughAndIntoAttack) {
  // A black rook on f8 attacks f1, the square the king passes; on e8 it gives check.
  const Board through = parse_fen("k4r2/8/8/8/8/8/8/4K2R[] w K - 0 1");
  EXPECT_FALSE(legal_moves(through, RuleSet{}).contains(Move::castling(E1, G1)));
  EXPECT_TRUE(legal_moves(through, king_capture()).contains(Move::castling(E1, G1)));
  const Board in_check = parse_fen("k3r3/8/8/8/8/8/8/4K2R[] w K - 0 1");
  EXPECT_FALSE(legal_moves(in_check, RuleSet{}).contains(Move::castling(E1, G1)));
  EXPECT_TRUE(legal_moves(in_check, king_capture()).contains(Move::castling(E1, G1)));
  const Board into = parse_fen("k5r1/8/8/8/8/8/8/4K2R[] w K - 0 1");  // the rook on g8 watches g1
  EXPECT_FALSE(legal_moves(into, RuleSet{}).contains(Move::castling(E1, G1)));
  EXPECT_TRUE(legal_moves(into, king_capture()).contains(Move::castling(E1, G1)));
}

TEST(KingCapture, APinnedPieceMovesAndEnPassantIgnoresTheKing) {
  // The knight on e2 is pinned by the rook on e8: by default it may not move.
  const Board pinned = parse_fen("k3r3/8/8/8/8/8/4N3/4K3[] w - - 0 1");
  EXPECT_EQ(legal_moves(pinned, RuleSet{}).size, 4);  // d1, d2, f1, f2
  EXPECT_EQ(legal_moves(pinned, king_capture()).size, 4 + 6);  // and the knight's six
  // exd6 e.p. would open the fifth rank to the rook on h5; under king capture it is a move.
  const Board ep = parse_fen("k7/8/8/K2pP2r/8/8/8/8[] w - d6 0 2");
  EXPECT_FALSE(legal_moves(ep, RuleSet{}).contains(Move::en_passant(E5, D6)));
  EXPECT_TRUE(legal_moves(ep, king_capture()).contains(Move::en_passant(E5, D6)));
}

TEST(KingCapture, NoPositionIsMateOrWithoutMoves) {
  // Smothered: the knight on f7 checks h8, and nothing answers it. By default mate; under
  // king capture the rook and the pawns move (and the knight takes the king next).
  const Board smothered = parse_fen("6rk/5Npp/8/8/8/8/8/6K1[] b - - 0 1");
  EXPECT_EQ(board_state(smothered, RuleSet{}), BoardState::Checkmate);
  EXPECT_EQ(board_state(smothered, king_capture()), BoardState::Playing);
  // The rook's six squares on the eighth rank, two steps of each pawn; the king is walled in.
  EXPECT_EQ(legal_moves(smothered, king_capture()).size, 6 + 2 + 2);
  // No legal move by default (the king may not step into the queen's attack): Black waits.
  // Under king capture the king steps to g8, g7 or h7 anyway.
  const Board boxed = parse_fen("7k/5Q2/6K1/8/8/8/8/8[] b - - 0 1");
  EXPECT_EQ(legal_moves(boxed, RuleSet{}).size, 0);
  EXPECT_EQ(legal_moves(boxed, king_capture()).size, 3);
  // What no move at all would mean: never mate, never stalemate; the player waits.
  EXPECT_EQ(no_move_state(smothered, king_capture()), BoardState::Stuck);
}

TEST(KingCapture, TheRecordEndsWithTheTakenKingAndReplays) {
  Match m(parse_fen(kRookBesideTheKing), Board(), king_capture(), TimeControl{60'000, 0});
  ASSERT_TRUE(m.play(BoardA, uci(m.board(BoardA), king_capture(), "b1c3"), 400));
  ASSERT_TRUE(m.play(BoardA, uci(m.board(BoardA), king_capture(), "e2e1"), 900));
  for (MoveStyle style : {MoveStyle::San, MoveStyle::Uci}) {
    std::stringstream in(write_bpgn(m, {{"Event", "king capture"}}, style));
    std::vector<BpgnGame> games = read_bpgn(in, "memory");
    ASSERT_EQ(games.size(), 1u);
    EXPECT_EQ(record_rules(games[0], RuleSet{}), king_capture());
    const Match again = replay(games[0], king_capture());
    EXPECT_EQ(again.outcome().tag(), "king-taken A-white");
    EXPECT_EQ(to_bfen(again), to_bfen(m));
  }
}

TEST(KingCapture, OptionsAboutCheckAndMateCannotBeCombinedWithIt) {
  for (auto [key, value] : {std::pair{"drop_check", "false"}, {"drop_mate", "false"}, {"mate_rule", "classic"}}) {
    const RuleConflict c = rules_conflict(rules_with({{"king_capture", "true"}, {key, value}}));
    ASSERT_TRUE(c) << key;
    EXPECT_EQ(c.option, "king_capture");
  }
  EXPECT_TRUE(rules_conflict(rules_with({{"variant", "chess"}, {"king_capture", "true"}})));
}

}  // namespace
}  // namespace bh
