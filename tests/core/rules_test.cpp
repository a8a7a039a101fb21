// Specification of the rules of core/RULES.md on hand-worked positions, one test per rule.
// Each test names the core/RULES.md section that decides it.
#include <gtest/gtest.h>

#include "core/fen.h"
#include "core/match.h"
#include "core/movegen.h"
#include "core/notation.h"

namespace bh {
namespace {

Move uci(const Board& b, std::string_view text, const RuleSet& r = {}) { return parse_uci(b, r, text); }

// --- core/RULES.md "Check, mate and waiting" --------------------------------------------

// Black: king h8 behind pawns g7/h7; a white rook on a8 checks along the back rank. The
// gap b8..g8 could take a dropped piece, so by default this is not mate even though Black
// holds nothing: Black is stuck and waits. Under mate_rule=classic it is mate.
constexpr std::string_view kBackRankCheck = "R6k/6pp/8/8/8/8/8/4K3[] b - - 0 1";

TEST(CheckMateAndWaiting, DropBlockableCheckIsNotMateByDefault) {
  Board b = parse_fen(kBackRankCheck);
  EXPECT_TRUE(b.in_check());
  EXPECT_EQ(count_legal(b, RuleSet{}), 0u);
  EXPECT_EQ(board_state(b, RuleSet{}), BoardState::Stuck);
}

TEST(CheckMateAndWaiting, DropBlockableCheckIsMateUnderClassicRule) {
  RuleSet classic;
  classic.mate_rule = MateRule::Classic;
  EXPECT_EQ(board_state(parse_fen(kBackRankCheck), classic), BoardState::Checkmate);
}

TEST(CheckMateAndWaiting, WithAPieceInHandTheGapIsBlockedByADrop) {
  Board b = parse_fen("R6k/6pp/8/8/8/8/8/4K3[n] b - - 0 1");
  MoveList moves = legal_moves(b, RuleSet{});
  EXPECT_EQ(moves.size, 6);  // N@b8 .. N@g8, nothing else
  for (Move m : moves) EXPECT_TRUE(m.is_drop() && rank_of(m.to()) == 7);
}

// A knight check cannot be blocked: mate by default, even with pieces in hand.
TEST(CheckMateAndWaiting, KnightCheckIsMateEvenWithPiecesInHand) {
  Board b = parse_fen("6rk/5Npp/8/8/8/8/8/4K3[qrbnp] b - - 0 1");  // smothered
  EXPECT_EQ(board_state(b, RuleSet{}), BoardState::Checkmate);
}

// A contact check by a defended queen cannot be blocked either.
TEST(CheckMateAndWaiting, ContactCheckIsMateEvenWithPiecesInHand) {
  Board b = parse_fen("7k/6Q1/5P2/8/8/8/8/4K3[qrr] b - - 0 1");
  EXPECT_EQ(board_state(b, RuleSet{}), BoardState::Checkmate);
}

TEST(CheckMateAndWaiting, DoubleCheckIsMateWhenTheKingCannotMove) {
  // Rook a8 and bishop d4 both check h8 after a discovered check; g7/h7 are blocked.
  Board b = parse_fen("R6k/7p/8/8/3B4/8/8/4K3[q] b - - 0 1");
  ASSERT_EQ(popcount(b.checkers()), 2);
  EXPECT_EQ(board_state(b, RuleSet{}), BoardState::Checkmate);
}

TEST(CheckMateAndWaiting, NoLegalMoveWithoutCheckIsStuckNotStalemate) {
  Board b = parse_fen("k7/P7/1K6/8/8/8/8/8[] b - - 0 1");  // chess stalemate
  EXPECT_EQ(board_state(b, RuleSet{}), BoardState::Stuck);
  EXPECT_EQ(board_state(b, RuleSet::chess()), BoardState::Stalemate);
}

// A player with no legal move waits; a capture on the other board sends a piece, and then
// the player can move again (core/RULES.md "Reserves and drops" + "Check, mate and waiting").
TEST(CheckMateAndWaiting, AStuckPlayerWaitsForThePartnersPiece) {
  Board a = parse_fen(kBackRankCheck);  // A-black stuck
  Board b = parse_fen("rnbqkb1r/pppppppp/8/4n3/3P4/8/PPP1PPPP/RNBQKBNR[] w KQkq - 0 3");
  Match m(a, b, RuleSet{}, TimeControl::untimed());
  EXPECT_FALSE(m.over());
  EXPECT_EQ(m.state(BoardA), BoardState::Stuck);
  // B-white takes a black knight: it goes to B-white's partner, A-black, who can block.
  ASSERT_TRUE(m.play(BoardB, uci(m.board(BoardB), "d4e5"), 0));
  EXPECT_EQ(m.board(BoardA).reserve(Black)[Knight], 1);
  EXPECT_EQ(m.state(BoardA), BoardState::Playing);
  EXPECT_EQ(m.legal_moves(BoardA).size, 6);  // N@b8 .. N@g8
}

// --- core/RULES.md "Reserves and drops" -------------------------------------------------

TEST(ReservesAndDrops, CapturedPieceGoesToThePartnerKeepingItsColour) {
  Match m;
  auto play = [&](BoardId b, std::string_view mv) { ASSERT_TRUE(m.play(b, uci(m.board(b), mv), m.now())); };
  play(BoardA, "e2e4");
  play(BoardA, "d7d5");
  play(BoardA, "e4d5");  // A-white takes a black pawn -> A-white's partner is B-black
  EXPECT_EQ(m.board(BoardB).reserve(Black)[Pawn], 1);
  EXPECT_TRUE(m.board(BoardA).reserve(White).empty());
  EXPECT_TRUE(m.board(BoardA).reserve(Black).empty());
}

TEST(ReservesAndDrops, CapturedPromotedPiecePassesAsAPawn) {
  // A-white promotes on b8; A-black's rook takes the new queen: a white pawn (not a
  // queen) goes to A-black's partner, B-white.
  Board a = parse_fen("r3k3/1P6/8/8/8/8/8/4K3[] w - - 0 1");
  Match m(a, Board(), RuleSet{}, TimeControl::untimed());
  ASSERT_TRUE(m.play(BoardA, uci(m.board(BoardA), "b7b8q"), 0));
  EXPECT_TRUE(m.board(BoardA).is_promoted(B8));
  EXPECT_EQ(to_fen(m.board(BoardA)), "rQ~2k3/8/8/8/8/8/8/4K3[] b - - 0 1");
  ASSERT_TRUE(m.play(BoardA, uci(m.board(BoardA), "a8b8"), 0));
  EXPECT_EQ(m.board(BoardB).reserve(White)[Pawn], 1);
  EXPECT_EQ(m.board(BoardB).reserve(White)[Queen], 0);
}

TEST(ReservesAndDrops, OptionPromotedKeepRankPassesTheQueen) {
  RuleSet r;
  r.promoted_keep_rank = true;
  Board a = parse_fen("r3k3/1P6/8/8/8/8/8/4K3[] w - - 0 1");
  Match m(a, Board(), r, TimeControl::untimed());
  ASSERT_TRUE(m.play(BoardA, uci(m.board(BoardA), "b7b8q", r), 0));
  ASSERT_TRUE(m.play(BoardA, uci(m.board(BoardA), "a8b8", r), 0));
  EXPECT_EQ(m.board(BoardB).reserve(White)[Queen], 1);
}

TEST(ReservesAndDrops, PawnsAreNeverDroppedOnRankOneOrEight) {
  Board b = parse_fen("4k3/8/8/8/8/8/8/4K3[P] w - - 0 1");
  MoveList moves = legal_moves(b, RuleSet{});
  int drops = 0;
  for (Move m : moves) {
    if (!m.is_drop()) continue;
    ++drops;
    EXPECT_NE(rank_of(m.to()), 0);
    EXPECT_NE(rank_of(m.to()), 7);
  }
  EXPECT_EQ(drops, 48);
}

TEST(ReservesAndDrops, DroppedPawnOnSecondRankDoubleStepsAndCanBeTakenEnPassant) {
  Board b = parse_fen("4k3/8/8/8/3p4/8/8/4K3[P] w - - 0 1");
  b.play(uci(b, "P@e2"));
  b.play(uci(b, "e8d8"));
  Move double_step = uci(b, "e2e4");
  b.play(double_step);
  EXPECT_EQ(b.en_passant(), E3);
  Move ep = uci(b, "d4e3");
  EXPECT_TRUE(ep.is_en_passant());
  b.play(ep);
  EXPECT_TRUE(b.empty(E4));
  EXPECT_EQ(b.piece_on(E3), make_piece(Black, Pawn));
}

TEST(ReservesAndDrops, DropsMayCheckAndMateByDefault) {
  // Q@g7 is defended by the knight on e6 and the king: mate by a drop.
  Board b = parse_fen("7k/8/4N2K/8/8/8/8/8[Q] w - - 0 1");
  Move drop = uci(b, "Q@g7");
  Board after = b;
  after.play(drop);
  EXPECT_EQ(board_state(after, RuleSet{}), BoardState::Checkmate);
}

TEST(ReservesAndDrops, OptionDropCheckForbidsCheckingDrops) {
  RuleSet r;
  r.drop_check = false;
  Board b = parse_fen("7k/8/4N2K/8/8/8/8/8[Q] w - - 0 1");
  MoveList moves = legal_moves(b, r);
  EXPECT_FALSE(moves.contains(Move::drop(Queen, G7)));
  EXPECT_FALSE(moves.contains(Move::drop(Queen, A8)));  // checks along the rank
  EXPECT_TRUE(moves.contains(Move::drop(Queen, B1)));   // no check
  EXPECT_EQ(count_legal(b, r), std::uint64_t(moves.size));
}

TEST(ReservesAndDrops, OptionDropMateForbidsOnlyMatingDrops) {
  RuleSet r;
  r.drop_mate = false;
  Board b = parse_fen("7k/8/4N2K/8/8/8/8/8[Q] w - - 0 1");
  MoveList moves = legal_moves(b, r);
  EXPECT_FALSE(moves.contains(Move::drop(Queen, G7)));  // mates
  // Q@e8 checks, but the gap f8-g8 could take a drop: not mate under the default rule.
  EXPECT_TRUE(moves.contains(Move::drop(Queen, E8)));
}

TEST(ReservesAndDrops, DroppedRookOnItsCornerDoesNotCastleByDefault) {
  Board b = parse_fen("4k3/8/8/8/8/8/8/R3K3[R] w Q - 0 1");
  Match m(b, Board(), RuleSet{}, TimeControl::untimed());
  ASSERT_TRUE(m.play(BoardA, Move::drop(Rook, H1), 0));
  ASSERT_TRUE(m.play(BoardA, uci(m.board(BoardA), "e8d8"), 0));
  EXPECT_FALSE(m.legal_moves(BoardA).contains(Move::castling(E1, G1)));
  EXPECT_TRUE(m.legal_moves(BoardA).contains(Move::castling(E1, C1)));
}

TEST(ReservesAndDrops, OptionDroppedRookCastles) {
  RuleSet r;
  r.dropped_rook_castles = true;
  Board b = parse_fen("4k3/8/8/8/8/8/8/R3K3[R] w Q - 0 1");
  Match m(b, Board(), r, TimeControl::untimed());
  ASSERT_TRUE(m.play(BoardA, Move::drop(Rook, H1), 0));
  ASSERT_TRUE(m.play(BoardA, uci(m.board(BoardA), "e8d8", r), 0));
  EXPECT_TRUE(m.legal_moves(BoardA).contains(Move::castling(E1, G1)));
}

TEST(ReservesAndDrops, DroppedRookDoesNotCastleOnceTheKingHasMoved) {
  RuleSet r;
  r.dropped_rook_castles = true;
  Board b = parse_fen("4k3/8/8/8/8/8/8/4K3[R] w - - 0 1");  // no right: the king has moved
  Match m(b, Board(), r, TimeControl::untimed());
  ASSERT_TRUE(m.play(BoardA, Move::drop(Rook, H1), 0));
  ASSERT_TRUE(m.play(BoardA, uci(m.board(BoardA), "e8d8", r), 0));
  EXPECT_FALSE(m.legal_moves(BoardA).contains(Move::castling(E1, G1)));
}

// --- core/RULES.md "End of the match" ---------------------------------------------------

TEST(EndOfTheMatch, CheckmateOnEitherBoardWinsForTheTeamThatGivesIt) {
  // B-black (team 1) drops a queen on g1, defended by the bishop on c5: contact mate.
  Board b = parse_fen("4k3/8/8/2b5/8/8/6PP/7K[q] b - - 0 1");
  Match m(Board(), b, RuleSet{}, TimeControl::untimed());
  ASSERT_TRUE(m.play(BoardB, Move::drop(Queen, G1), 0));
  ASSERT_TRUE(m.over());
  EXPECT_EQ(m.outcome().reason, EndReason::Checkmate);
  EXPECT_EQ(m.outcome().seat, BWhite);
  EXPECT_EQ(m.outcome().result, MatchResult::Team1Wins);
  EXPECT_EQ(m.outcome().describe(), "team 1 wins: B-white is checkmated");
  // Nothing more is played once the match is over.
  EXPECT_FALSE(m.play(BoardA, uci(m.board(BoardA), "e2e4"), 1));
}

TEST(EndOfTheMatch, BackRankDropCheckWithAGapIsNotMate) {
  // Q@e1 checks along rank 1; f1 is empty, so a drop could block: B-white is stuck, the
  // match goes on (core/RULES.md "Check, mate and waiting").
  Board b = parse_fen("4k3/8/8/8/8/8/5PPP/6K1[q] b - - 0 1");
  Match m(Board(), b, RuleSet{}, TimeControl::untimed());
  ASSERT_TRUE(m.play(BoardB, Move::drop(Queen, E1), 0));
  EXPECT_FALSE(m.over());
  EXPECT_EQ(m.state(BoardB), BoardState::Stuck);
}

// core/RULES.md "End of the match": both teams mating at the same moment is a draw.
TEST(EndOfTheMatch, SimultaneousMatesDraw) {
  Board mate_in_one = parse_fen("k7/8/1K6/8/8/8/8/8[Q] w - - 0 1");  // Q@a7#
  Match m(mate_in_one, mate_in_one, RuleSet{}, TimeControl::untimed());
  ASSERT_TRUE(m.play(BoardA, Move::drop(Queen, A7), 1'000));  // team 1 mates
  ASSERT_TRUE(m.over());
  ASSERT_TRUE(m.play(BoardB, Move::drop(Queen, A7), 1'000));  // team 2 mates, same moment
  EXPECT_EQ(m.outcome().result, MatchResult::Draw);
  EXPECT_EQ(m.outcome().reason, EndReason::SimultaneousMates);
}

TEST(EndOfTheMatch, ALaterMateDoesNotUndoTheFirst) {
  Board mate_in_one = parse_fen("k7/8/1K6/8/8/8/8/8[Q] w - - 0 1");
  Match m(mate_in_one, mate_in_one, RuleSet{}, TimeControl::untimed());
  ASSERT_TRUE(m.play(BoardA, Move::drop(Queen, A7), 1'000));
  EXPECT_FALSE(m.play(BoardB, Move::drop(Queen, A7), 1'001));
  EXPECT_EQ(m.outcome().result, MatchResult::Team1Wins);
}

TEST(EndOfTheMatch, EightHundredMovesDraw) {
  Match m(RuleSet{}, TimeControl::untimed());
  const char* cycle[4] = {"g1f3", "g8f6", "f3g1", "f6g8"};
  int i = 0;
  while (!m.over()) {
    BoardId b = BoardId((i / 4) % 2);
    ASSERT_TRUE(m.play(b, uci(m.board(b), cycle[i % 4]), 0));
    ++i;
  }
  EXPECT_EQ(m.moves_played(), 800);
  EXPECT_EQ(m.outcome().result, MatchResult::Draw);
  EXPECT_EQ(m.outcome().reason, EndReason::MoveLimit);
}

TEST(EndOfTheMatch, AMatchToldItsEarlierMovesGoesOnCountingFromThem) {
  // An engine told the match so far starts at the host's count: at 799 one more move draws.
  Match m(Board(), Board(), RuleSet{}, TimeControl::untimed(), {}, 799);
  EXPECT_EQ(m.moves_played(), 799);
  EXPECT_EQ(m.initial_moves_played(), 799);  // a copy rebuilt from the start keeps it
  ASSERT_FALSE(m.over());
  ASSERT_TRUE(m.play(BoardA, uci(m.board(BoardA), "e2e4"), 0));
  EXPECT_EQ(m.outcome().reason, EndReason::MoveLimit);
  // At the limit already: drawn from the start.
  EXPECT_EQ(Match(Board(), Board(), RuleSet{}, TimeControl::untimed(), {}, 800).outcome().reason, EndReason::MoveLimit);
  EXPECT_THROW(Match(Board(), Board(), RuleSet{}, TimeControl::untimed(), {}, -1), std::invalid_argument);
}

TEST(EndOfTheMatch, RunningOutOfTimeLosesForThatTeam) {
  Match m(RuleSet{}, TimeControl{60'000, 0});
  ASSERT_TRUE(m.play(BoardB, uci(m.board(BoardB), "e2e4"), 1'000));  // B-white moves in time
  // A-white never moves: its clock ends at 60 s; a move at 60.5 s comes too late.
  EXPECT_FALSE(m.play(BoardA, uci(m.board(BoardA), "e2e4"), 60'500));
  ASSERT_TRUE(m.over());
  EXPECT_EQ(m.outcome().reason, EndReason::Flag);
  EXPECT_EQ(m.outcome().seat, AWhite);
  EXPECT_EQ(m.outcome().result, MatchResult::Team2Wins);
  EXPECT_EQ(m.outcome().time_ms, 60'000);
}

TEST(EndOfTheMatch, TwoOpponentsFlaggingAtTheSameMomentDraw) {
  Match m(RuleSet{}, TimeControl{60'000, 0});
  // A-white (team 1) and B-white (team 2) both think from 0 and both run out at 60 s.
  EXPECT_FALSE(m.advance_to(70'000));
  EXPECT_EQ(m.outcome().result, MatchResult::Draw);
  EXPECT_EQ(m.outcome().reason, EndReason::SimultaneousFlags);
}

TEST(EndOfTheMatch, TwoPartnersFlaggingAtTheSameMomentLose) {
  Match m(RuleSet{}, TimeControl{60'000, 0});
  // B-white moves at once; now A-white (team 1) and B-black (team 1) run from 0 and 0.
  ASSERT_TRUE(m.play(BoardB, uci(m.board(BoardB), "e2e4"), 0));
  EXPECT_FALSE(m.advance_to(60'000));
  EXPECT_EQ(m.outcome().result, MatchResult::Team2Wins);
  EXPECT_EQ(m.outcome().reason, EndReason::Flag);
}

TEST(EndOfTheMatch, ResignationLosesForThatTeam) {
  Match m;
  m.resign(BBlack, 5'000);
  EXPECT_EQ(m.outcome().result, MatchResult::Team2Wins);
  EXPECT_EQ(m.outcome().reason, EndReason::Resignation);
  EXPECT_EQ(m.outcome().describe(), "team 2 wins: B-black resigned");
}

// Both movers without a legal move: nothing can ever change (core/RULES.md "End of the match").
TEST(EndOfTheMatch, BothBoardsStuckIsADrawByDefault) {
  Board a = parse_fen(kBackRankCheck);                          // A-black stuck
  Board b = parse_fen("4k3/8/8/8/8/8/5PPP/r5K1[] w - - 0 1");   // B-white stuck (rook a1)
  Match m(a, b, RuleSet{}, TimeControl{60'000, 0});
  ASSERT_TRUE(m.over());
  EXPECT_EQ(m.outcome().result, MatchResult::Draw);
  EXPECT_EQ(m.outcome().reason, EndReason::BothStuck);
}

TEST(EndOfTheMatch, BothBoardsStuckUnderStuckRuleFlagLosesForTheEarlierClock) {
  RuleSet r;
  r.stuck_rule = StuckRule::Flag;
  Board a = parse_fen(kBackRankCheck);
  Board b = parse_fen("4k3/8/8/8/8/8/5PPP/r5K1[] w - - 0 1");
  // Clocks A-white, A-black, B-white, B-black: A-black (team 2) has less than B-white (team 2).
  Match m(a, b, r, TimeControl{60'000, 0}, {60'000, 10'000, 30'000, 60'000});
  ASSERT_TRUE(m.over());
  EXPECT_EQ(m.outcome().reason, EndReason::StuckFlag);
  EXPECT_EQ(m.outcome().seat, ABlack);
  EXPECT_EQ(m.outcome().result, MatchResult::Team1Wins);
}

// --- core/RULES.md "Clocks" ------------------------------------------------------------

TEST(Clocks, TheMoverPaysItsThinkingTimeAndGetsTheIncrement) {
  Match m(RuleSet{}, TimeControl{300'000, 5'000});  // 5 min + 5 s, the club form (core/RULES.md "Clocks")
  ASSERT_TRUE(m.play(BoardA, uci(m.board(BoardA), "e2e4"), 12'000));
  EXPECT_EQ(m.remaining(AWhite), 300'000 - 12'000 + 5'000);
  // A-black started thinking at 12 s; at 20 s it has used 8 s.
  EXPECT_EQ(m.remaining(ABlack, 20'000), 300'000 - 8'000);
  // B-white has been thinking since 0.
  EXPECT_EQ(m.remaining(BWhite, 20'000), 280'000);
  EXPECT_EQ(m.remaining(BBlack, 20'000), 300'000);
}

// core/RULES.md "Clocks": under a delay (5 minutes, 3-second delay: "5d3") the first 3 s
// of each turn cost nothing, nothing is added back, and the clock runs after them.
TEST(Clocks, ADelayMakesTheFirstSecondsOfATurnFree) {
  const TimeControl tc = TimeControl::parse("5d3");
  ASSERT_EQ(tc, (TimeControl{300'000, 0, 3'000}));
  Match m(RuleSet{}, tc);
  ASSERT_TRUE(m.play(BoardA, uci(m.board(BoardA), "e2e4"), 2'000));  // within the delay: free
  EXPECT_EQ(m.remaining(AWhite), 300'000);
  // A-black started at 2 s: at 4 s (2 s in) it has paid nothing, at 10 s (8 s in) 5 s.
  EXPECT_EQ(m.remaining(ABlack, 4'000), 300'000);
  EXPECT_EQ(m.remaining(ABlack, 10'000), 295'000);
  ASSERT_TRUE(m.play(BoardA, uci(m.board(BoardA), "e7e5"), 10'000));
  EXPECT_EQ(m.remaining(ABlack), 295'000) << "a delay adds nothing back, unlike an increment";
}

TEST(Clocks, UnderADelayAClockFlagsOnlyAfterTheDelayAndItsTimeAreSpent) {
  Match m(RuleSet{}, TimeControl{10'000, 0, 2'000});
  ASSERT_TRUE(m.play(BoardB, uci(m.board(BoardB), "e2e4"), 0));
  ASSERT_TRUE(m.play(BoardB, uci(m.board(BoardB), "e7e5"), 0));
  EXPECT_EQ(m.flag_time(BoardA), 12'000);  // A-white: 2 s free, then its 10 s
  EXPECT_TRUE(m.play(BoardA, uci(m.board(BoardA), "e2e4"), 11'999));
  EXPECT_EQ(m.remaining(AWhite), 1);
  // B-white has been thinking since 0: it flags at 12 s, not at 10 s.
  EXPECT_TRUE(m.advance_to(11'999));
  EXPECT_FALSE(m.advance_to(12'000));
  EXPECT_EQ(m.outcome().reason, EndReason::Flag);
  EXPECT_EQ(m.outcome().seat, BWhite);
  EXPECT_EQ(m.outcome().time_ms, 12'000);
}

TEST(Clocks, TimeControlsReadAndWriteTheirDelay) {
  EXPECT_EQ(TimeControl::parse("5+0d3"), (TimeControl{300'000, 0, 3'000}));
  EXPECT_EQ(TimeControl::parse("90s+2d1.5"), (TimeControl{90'000, 2'000, 1'500}));
  EXPECT_EQ(TimeControl::parse("5+5"), (TimeControl{300'000, 5'000, 0}));
  EXPECT_EQ(TimeControl::parse("5d3").to_string(), "300s+0d3");
  EXPECT_EQ(TimeControl::parse(TimeControl::parse("90s+2d1.5").to_string()), TimeControl::parse("90s+2d1.5"));
  EXPECT_EQ(TimeControl::parse("5+5").to_string(), "300s+5") << "no delay, no 'd'";
  for (const char* bad : {"5d", "5dx", "5d-1", "5d3d3", "5+d3", "d3"})
    EXPECT_THROW(TimeControl::parse(bad), std::invalid_argument) << bad;
}

TEST(Clocks, TimeNeverGoesBackwards) {
  Match m(RuleSet{}, TimeControl{60'000, 0});
  ASSERT_TRUE(m.play(BoardA, uci(m.board(BoardA), "e2e4"), 5'000));
  EXPECT_THROW(m.play(BoardB, uci(m.board(BoardB), "e2e4"), 4'000), std::invalid_argument);
}

// --- core/RULES.md "Repetition" ---------------------------------------------------------

TEST(EndOfTheMatch, OptionRepetitionDrawsOnThreefoldRepetition) {
  RuleSet r;
  r.repetition_draw = DrawRule::Automatic;
  Match m(r, TimeControl::untimed());
  const char* cycle[4] = {"g1f3", "g8f6", "f3g1", "f6g8"};
  int i = 0;
  while (!m.over() && i < 100) {
    ASSERT_TRUE(m.play(BoardA, uci(m.board(BoardA), cycle[i % 4], r), 0));
    ++i;
  }
  EXPECT_EQ(i, 8);  // the start position occurs the third time after 8 moves
  EXPECT_EQ(m.outcome().reason, EndReason::Repetition);
}

}  // namespace
}  // namespace bh
