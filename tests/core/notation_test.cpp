// Specification of the text forms: FEN exactly as Fairy-Stockfish writes it (the EPD files
// of tests/data were written by it), BFEN, UCI and SAN moves, BPGN records, and the packed
// MatchView. Round trips are exact; bad text is refused with a message saying where.
#include <gtest/gtest.h>

#include <sstream>

#include "core/bfen.h"
#include "core/bpgn.h"
#include "core/fen.h"
#include "core/match_view.h"
#include "core/movegen.h"
#include "core/notation.h"
#include "core/parse_error.h"
#include "core/perft.h"
#include "tests/core/test_data.h"

namespace bh {
namespace {

std::string error_of(auto&& f) {
  try {
    f();
  } catch (const ParseError& e) {
    return e.what();
  }
  return "";
}

TEST(Fen, EveryEpdPositionRoundTripsExactly) {
  for (const char* file : {"bughouse_perft.epd", "chess_perft.epd"}) {
    for (const EpdEntry& e : read_epd_file(test::data_path(file))) {
      Board b = parse_fen(e.fen);
      bool bracket = e.fen.find('[') != std::string::npos;
      EXPECT_EQ(to_fen(b, bracket), e.fen) << file << " line " << e.line;
    }
  }
}

TEST(Fen, PromotedMarkersAndHoldingsAreRead) {
  Board b = parse_fen("rnbqkbnr/p1pppB2/7p/1p6/8/4P1Q1/PPPPK1PP/RNB2r~NR[QRpp] b kq - 0 8");
  EXPECT_TRUE(b.is_promoted(F1));
  EXPECT_EQ(b.piece_on(F1), make_piece(Black, Rook));
  EXPECT_EQ(b.reserve(White)[Queen], 1);
  EXPECT_EQ(b.reserve(White)[Rook], 1);
  EXPECT_EQ(b.reserve(Black)[Pawn], 2);
}

TEST(Fen, OtherAcceptedFormsAreNormalised) {
  // Holdings as a ninth rank, any order, and a standard FEN's unattacked en passant square.
  EXPECT_EQ(to_fen(parse_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR/pPqN w KQkq - 0 1")),
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[NPqp] w KQkq - 0 1");
  EXPECT_EQ(to_fen(parse_fen("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1")),
            "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR[] b KQkq - 0 1");
  EXPECT_EQ(to_fen(parse_fen("8/8/8/8/8/8/8/K6k[] w - -")), "8/8/8/8/8/8/8/K6k[] w - - 0 1");
}

TEST(Fen, ErrorsNameTheFieldAndCharacter) {
  EXPECT_NE(error_of([] { parse_fen("rnbqkbnr/ppppXppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1"); })
                .find("unexpected character 'X' in placement at character 14"),
            std::string::npos);
  EXPECT_NE(error_of([] { parse_fen("rnbqkbnr/ppppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1"); })
                .find("more than 8 squares"),
            std::string::npos);
  EXPECT_NE(error_of([] { parse_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] x KQkq - 0 1"); })
                .find("side to move 'x'"),
            std::string::npos);
  EXPECT_NE(error_of([] { parse_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[K] w KQkq - 0 1"); })
                .find("king cannot be held"),
            std::string::npos);
  EXPECT_NE(error_of([] { parse_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN1[] w KQkq - 0 1"); })
                .find("castling right K"),
            std::string::npos);
  EXPECT_NE(error_of([] { parse_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq e3 0 1"); })
                .find("en passant square e3"),
            std::string::npos);
  EXPECT_NE(error_of([] { parse_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQQBNR[] w - - 0 1"); })
                .find("exactly one white king"),
            std::string::npos);
  EXPECT_NE(error_of([] { parse_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0"); })
                .find("expected 6 fields"),
            std::string::npos);
}

TEST(Bfen, RoundTripWithAndWithoutClocks) {
  std::string text =
      "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R[Pn] w KQkq - 2 3 | "
      "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1";
  Bfen f = parse_bfen(text);
  EXPECT_EQ(to_bfen(f.a, f.b), text);
  EXPECT_FALSE(f.clocks);
  Match m = match_from_bfen(text + " | 60000 55000 59000 58000", RuleSet{}, TimeControl{60'000, 0});
  EXPECT_EQ(to_bfen(m), text + " | 60000 55000 59000 58000");
  EXPECT_EQ(to_bfen(parse_bfen("8/8/8/8/8/8/8/K6k[] w - - 0 1|8/8/8/8/8/8/8/K6k[] b - - 0 1").a, parse_bfen("8/8/8/8/8/8/8/K6k[] w - - 0 1|8/8/8/8/8/8/8/K6k[] b - - 0 1").b),
            "8/8/8/8/8/8/8/K6k[] w - - 0 1 | 8/8/8/8/8/8/8/K6k[] b - - 0 1");
}

TEST(Bfen, ErrorsNameTheBoard) {
  EXPECT_NE(error_of([] { parse_bfen("8/8/8/8/8/8/8/K6k[] w - - 0 1"); }).find("found 1 part"), std::string::npos);
  EXPECT_NE(error_of([] { parse_bfen("8/8/8/8/8/8/8/K6k[] w - - 0 1 | 8/8/8/8/8/8/8/K6k[] q - - 0 1"); })
                .find("BFEN board B"),
            std::string::npos);
  EXPECT_NE(error_of([] { parse_bfen("8/8/8/8/8/8/8/K6k[] w - - 0 1 | 8/8/8/8/8/8/8/K6k[] b - - 0 1 | 1 2 x 4"); })
                .find("clock of B-white"),
            std::string::npos);
}

// Every legal move of every test position survives UCI and SAN round trips.
TEST(Moves, UciAndSanRoundTripOverEveryLegalMove) {
  RuleSet rules;
  int checked = 0;
  for (const EpdEntry& e : read_epd_file(test::data_path("bughouse_perft.epd"))) {
    Board b = parse_fen(e.fen);
    for (Move m : legal_moves(b, rules)) {
      ASSERT_EQ(parse_uci(b, rules, to_uci(m)), m) << e.fen << " " << to_uci(m);
      std::string san = to_san(b, rules, m);
      ASSERT_EQ(parse_san(b, rules, san), m) << e.fen << " " << san;
      ASSERT_EQ(parse_move(b, rules, san), m) << e.fen << " " << san;
      ++checked;
    }
  }
  EXPECT_GT(checked, 10000);
}

TEST(Moves, SanHandWorked) {
  RuleSet r;
  Board b = parse_fen("r3k2r/8/8/8/8/8/4P3/R3K2R[N] w KQkq - 0 1");
  EXPECT_EQ(to_san(b, r, Move::castling(E1, G1)), "O-O");
  EXPECT_EQ(to_san(b, r, Move::castling(E1, C1)), "O-O-O");
  EXPECT_EQ(to_san(b, r, Move::drop(Knight, F6)), "N@f6+");
  EXPECT_EQ(to_san(b, r, Move::normal(A1, A8)), "Rxa8+");
  EXPECT_EQ(to_san(b, r, Move::normal(H1, H8)), "Rxh8+");
  EXPECT_EQ(to_san(b, r, Move::normal(A1, D1)), "Rd1");  // the h1 rook is blocked by the king
  Board rooks = parse_fen("4k3/8/8/8/8/8/4K3/R6R[] w - - 0 1");
  EXPECT_EQ(to_san(rooks, r, Move::normal(A1, D1)), "Rad1");
  EXPECT_EQ(to_san(rooks, r, Move::normal(H1, D1)), "Rhd1");
  Board p = parse_fen("4k3/1P6/8/8/8/8/8/4K3[] w - - 0 1");
  EXPECT_EQ(to_san(p, r, Move::promotion(B7, B8, Queen)), "b8=Q+");
  EXPECT_EQ(parse_san(p, r, "b8Q"), Move::promotion(B7, B8, Queen));
  EXPECT_EQ(parse_san(p, r, "b8=N"), Move::promotion(B7, B8, Knight));
  EXPECT_EQ(parse_move(p, r, "b7b8n"), Move::promotion(B7, B8, Knight));
}

TEST(Moves, RefusalsSayWhy) {
  RuleSet r;
  Board b;
  EXPECT_NE(error_of([&] { parse_uci(b, r, "e2e5"); }).find("not a legal move"), std::string::npos);
  EXPECT_NE(error_of([&] { parse_uci(b, r, "N@f3"); }).find("holds no such piece"), std::string::npos);
  EXPECT_NE(error_of([&] { parse_uci(b, r, "e3e4"); }).find("no piece on e3"), std::string::npos);
  EXPECT_NE(error_of([&] { parse_uci(b, r, "zz"); }).find("not a UCI move"), std::string::npos);
  EXPECT_NE(error_of([&] { parse_san(b, r, "Qh5"); }).find("not a legal move"), std::string::npos);
  Board two_knights = parse_fen("4k3/8/8/8/8/8/8/1N2KN2[] w - - 0 1");
  EXPECT_NE(error_of([&] { parse_san(two_knights, r, "Nd2"); }).find("ambiguous"), std::string::npos);
  EXPECT_EQ(parse_san(two_knights, r, "Nbd2"), Move::normal(B1, D2));
  Board promo = parse_fen("4k3/1P6/8/8/8/8/8/4K3[] w - - 0 1");
  EXPECT_NE(error_of([&] { parse_uci(promo, r, "b7b8"); }).find("piece letter"), std::string::npos);
}

TEST(MatchViewPacking, RoundTripsExactly) {
  Match m(RuleSet{}, TimeControl{180'000, 2'000});
  for (const char* mv : {"e2e4", "d7d5", "e4d5"}) ASSERT_TRUE(m.play(BoardA, parse_uci(m.board(BoardA), m.rules(), mv), m.now() + 700));
  ASSERT_TRUE(m.play(BoardB, parse_uci(m.board(BoardB), m.rules(), "e2e4"), 2'500));
  MatchView v = MatchView::of(m, m.mover(BoardB), 3'000);
  std::array<std::uint8_t, MatchView::kPackedSize> bytes{};
  v.pack(bytes);
  MatchView back = MatchView::unpack(bytes);
  EXPECT_EQ(back, v);
  EXPECT_EQ(back.other_thinking_ms, 3'000 - 2'100);
  EXPECT_EQ(back.clocks_ms[AWhite], 180'000 - 700 + 2'000 - 700 + 2'000);
}

TEST(Bpgn, WrittenRecordsReadAndReplayToTheSameMatch) {
  Match m(RuleSet{}, TimeControl{60'000, 0});
  std::int64_t t = 0;
  for (const char* mv : {"e2e4", "d7d5", "e4d5", "d8d5"}) {
    t += 400;
    ASSERT_TRUE(m.play(BoardA, parse_uci(m.board(BoardA), m.rules(), mv), t));
  }
  t += 300;
  // d8d5 took a white pawn: it went to A-black's partner, B-white, who drops it.
  ASSERT_TRUE(m.play(BoardB, parse_uci(m.board(BoardB), m.rules(), "P@e4"), t));
  m.resign(BBlack, t + 100);
  for (MoveStyle style : {MoveStyle::San, MoveStyle::Uci}) {
    std::string text = write_bpgn(m, {{"Event", "round trip"}}, style);
    std::stringstream in(text);
    auto games = read_bpgn(in, "memory");
    ASSERT_EQ(games.size(), 1u) << text;
    EXPECT_EQ(games[0].result, "0-1");
    EXPECT_EQ(games[0].reason, "resign B-black");
    Match again = replay(games[0], RuleSet{});
    EXPECT_EQ(to_bfen(again.board(BoardA), again.board(BoardB)), to_bfen(m.board(BoardA), m.board(BoardB))) << text;
    // Times and clocks come back from the clock stamps.
    ASSERT_EQ(again.events().size(), m.events().size());
    for (std::size_t i = 0; i < m.events().size(); ++i) {
      EXPECT_EQ(again.events()[i].time_ms, m.events()[i].time_ms);
      EXPECT_EQ(again.events()[i].clock_after_ms, m.events()[i].clock_after_ms);
    }
  }
}

// Under a delay a clock that lost nothing cannot say when the move came (any time within
// the delay costs the same), so the record stamps each move's thinking time as [%emt].
TEST(Bpgn, RecordsUnderADelayReplayEveryMoveAtItsTime) {
  Match m(RuleSet{}, TimeControl::parse("1d2"));
  const std::pair<BoardId, const char*> moves[] = {{BoardA, "e2e4"}, {BoardB, "d2d4"}, {BoardA, "e7e5"}, {BoardB, "d7d5"}};
  const std::int64_t times[] = {500, 1'200, 4'000, 4'100};  // A-white and B-white within the delay
  for (int i = 0; i < 4; ++i)
    ASSERT_TRUE(m.play(moves[i].first, parse_uci(m.board(moves[i].first), m.rules(), moves[i].second), times[i]));
  const std::string text = write_bpgn(m, {{"Event", "delay"}});
  EXPECT_NE(text.find("[TimeControl \"60+0d2\"]"), std::string::npos) << text;
  EXPECT_NE(text.find("{[%emt 0.50]}"), std::string::npos) << text;
  std::stringstream in(text);
  const std::vector<BpgnGame> games = read_bpgn(in, "memory");
  ASSERT_EQ(games.size(), 1u);
  EXPECT_EQ(games[0].reason, "") << "an elapsed stamp is not an ending";
  const Match again = replay(games[0], RuleSet{});
  EXPECT_EQ(again.time_control(), m.time_control());
  ASSERT_EQ(again.events().size(), m.events().size());
  for (std::size_t i = 0; i < m.events().size(); ++i) {
    EXPECT_EQ(again.events()[i].time_ms, m.events()[i].time_ms) << i;
    EXPECT_EQ(again.events()[i].clock_after_ms, m.events()[i].clock_after_ms) << i;
  }
  // A-black thought 3.5 s (from 0.5 s to 4 s): 1.5 s past the delay.
  EXPECT_EQ(again.remaining(ABlack), 60'000 - 1'500);
}

TEST(Bpgn, IllegalMovesAreRefusedWithGameAndMoveNumber) {
  std::stringstream in(
      "[Event \"x\"]\n\n1A. e4 1a. e5 1B. d4 2A. Ke3 *\n\n"
      "[Event \"y\"]\n\n1A. e4 1a. e5 2A. Qh5 2a. Nc6 3A. Bc4 3a. Nf6 4A. Qxf7# 1-0\n");
  auto games = read_bpgn(in, "test.bpgn");
  ASSERT_EQ(games.size(), 2u);
  std::string err = error_of([&] { replay(games[0], RuleSet{}); });
  EXPECT_NE(err.find("game 1"), std::string::npos) << err;
  EXPECT_NE(err.find("move 2A. Ke3"), std::string::npos) << err;
  Match scholar = replay(games[1], RuleSet{});
  EXPECT_EQ(scholar.outcome().reason, EndReason::Checkmate);
  EXPECT_EQ(scholar.outcome().seat, ABlack);
}

}  // namespace
}  // namespace bh
