// Specification of when a table shows a mover as sitting (training/live/sitting.h): a
// mover with no legal move waits for a piece from the start of its turn (core/RULES.md
// "Check, mate and waiting"); a mover that chose the wait action sits from the start of
// its turn until it moves; a mover that is only thinking does not sit; and the mark
// reaches the terminal's table with the seconds waited.
#include <gtest/gtest.h>

#include "core/fen.h"
#include "core/notation.h"
#include "training/live/sitting.h"
#include "training/live/table_view.h"

namespace bh {
namespace {

// Black: king h8 behind pawns g7/h7, a white rook on a8 checks along the back rank; the
// gap b8..g8 could take a dropped piece, so Black is not mated: stuck, it waits.
constexpr const char* kBackRankCheck = "R6k/6pp/8/8/8/8/8/4K3[] b - - 0 1";

Move uci(const Match& m, BoardId b, const char* text) { return parse_uci(m.board(b), m.rules(), text); }

TEST(Sitting, AThinkingMoverDoesNotSit) {
  Match m(RuleSet{}, TimeControl{60'000, 0});
  EXPECT_FALSE(sitting_since(m, BoardA));
  ASSERT_TRUE(m.play(BoardA, uci(m, BoardA, "e2e4"), 100));
  EXPECT_FALSE(sitting_since(m, BoardA)) << "A-black thinks; it has not waited";
  EXPECT_FALSE(sitting_since(m, BoardB));
}

TEST(Sitting, AWaitSitsFromTheTurnsStartUntilTheMove) {
  Match m(RuleSet{}, TimeControl{60'000, 0});
  ASSERT_TRUE(m.play(BoardA, uci(m, BoardA, "e2e4"), 100));
  ASSERT_TRUE(m.wait(BoardA, 900));  // A-black sits
  EXPECT_EQ(sitting_since(m, BoardA), 100);
  EXPECT_FALSE(sitting_since(m, BoardB)) << "the other board's mover did not wait";
  ASSERT_TRUE(m.play(BoardA, uci(m, BoardA, "e7e5"), 1500));
  EXPECT_FALSE(sitting_since(m, BoardA)) << "A-white, to move now, has not waited";
}

TEST(Sitting, AStuckMoverSitsFromItsTurnsStart) {
  const Match m(parse_fen(kBackRankCheck), parse_fen(kStartFen), RuleSet{}, TimeControl{60'000, 0});
  EXPECT_EQ(sitting_since(m, BoardA), 0);
}

TEST(Sitting, TheTerminalsTableSaysWhoSitsAndForHowLong) {
  const Match stuck(parse_fen(kBackRankCheck), parse_fen(kStartFen), RuleSet{}, TimeControl{60'000, 0});
  const std::string stuck_table = render_table(stuck, 12'400, AWhite);
  EXPECT_NE(stuck_table.find("<- waits for a piece, 12 s"), std::string::npos) << stuck_table;
  Match waiting(RuleSet{}, TimeControl{60'000, 0});
  ASSERT_TRUE(waiting.play(BoardA, uci(waiting, BoardA, "e2e4"), 1000));
  ASSERT_TRUE(waiting.wait(BoardA, 2000));
  const std::string table = render_table(waiting, 8'000, AWhite);
  EXPECT_NE(table.find("A-black  0:53    []  <- sits, 7 s"), std::string::npos) << table;
  EXPECT_NE(table.find("B-white  0:52    []  <- to move"), std::string::npos) << table;
}

}  // namespace
}  // namespace bh
