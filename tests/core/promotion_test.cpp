// Specification of the option promotion = reserve (core/RULES.md "Promotion from the
// reserve") on hand-worked positions: which moves exist, where the piece comes from and
// where the pawn goes, the pawn that stays on the last rank, counting against listing,
// and FEN, BFEN and BPGN round trips.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <random>
#include <sstream>
#include <vector>

#include "core/bfen.h"
#include "core/bpgn.h"
#include "core/fen.h"
#include "core/match.h"
#include "core/notation.h"
#include "core/parse_error.h"
#include "core/perft.h"

namespace bh {
namespace {

RuleSet reserve_rules() {
  RuleSet r;
  r.promotion = Promotion::FromReserve;
  return r;
}
const RuleSet kReserve = reserve_rules();

// The legal moves from one square, as UCI text in a fixed order.
std::vector<std::string> moves_from(const Board& b, Square from, const RuleSet& r = kReserve) {
  std::vector<std::string> out;
  for (Move m : legal_moves(b, r))
    if (!m.is_drop() && m.from() == from) out.push_back(to_uci(m));
  std::sort(out.begin(), out.end());
  return out;
}

// Perft by listing every move at every ply: the reference for the counting generator.
std::uint64_t listed_perft(const Board& b, const RuleSet& r, int depth) {
  if (depth == 0) return 1;
  std::uint64_t n = 0;
  for (Move m : legal_moves(b, r)) {
    Board child = b;
    child.play(m, r.promotion);
    n += listed_perft(child, r, depth - 1);
  }
  return n;
}

using Strings = std::vector<std::string>;

// --- which moves exist --------------------------------------------------------------------

TEST(PromotionFromTheReserve, EveryHeldTypeAndStayingAPawn) {
  Board b = parse_fen("4k3/P7/8/8/8/8/8/4K3[QRBNn] w - - 0 1");
  EXPECT_EQ(moves_from(b, A7), (Strings{"a7a8", "a7a8b", "a7a8n", "a7a8q", "a7a8r"}));
  // Under FIDE promotion the same pawn has the four created pieces and cannot stay.
  EXPECT_EQ(moves_from(b, A7, RuleSet{}), (Strings{"a7a8b", "a7a8n", "a7a8q", "a7a8r"}));
}

TEST(PromotionFromTheReserve, OnlyAKnightInReserveGivesOnlyTheKnight) {
  // Black's knight does not count: the promoter's own reserve decides.
  Board b = parse_fen("4k3/P7/8/8/8/8/8/4K3[Nqrb] w - - 0 1");
  EXPECT_EQ(moves_from(b, A7), (Strings{"a7a8", "a7a8n"}));
}

TEST(PromotionFromTheReserve, PawnsCountForNothing) {
  Board b = parse_fen("4k3/P7/8/8/8/8/8/4K3[P] w - - 0 1");
  EXPECT_EQ(moves_from(b, A7), (Strings{"a7a8"}));
}

TEST(PromotionFromTheReserve, CapturesOntoTheLastRankToo) {
  Board b = parse_fen("rn2k3/1P6/8/8/8/8/8/4K3[R] w - - 0 1");
  EXPECT_EQ(moves_from(b, B7), (Strings{"b7a8", "b7a8r"}));  // b8 is occupied
}

TEST(PromotionFromTheReserve, APinnedPawnTakesItsPinner) {
  // The bishop on c8 pins b7 to the king on a6: only the capture along the pin is left.
  Board b = parse_fen("2b1k3/1P6/K7/8/8/8/8/8[N] w - - 0 1");
  EXPECT_EQ(moves_from(b, B7), (Strings{"b7c8", "b7c8n"}));
}

TEST(PromotionFromTheReserve, BlackPromotesOnRankOne) {
  Board b = parse_fen("4k3/8/8/8/8/8/6p1/4K3[q] b - - 0 1");
  EXPECT_EQ(moves_from(b, G2), (Strings{"g2g1", "g2g1q"}));
}

// --- where the piece comes from and where the pawn goes ------------------------------------

TEST(PromotionFromTheReserve, TheQueenComesFromTheReserveAndThePawnGoesToTheOpponentsPartner) {
  Match m(parse_fen("4k3/P7/8/8/8/8/8/4K3[Q] w - - 0 1"), Board(), kReserve, TimeControl::untimed());
  ASSERT_TRUE(m.play(BoardA, Move::promotion(A7, A8, Queen), 0));
  const Board& a = m.board(BoardA);
  EXPECT_EQ(a.piece_on(A8), make_piece(White, Queen));
  EXPECT_FALSE(a.is_promoted(A8));  // a real queen: taken, it passes as a queen
  EXPECT_EQ(a.reserve(White)[Queen], 0);
  EXPECT_EQ(a.pieces(White, Pawn), 0u);
  // The white pawn goes where A-black's capture of it would send it: to B-white.
  EXPECT_EQ(m.board(BoardB).reserve(White)[Pawn], 1);
  EXPECT_TRUE(m.board(BoardB).reserve(Black).empty());
  EXPECT_TRUE(a.reserve(Black).empty());
  EXPECT_EQ(to_san(parse_fen("4k3/P7/8/8/8/8/8/4K3[Q] w - - 0 1"), kReserve, Move::promotion(A7, A8, Queen)),
            "a8=Q+");
}

TEST(PromotionFromTheReserve, TheExchangedPieceIsCapturedAsItself) {
  Match m(parse_fen("1r2k3/P7/8/8/8/8/8/4K3[Q] w - - 0 1"), Board(), kReserve, TimeControl::untimed());
  ASSERT_TRUE(m.play(BoardA, Move::promotion(A7, A8, Queen), 0));
  ASSERT_TRUE(m.play(BoardA, Move::normal(B8, A8), 0));
  // A-black took a white queen: B-white receives a queen, not a pawn.
  EXPECT_EQ(m.board(BoardB).reserve(White)[Queen], 1);
  EXPECT_EQ(m.board(BoardB).reserve(White)[Pawn], 1);
}

TEST(PromotionFromTheReserve, WithNothingHeldThePawnStaysAndNeverMovesAgain) {
  Match m(parse_fen("4k3/P7/8/8/8/8/8/4K3[] w - - 0 1"), Board(), kReserve, TimeControl::untimed());
  ASSERT_TRUE(m.play(BoardA, parse_uci(m.board(BoardA), kReserve, "a7a8"), 0));
  EXPECT_EQ(m.board(BoardA).piece_on(A8), make_piece(White, Pawn));
  EXPECT_TRUE(m.board(BoardB).reserve(White).empty());  // nothing was exchanged
  ASSERT_TRUE(m.play(BoardA, parse_uci(m.board(BoardA), kReserve, "e8e7"), 0));
  EXPECT_TRUE(moves_from(m.board(BoardA), A8).empty());
  // It attacks nothing either: the black king may stand beside it.
  EXPECT_EQ(m.board(BoardA).attackers_to(B7) & m.board(BoardA).pieces(White), 0u);
}

// --- counting equals listing ----------------------------------------------------------------

TEST(PromotionFromTheReserve, CountingEqualsListing) {
  for (const char* fen : {"4k3/P7/8/8/8/8/8/4K3[QRBNn] w - - 0 1", "rn2k3/1P6/8/8/8/8/8/4K3[RN] w - - 0 1",
                          "2b1k3/1P6/K7/8/8/8/8/8[N] w - - 0 1", "P3k3/1P6/8/8/8/8/6p1/p3K3[Bq] b - - 0 1",
                          "r3k2r/1P4P1/8/8/8/8/1p4p1/R3K2R[QNqb] w KQkq - 0 1"}) {
    const Board b = parse_fen(fen);
    EXPECT_EQ(count_legal(b, kReserve), std::uint64_t(legal_moves(b, kReserve).size)) << fen;
    for (int depth = 1; depth <= 3; ++depth)
      EXPECT_EQ(perft(b, kReserve, depth), listed_perft(b, kReserve, depth)) << fen << " depth " << depth;
  }
}

// Every piece of the two sets, counted where it is: on a board (a promoted piece as the pawn
// it was) or in a reserve, by colour and type.
std::array<std::array<int, kPieceTypes>, 2> census(const Match& m) {
  std::array<std::array<int, kPieceTypes>, 2> n{};
  for (BoardId id : {BoardA, BoardB}) {
    const Board& b = m.board(id);
    for (int s = 0; s < 64; ++s) {
      const Piece p = b.piece_on(Square(s));
      if (p != NoPiece) ++n[color_of(p)][b.is_promoted(Square(s)) ? Pawn : type_of(p)];
    }
    for (Color c : {White, Black})
      for (int t = Pawn; t <= Queen; ++t) n[c][t] += b.reserve(c)[PieceType(t)];
  }
  return n;
}

// Random matches under the option: exchanges and pawns that stay happen, every piece stays
// in play exactly once with its colour, counting equals listing, and every board
// round-trips through FEN.
TEST(PromotionFromTheReserve, RandomMatchesKeepEveryPieceOnce) {
  const std::array<int, kPieceTypes> set = {16, 4, 4, 4, 2, 2};  // two sets per colour
  std::mt19937 rng(7);
  int exchanges = 0, stayed = 0;
  for (int game = 0; game < 40; ++game) {
    Match m(kReserve, TimeControl::untimed());
    for (int ply = 0; ply < 600 && !m.over(); ++ply) {
      const BoardId id = BoardId(rng() % 2);
      if (m.state(id) != BoardState::Playing) continue;
      const Board& b = m.board(id);
      const MoveList moves = m.legal_moves(id);
      ASSERT_EQ(count_legal(b, kReserve), std::uint64_t(moves.size)) << to_fen(b);
      // Prefer moves onto the last rank, so that the rule is exercised.
      Move pick = moves.moves[rng() % moves.size];
      for (Move mv : moves)
        if ((mv.is_promotion() || mv.is_unpromoted()) && rng() % 2) pick = mv;
      exchanges += pick.is_promotion();
      stayed += pick.is_unpromoted();
      ASSERT_TRUE(m.play(id, pick, 0));
      for (BoardId x : {BoardA, BoardB}) ASSERT_EQ(to_fen(parse_fen(to_fen(m.board(x)))), to_fen(m.board(x)));
      const auto n = census(m);
      for (Color c : {White, Black})
        for (int t = Pawn; t <= King; ++t) ASSERT_EQ(n[c][t], set[t]) << "colour " << c << " type " << t;
    }
  }
  EXPECT_GT(exchanges, 0);
  EXPECT_GT(stayed, 0);
}

// --- text ------------------------------------------------------------------------------------

TEST(PromotionFromTheReserve, MovesAsText) {
  Board b = parse_fen("4k3/P7/8/8/8/8/8/4K3[N] w - - 0 1");
  EXPECT_EQ(parse_uci(b, kReserve, "a7a8"), Move::unpromoted(A7, A8));
  EXPECT_EQ(parse_uci(b, kReserve, "a7a8n"), Move::promotion(A7, A8, Knight));
  EXPECT_EQ(parse_san(b, kReserve, "a8"), Move::unpromoted(A7, A8));
  EXPECT_EQ(parse_san(b, kReserve, "a8=N"), Move::promotion(A7, A8, Knight));
  EXPECT_EQ(to_san(b, kReserve, Move::unpromoted(A7, A8)), "a8");
  EXPECT_THROW(parse_uci(b, kReserve, "a7a8q"), ParseError);  // no queen held
  EXPECT_THROW(parse_uci(b, RuleSet{}, "a7a8"), ParseError);  // FIDE: the pawn must promote
}

TEST(PromotionFromTheReserve, AStuckPawnRoundTripsThroughFenAndBfen) {
  const std::string fen = "P3k3/8/8/8/8/8/8/p3K3[Nn] b - - 3 20";
  EXPECT_EQ(to_fen(parse_fen(fen)), fen);
  const std::string bfen = fen + " | " + std::string(kStartFen);
  Match m = match_from_bfen(bfen, kReserve, TimeControl::untimed());
  EXPECT_EQ(to_bfen(m), bfen);
  EXPECT_NO_THROW(parse_epd_line(fen + " ;D1 " + std::to_string(count_legal(parse_fen(fen), kReserve)), 1));
  // Only promotion = reserve puts a pawn there; a match under other rules refuses it.
  EXPECT_THROW(match_from_bfen(bfen, RuleSet{}, TimeControl::untimed()), ParseError);
  // A pawn on its own first rank is a board, but a match only under pawn_drop_first_rank
  // (tests/core/rule_forms_test.cpp).
  EXPECT_THROW(match_from_bfen("4k3/8/8/8/8/8/8/P3K3[] w - - 0 1 | " + std::string(kStartFen), kReserve,
                               TimeControl::untimed()),
               ParseError);
}

TEST(PromotionFromTheReserve, RecordsRoundTrip) {
  Match m(parse_fen("4k3/P6P/8/8/8/8/8/4K3[Q] w - - 0 1"), Board(), kReserve, TimeControl{60'000, 0});
  ASSERT_TRUE(m.play(BoardA, Move::promotion(H7, H8, Queen), 500));
  ASSERT_TRUE(m.play(BoardB, parse_uci(m.board(BoardB), kReserve, "P@e4"), 900));  // the exchanged pawn
  ASSERT_TRUE(m.play(BoardA, parse_uci(m.board(BoardA), kReserve, "e8d7"), 1'200));
  ASSERT_TRUE(m.play(BoardA, Move::unpromoted(A7, A8), 1'600));
  for (MoveStyle style : {MoveStyle::San, MoveStyle::Uci}) {
    std::stringstream in(write_bpgn(m, {{"Event", "reserve promotion"}}, style));
    std::vector<BpgnGame> games = read_bpgn(in, "memory");
    ASSERT_EQ(games.size(), 1u);
    Match back = replay(games[0], kReserve);
    EXPECT_EQ(to_bfen(back), to_bfen(m));
    EXPECT_THROW(replay(games[0], RuleSet{}), ParseError);  // not a FIDE game
  }
}

TEST(PromotionFromTheReserve, OptionSpellings) {
  RuleSet r;
  set_option(r, "promotion", "reserve");
  EXPECT_EQ(r.promotion, Promotion::FromReserve);
  EXPECT_EQ(describe(r)[14], "promotion=reserve");
  set_option(r, "promotion", "false");
  EXPECT_EQ(r.promotion, Promotion::Off);
  set_option(r, "promotion", "true");
  EXPECT_EQ(r.promotion, Promotion::Created);
  EXPECT_EQ(describe(r)[14], "promotion=true");
  try {
    set_option(r, "promotion", "exchange");
    FAIL();
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("true, false, reserve"), std::string::npos) << e.what();
  }
}

// Run directories and checkpoints store describe()'s lines; parse_rules reads them back.
TEST(PromotionFromTheReserve, RuleLinesReadBackAsTheSameRuleSet) {
  RuleSet r;
  set_option(r, "promotion", "reserve");
  set_option(r, "stuck_rule", "flag");
  set_option(r, "move_limit", "400");
  std::string lines;
  for (const std::string& line : describe(r)) lines += line + "\n";
  EXPECT_EQ(parse_rules(lines), r);
  EXPECT_EQ(parse_rules("\nstuck_rule=flag\n").stuck_rule, StuckRule::Flag);
  EXPECT_EQ(parse_rules(""), RuleSet{});
  EXPECT_THROW(parse_rules("stuck_rule flag\n"), std::invalid_argument);
  EXPECT_THROW(parse_rules("no_such_rule=1\n"), std::invalid_argument);
}

}  // namespace
}  // namespace bh
