// Specification of move generation by perft: every count of the EPD files of tests/data
// (made by Fairy-Stockfish, the default-rule files cross-checked by chessops, see its
// README) holds up to depth 3, the rule options' files under those options; deeper counts
// are checked by `bughouse perft --epd` in the benchmarks.
#include <gtest/gtest.h>

#include <string_view>
#include <utility>

#include "core/fen.h"
#include "core/movegen.h"
#include "core/parse_error.h"
#include "core/perft.h"
#include "tests/core/test_data.h"

namespace bh {
namespace {

constexpr int kMaxTestDepth = 3;

void check_file(const std::string& name, const RuleSet& rules) {
  auto entries = read_epd_file(test::data_path(name));
  ASSERT_FALSE(entries.empty());
  int checked = 0;
  for (const EpdEntry& e : entries) {
    Board board = parse_fen(e.fen);
    for (auto [depth, expected] : e.counts) {
      if (depth > kMaxTestDepth) continue;
      ASSERT_EQ(perft(board, rules, depth), expected) << name << " line " << e.line << " D" << depth << ": " << e.fen;
      ++checked;
    }
  }
  EXPECT_GE(checked, int(entries.size()));
}

TEST(Perft, ChessSuiteUnderChessRules) { check_file("chess_perft.epd", RuleSet::chess()); }

// With empty holdings, single-board bughouse perft equals chess perft (tests/data README).
TEST(Perft, ChessSuiteUnderBughouseRules) { check_file("chess_perft.epd", RuleSet::bughouse()); }

TEST(Perft, BughouseSuite) { check_file("bughouse_perft.epd", RuleSet::bughouse()); }

RuleSet with_option(std::string_view key, std::string_view value) {
  RuleSet rules;
  set_option(rules, key, value);
  return rules;
}

// core/RULES.md "Reserves and drops": pawns dropped on the mover's first rank.
TEST(Perft, FirstRankPawnDropsSuite) {
  check_file("bughouse_perft_first_rank_drops.epd", with_option("pawn_drop_first_rank", "true"));
}

// core/RULES.md "Moves on a board": pawns never promote and stay pawns on the last rank.
TEST(Perft, PawnsStaySuite) { check_file("bughouse_perft_pawns_stay.epd", with_option("promotion", "stay")); }

// core/RULES.md "King capture": no check must be answered and a king can be taken.
TEST(Perft, KingCaptureSuite) {
  check_file("bughouse_perft_king_capture.epd", with_option("king_capture", "true"));
}

// Listing and counting are two paths through the generator; they must agree everywhere.
TEST(Perft, CountingEqualsListing) {
  for (const EpdEntry& e : read_epd_file(test::data_path("bughouse_perft.epd"))) {
    Board board = parse_fen(e.fen);
    RuleSet rules;
    for (Move m : legal_moves(board, rules)) {
      Board child = board;
      child.play(m);
      ASSERT_EQ(count_legal(child, rules), std::uint64_t(legal_moves(child, rules).size)) << e.fen;
    }
  }
}

TEST(Perft, CountingEqualsListingUnderTheRankOptions) {
  const std::pair<const char*, RuleSet> files[] = {
      {"bughouse_perft_first_rank_drops.epd", with_option("pawn_drop_first_rank", "true")},
      {"bughouse_perft_pawns_stay.epd", with_option("promotion", "stay")},
      {"bughouse_perft.epd", with_option("pawn_drop_sixth", "false")},
      {"bughouse_perft.epd", with_option("king_capture", "true")},
  };
  for (const auto& [name, rules] : files)
    for (const EpdEntry& e : read_epd_file(test::data_path(name))) {
      const Board board = parse_fen(e.fen);
      ASSERT_EQ(count_legal(board, rules), std::uint64_t(legal_moves(board, rules).size)) << name << ": " << e.fen;
      for (Move m : legal_moves(board, rules)) {
        Board child = board;
        child.play(m, rules.promotion);
        ASSERT_EQ(count_legal(child, rules), std::uint64_t(legal_moves(child, rules).size)) << name << ": " << e.fen;
      }
    }
}

TEST(Perft, DivideSumsToPerft) {
  Board board = parse_fen("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R[Nbp] w KQkq - 0 1");
  std::uint64_t sum = 0;
  for (const auto& d : perft_divide(board, RuleSet{}, 3, 2)) sum += d.nodes;
  EXPECT_EQ(sum, perft(board, RuleSet{}, 3));
}

TEST(Perft, EpdErrorsNameLineAndField) {
  EXPECT_THROW(parse_epd_line("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 7), ParseError);
  try {
    parse_epd_line("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1;D1 x", 12);
    FAIL();
  } catch (const ParseError& e) {
    EXPECT_NE(std::string(e.what()).find("line 12"), std::string::npos);
    EXPECT_NE(std::string(e.what()).find("D1 x"), std::string::npos);
  }
}

}  // namespace
}  // namespace bh
