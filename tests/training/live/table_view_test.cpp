// Specification of the terminal's table (training/live/table_view.*): a promoted piece is
// marked `~` after its letter, as BFEN writes it (core/RULES.md "Notation"), because it
// passes to the partner as a pawn when taken; the mark takes the gap after the piece, so
// no column moves; an unpromoted piece on the same square has no mark.
#include <gtest/gtest.h>

#include <sstream>
#include <string>

#include "core/fen.h"
#include "training/live/table_view.h"

namespace bh {
namespace {

// The row of `rank` ('1'..'8') of the left column (the viewer's own board).
std::string own_row(const std::string& table, char rank) {
  std::istringstream in(table);
  for (std::string line; std::getline(in, line);)
    if (line.size() > 2 && line[0] == rank && line[1] == ' ' && line[2] == '|') return line.substr(0, line.find('|', 3) + 1);
  return "";
}

std::string table_with_board_a(const std::string& fen, Seat you) {
  const Match match(parse_fen(fen), parse_fen(kStartFen), RuleSet{}, TimeControl::untimed());
  return render_table(match, 0, you);
}

TEST(TableView, APromotedPieceIsMarkedAfterItsLetterAndNoColumnMoves) {
  // A white queen on e8 that was a pawn; seen from White, rank 8 on top.
  const std::string promoted = own_row(table_with_board_a("4Q~3/8/8/8/8/8/8/4K2k[] b - - 0 40", AWhite), '8');
  const std::string plain = own_row(table_with_board_a("4Q3/8/8/8/8/8/8/4K2k[] b - - 0 40", AWhite), '8');
  // a8 is light (a blank), b8 dark (a dot): "8 |" then " x" per square.
  EXPECT_EQ(plain, "8 |   .   . Q .   . |");
  EXPECT_EQ(promoted, "8 |   .   . Q~.   . |");
}

TEST(TableView, TheMarkOnTheLastFileTakesTheGapBeforeTheFrame) {
  const std::string row = own_row(table_with_board_a("7R~/8/8/8/8/8/8/4K2k[] b - - 0 40", AWhite), '8');
  EXPECT_EQ(row, "8 |   .   .   .   R~|");
}

TEST(TableView, SeenFromBlackTheMarkStillFollowsThePiece) {
  // A-black sees board A from Black's side: h-file on the left, rank 1 on top.
  const std::string row = own_row(table_with_board_a("4k3/8/8/8/8/8/8/q~3K3[] w - - 0 40", ABlack), '1');
  EXPECT_EQ(row, "1 |   .   K   .   q~|");
}

// core/RULES.md "Both games played out": the finished board's mover line says how its game
// ended instead of whose turn it is.
TEST(TableView, AFinishedGameSaysHowItEnded) {
  RuleSet rules;
  set_option(rules, "both_games", "true");
  Match match(rules, TimeControl{60'000, 0});
  match.resign(AWhite, 100);
  const std::string table = render_table(match, 100, BWhite);
  EXPECT_NE(table.find("[]  <- game over: team 2 wins: A-white resigned"), std::string::npos) << table;
  EXPECT_NE(table.find("[]  <- to move (you)"), std::string::npos) << table;
}

}  // namespace
}  // namespace bh
