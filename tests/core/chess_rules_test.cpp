// Specification of standard chess (core/RULES.md "Standard chess" and "Chess draws") on
// hand-worked positions: stalemate, insufficient material, repetition and the move-count
// rules, automatic or claimed, their record tags, and that bughouse keeps none of them.
#include <gtest/gtest.h>

#include <map>
#include <random>
#include <sstream>

#include "core/bfen.h"
#include "core/bpgn.h"
#include "core/chess_draws.h"
#include "core/fen.h"
#include "core/match.h"
#include "core/notation.h"
#include "core/parse_error.h"

namespace bh {
namespace {

const RuleSet kChess = RuleSet::chess();

// A chess match whose board A starts from `fen` and board B from the start position.
Match chess_match(std::string_view fen, TimeControl tc = TimeControl::untimed()) {
  return Match(parse_fen(fen), Board(), kChess, tc);
}

bool play(Match& m, std::string_view move, std::int64_t t = 0, BoardId b = BoardA) {
  return m.play(b, parse_uci(m.board(b), m.rules(), move), t);
}

// The FIDE example: the knights go out and come back.
constexpr const char* kKnightCycle[4] = {"g1f3", "g8f6", "f3g1", "f6g8"};

// --- "Standard chess" ------------------------------------------------------------------

TEST(StandardChess, CapturedPiecesLeaveTheGame) {
  Match m(kChess, TimeControl::untimed());
  for (const char* mv : {"e2e4", "d7d5", "e4d5"}) ASSERT_TRUE(play(m, mv));
  EXPECT_TRUE(m.board(BoardB).reserve(Black).empty());
  EXPECT_TRUE(m.board(BoardB).reserve(White).empty());
}

// --- "Chess draws": stalemate -----------------------------------------------------------

TEST(ChessDraws, StalemateIsADraw) {
  // Qc5-b6 leaves the black king on a8 without a move and not in check.
  Match m = chess_match("k7/8/8/2Q5/8/8/8/K7 w - - 0 1");
  ASSERT_TRUE(play(m, "c5b6"));
  ASSERT_TRUE(m.over());
  EXPECT_EQ(m.outcome().result, MatchResult::Draw);
  EXPECT_EQ(m.outcome().reason, EndReason::Stalemate);
  EXPECT_EQ(m.outcome().seat, ABlack);
  EXPECT_EQ(m.outcome().tag(), "draw stalemate A-black");
}

// --- "Chess draws": insufficient material ----------------------------------------------

TEST(ChessDraws, InsufficientMaterialIsExactlyTheListedCases) {
  auto dead = [](std::string_view fen) { return insufficient_material(parse_fen(fen)); };
  // King against king.
  EXPECT_TRUE(dead("k7/8/8/8/8/8/8/K7 w - - 0 1"));
  // King and one minor piece against king, either colour.
  EXPECT_TRUE(dead("k7/8/8/8/8/8/8/K5B1 w - - 0 1"));
  EXPECT_TRUE(dead("k7/8/8/8/8/8/8/K5N1 w - - 0 1"));
  EXPECT_TRUE(dead("k5n1/8/8/8/8/8/8/K7 w - - 0 1"));
  // Only bishops besides the kings, all on squares of one colour (c1, f4, a7 are dark).
  EXPECT_TRUE(dead("k7/b7/8/8/5B2/8/8/K1B5 w - - 0 1"));
  // Near misses: mate is possible, so the game goes on.
  EXPECT_FALSE(dead("k7/8/8/8/8/8/8/K1B2B2 w - - 0 1"));   // bishops on both colours
  EXPECT_FALSE(dead("k1b5/8/8/8/8/8/8/K1B5 w - - 0 1"));   // c8 is light, c1 dark
  EXPECT_FALSE(dead("k7/8/8/8/8/8/8/K5NN w - - 0 1"));     // two knights
  EXPECT_FALSE(dead("kn6/8/8/8/8/8/8/K5N1 w - - 0 1"));    // knight against knight
  EXPECT_FALSE(dead("kn6/8/8/8/8/8/8/K5B1 w - - 0 1"));    // bishop against knight
  EXPECT_FALSE(dead("k7/8/8/8/8/8/P7/K7 w - - 0 1"));      // a pawn
  EXPECT_FALSE(dead("k7/8/8/8/8/8/8/K6R w - - 0 1"));      // a rook
}

TEST(ChessDraws, InsufficientMaterialEndsTheGameAtOnce) {
  Match m = chess_match("k7/8/8/8/8/8/1q6/K7 w - - 0 1");
  ASSERT_TRUE(play(m, "a1b2"));  // takes the last piece: king against king
  EXPECT_EQ(m.outcome().result, MatchResult::Draw);
  EXPECT_EQ(m.outcome().reason, EndReason::InsufficientMaterial);
  // A match that starts dead is over before the first move.
  Match dead = chess_match("k7/8/8/8/8/8/8/K5B1 w - - 0 1");
  EXPECT_EQ(dead.outcome().reason, EndReason::InsufficientMaterial);
}

// --- "Chess draws": repetition -----------------------------------------------------------

TEST(ChessDraws, ThreefoldRepetitionAllowsAClaimAfterEightHalfMoves) {
  Match m(kChess, TimeControl::untimed());
  for (int i = 0; i < 4; ++i) ASSERT_TRUE(play(m, kKnightCycle[i]));
  EXPECT_EQ(m.occurrences(BoardA), 2);
  DrawClaim early = m.claim_draw(AWhite, 0);
  EXPECT_FALSE(early.granted) << early.explanation;
  EXPECT_FALSE(m.over());
  for (int i = 0; i < 4; ++i) ASSERT_TRUE(play(m, kKnightCycle[i]));
  EXPECT_EQ(m.occurrences(BoardA), 3);  // the start position, a third time
  EXPECT_FALSE(m.over());               // three occurrences end nothing by themselves
  // Only the player to move claims.
  EXPECT_FALSE(m.claim_draw(ABlack, 0).granted);
  DrawClaim claim = m.claim_draw(AWhite, 0);
  EXPECT_TRUE(claim.granted) << claim.explanation;
  EXPECT_EQ(claim.reason, EndReason::ThreefoldClaim);
  EXPECT_EQ(m.outcome().result, MatchResult::Draw);
  EXPECT_EQ(m.outcome().reason, EndReason::ThreefoldClaim);
  EXPECT_EQ(m.outcome().seat, AWhite);
}

TEST(ChessDraws, AClaimMayNameTheMoveThatRepeats) {
  Match m(kChess, TimeControl::untimed());
  for (int i = 0; i < 7; ++i) ASSERT_TRUE(play(m, kKnightCycle[i % 4]));
  // Black announces Nf6-g8, which makes the start position appear a third time.
  DrawClaim claim = m.claim_draw(ABlack, 0, parse_uci(m.board(BoardA), kChess, "f6g8"));
  EXPECT_TRUE(claim.granted) << claim.explanation;
  EXPECT_EQ(m.outcome().reason, EndReason::ThreefoldClaim);
  EXPECT_EQ(m.board(BoardA).piece_on(G8), make_piece(Black, Knight));  // the move was made
}

TEST(ChessDraws, FifthOccurrenceEndsTheGameAfterSixteenHalfMoves) {
  Match m(kChess, TimeControl::untimed());
  int half_moves = 0;
  while (!m.over() && half_moves < 40) ASSERT_TRUE(play(m, kKnightCycle[half_moves++ % 4]));
  EXPECT_EQ(half_moves, 16);
  EXPECT_EQ(m.outcome().result, MatchResult::Draw);
  EXPECT_EQ(m.outcome().reason, EndReason::FivefoldRepetition);
}

TEST(ChessDraws, APositionIncludesTheCastlingRights) {
  // The rooks step out and back: the pieces stand as at the start, but neither side may
  // castle short any more, so it is another position.
  Match m(kChess, TimeControl::untimed());
  for (const char* mv : {"g1f3", "g8f6", "h1g1", "h8g8", "g1h1", "g8h8", "f3g1", "f6g8"}) ASSERT_TRUE(play(m, mv));
  EXPECT_EQ(m.occurrences(BoardA), 1);
}

TEST(ChessDraws, AnEnPassantSquareCountsOnlyWhenTheCaptureIsLegal) {
  // e5xd6 would open rank 5 from the rook on h5 to the king on a5: not a possibility.
  Board pinned = parse_fen("8/8/8/K2pP2r/8/8/8/7k w - d6 0 2");
  ASSERT_EQ(pinned.en_passant(), D6);
  EXPECT_EQ(position_key(pinned, kChess), position_key(parse_fen("8/8/8/K2pP2r/8/8/8/7k w - - 0 2"), kChess));
  // With the king elsewhere the capture is legal and the position differs.
  Board free = parse_fen("8/8/8/3pP2r/8/8/8/K6k w - d6 0 2");
  EXPECT_NE(position_key(free, kChess), position_key(parse_fen("8/8/8/3pP2r/8/8/8/K6k w - - 0 2"), kChess));
}

TEST(ChessDraws, APromotedPieceIsThePieceItIs) {
  Board promoted = parse_fen("k7/8/8/8/8/8/8/K2Q~4 w - - 0 1");
  Board plain = parse_fen("k7/8/8/8/8/8/8/K2Q4 w - - 0 1");
  EXPECT_EQ(position_key(promoted, kChess), position_key(plain, kChess));
  // Bughouse (option repetition_draw) tells them apart: they pass differently when taken.
  EXPECT_NE(position_key(promoted, RuleSet{}), position_key(plain, RuleSet{}));
}

// --- "Chess draws": fifty and seventy-five moves -----------------------------------------

TEST(ChessDraws, FiftyMovesAllowAClaim) {
  Match m = chess_match("k7/8/8/8/8/8/8/KR6 w - - 99 80");
  EXPECT_FALSE(m.claim_draw(AWhite, 0).granted);  // 99 half-moves
  ASSERT_TRUE(play(m, "b1b2"));
  ASSERT_FALSE(m.over());
  DrawClaim claim = m.claim_draw(ABlack, 0);
  EXPECT_TRUE(claim.granted) << claim.explanation;
  EXPECT_EQ(m.outcome().reason, EndReason::FiftyMoveClaim);
  EXPECT_EQ(m.outcome().seat, ABlack);
}

TEST(ChessDraws, TheFiftiethMoveMayBeAnnouncedWithTheClaim) {
  Match m = chess_match("k7/8/8/8/8/8/8/KR6 w - - 99 80");
  DrawClaim claim = m.claim_draw(AWhite, 0, parse_uci(m.board(BoardA), kChess, "b1b2"));
  EXPECT_TRUE(claim.granted) << claim.explanation;
  EXPECT_EQ(m.outcome().reason, EndReason::FiftyMoveClaim);
}

TEST(ChessDraws, AWrongClaimGivesTheOpponentTwoMinutes) {
  Match m(kChess, TimeControl{180'000, 0});
  DrawClaim claim = m.claim_draw(AWhite, 1'000);
  EXPECT_FALSE(claim.granted);
  EXPECT_NE(claim.explanation.find("refused"), std::string::npos);
  EXPECT_EQ(m.remaining(ABlack), 300'000);
  EXPECT_EQ(m.remaining(AWhite), 179'000);
}

TEST(ChessDraws, SeventyFiveMovesEndTheGame) {
  Match m = chess_match("k7/8/8/8/8/8/8/KR6 w - - 149 80");
  ASSERT_TRUE(play(m, "b1b2"));
  EXPECT_EQ(m.outcome().result, MatchResult::Draw);
  EXPECT_EQ(m.outcome().reason, EndReason::SeventyFiveMoves);
}

TEST(ChessDraws, AMateOnTheSeventyFifthMoveStands) {
  Match m = chess_match("k7/8/1K6/8/8/8/8/7R w - - 149 100");
  ASSERT_TRUE(play(m, "h1h8"));
  EXPECT_EQ(m.outcome().reason, EndReason::Checkmate);
  EXPECT_EQ(m.outcome().result, MatchResult::Team1Wins);
}

// --- bughouse keeps none of this ("End of the match") -------------------------------------

TEST(ChessDraws, BughouseHasNoneOfThem) {
  Match bare(parse_fen("k7/8/8/8/8/8/8/K7 w - - 149 80"), Board(), RuleSet{}, TimeControl::untimed());
  EXPECT_FALSE(bare.over());  // pieces can still arrive; no 75-move rule
  EXPECT_NE(bare.claim_draw(AWhite, 0).explanation.find("standard chess has them"), std::string::npos);
  Match m(RuleSet{}, TimeControl::untimed());
  for (int i = 0; i < 20; ++i) ASSERT_TRUE(play(m, kKnightCycle[i % 4]));
  EXPECT_FALSE(m.over());  // no fivefold repetition
}

// --- records ("Notation") -----------------------------------------------------------------

TEST(ChessDraws, EveryEndingTagReadsBack) {
  for (int r = int(EndReason::None); r <= int(EndReason::FiftyMoveClaim); ++r) {
    for (int s = 0; s < kSeats; ++s) {
      for (MatchResult res : {MatchResult::Team1Wins, MatchResult::Team2Wins, MatchResult::Draw}) {
        Outcome o{res, EndReason(r), Seat(s), 0};
        const std::string tag = o.tag();
        std::optional<Outcome> back = parse_outcome_tag(tag);
        ASSERT_TRUE(back) << tag;
        EXPECT_EQ(back->tag(), tag);
        if (tag == "ongoing") continue;
        // A tag that names a seat gives everything back.
        if (back->reason == o.reason && tag.find(seat_name(Seat(s))) != std::string::npos) {
          EXPECT_EQ(back->seat, o.seat) << tag;
        }
      }
    }
  }
  EXPECT_FALSE(parse_outcome_tag("White resigns"));
  EXPECT_FALSE(parse_outcome_tag("draw stalemate C-white"));
}

// Writes the match as BPGN, reads it back and replays it under the same rules.
Match round_trip(const Match& m) {
  std::stringstream in(write_bpgn(m, {{"Event", "chess draws"}}));
  std::vector<BpgnGame> games = read_bpgn(in, "memory");
  EXPECT_EQ(games.size(), 1u);
  EXPECT_EQ(games[0].reason, m.outcome().tag());
  EXPECT_EQ(games[0].result, result_string(m.outcome()));
  return replay(games[0], m.rules());
}

void expect_same_ending(const Match& m) {
  ASSERT_TRUE(m.over());
  Match back = round_trip(m);
  EXPECT_EQ(back.outcome().result, m.outcome().result) << m.outcome().tag();
  EXPECT_EQ(back.outcome().reason, m.outcome().reason) << m.outcome().tag();
  EXPECT_EQ(back.outcome().seat, m.outcome().seat) << m.outcome().tag();
  EXPECT_EQ(to_bfen(back), to_bfen(m));
}

TEST(ChessDraws, RecordsKeepEveryEnding) {
  Match stalemate = chess_match("k7/8/8/2Q5/8/8/8/K7 w - - 0 1");
  ASSERT_TRUE(play(stalemate, "c5b6"));
  expect_same_ending(stalemate);

  Match dead = chess_match("k7/8/8/8/8/8/1q6/K7 w - - 0 1");
  ASSERT_TRUE(play(dead, "a1b2"));
  expect_same_ending(dead);

  Match fivefold(kChess, TimeControl{60'000, 1'000});
  for (int i = 0; !fivefold.over(); ++i) ASSERT_TRUE(play(fivefold, kKnightCycle[i % 4], 100 * (i + 1)));
  expect_same_ending(fivefold);

  Match seventy_five = chess_match("k7/8/8/8/8/8/8/KR6 w - - 149 80");
  ASSERT_TRUE(play(seventy_five, "b1b2"));
  expect_same_ending(seventy_five);

  Match threefold(kChess, TimeControl::untimed());
  for (int i = 0; i < 8; ++i) ASSERT_TRUE(play(threefold, kKnightCycle[i % 4]));
  ASSERT_TRUE(threefold.claim_draw(AWhite, 0).granted);
  expect_same_ending(threefold);

  Match announced(kChess, TimeControl::untimed());
  for (int i = 0; i < 7; ++i) ASSERT_TRUE(play(announced, kKnightCycle[i % 4]));
  ASSERT_TRUE(announced.claim_draw(ABlack, 0, parse_uci(announced.board(BoardA), kChess, "f6g8")).granted);
  expect_same_ending(announced);

  Match fifty = chess_match("k7/8/8/8/8/8/8/KR6 w - - 99 80");
  ASSERT_TRUE(play(fifty, "b1b2"));
  ASSERT_TRUE(fifty.claim_draw(ABlack, 0).granted);
  expect_same_ending(fifty);
}

// Random games end by the Laws alone (no move limit): every one reaches mate or one of
// the automatic draws, and its record replays to the same ending.
TEST(ChessDraws, RandomGamesEndByTheLawsAlone) {
  RuleSet rules = kChess;
  rules.move_limit = 100000;
  std::mt19937 rng(11);
  std::map<EndReason, int> endings;
  for (int game = 0; game < 30; ++game) {
    Match m(rules, TimeControl::untimed());
    for (int ply = 0; ply < 20000 && !m.over(); ++ply) {
      const MoveList moves = m.legal_moves(BoardA);
      ASSERT_TRUE(m.play(BoardA, moves.moves[rng() % moves.size], 0));
    }
    ASSERT_TRUE(m.over());
    const EndReason r = m.outcome().reason;
    EXPECT_TRUE(r == EndReason::Checkmate || r == EndReason::Stalemate || r == EndReason::InsufficientMaterial ||
                r == EndReason::FivefoldRepetition || r == EndReason::SeventyFiveMoves)
        << m.outcome().describe();
    ++endings[r];
    expect_same_ending(m);
  }
  EXPECT_GE(endings.size(), 2u);
}

TEST(ChessDraws, ARecordedClaimThatDoesNotHoldIsRefused) {
  std::stringstream in("[Event \"x\"]\n\n1A. Nf3 1a. Nf6 {draw threefold-claim A-white} 1/2-1/2\n");
  std::vector<BpgnGame> games = read_bpgn(in, "memory");
  ASSERT_EQ(games.size(), 1u);
  EXPECT_THROW(replay(games[0], kChess), ParseError);
}

}  // namespace
}  // namespace bh
