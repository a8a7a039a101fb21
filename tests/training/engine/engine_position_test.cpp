// Specification of the readers under the engines: `position` of both layers (errors say
// what and where), `go` (seats, clocks, malformed values), xboard holdings, the clock
// budget, and external engine specs.
#include <gtest/gtest.h>

#include "core/fen.h"
#include "core/parse_error.h"
#include "training/engine/engine_position.h"
#include "training/players/engine_spec.h"
#include "training/engine/go_command.h"
#include "training/players/holdings.h"

namespace bh {
namespace {

std::string error_of(std::string_view args) {
  try {
    parse_position(args, RuleSet{});
  } catch (const ParseError& e) {
    return e.what();
  }
  return "";
}

TEST(EnginePosition, SingleBoardCapturesLeaveTheGame) {
  const EnginePosition p = parse_position("startpos moves e2e4 d7d5 e4d5", RuleSet{});
  EXPECT_FALSE(p.whole_match);
  EXPECT_EQ(p.a.reserve(White).total() + p.a.reserve(Black).total(), 0);
  EXPECT_EQ(p.b, Board());
  EXPECT_EQ(p.moves.size(), 3u);
}

TEST(EnginePosition, WholeMatchFromTwoFensWithSpacesOrNotAroundTheBar) {
  const std::string fen(kStartFen);
  for (const std::string& bar : {std::string(" | "), std::string("|")}) {
    const EnginePosition p = parse_position("fen " + fen + bar + fen + " moves 1e2e4 2d2d4 1d7d5 1e4d5", RuleSet{});
    EXPECT_TRUE(p.whole_match);
    EXPECT_EQ(p.b.reserve(Black)[Pawn], 1) << "the captured pawn goes to B-black";
    EXPECT_EQ(p.start_a, Board());
    EXPECT_EQ(p.moves.size(), 4u);
    EXPECT_EQ(p.moves[1].first, BoardB);
  }
}

TEST(EnginePosition, ErrorsSayWhatAndWhere) {
  EXPECT_NE(error_of("startpos moves e2e4 e7e5 g1g3").find("move 3 'g1g3'"), std::string::npos);
  EXPECT_NE(error_of("startpos moves 1e2e4 2e2e4 2e2e4").find("move 3 '2e2e4' on board B"), std::string::npos);
  EXPECT_NE(error_of("fen 8/8 w - - 0 1").find("position fen"), std::string::npos);
  EXPECT_NE(error_of(std::string("fen ") + std::string(kStartFen) + " | 8/8").find("board B"), std::string::npos);
  EXPECT_EQ(error_of("startpos moves 2e2e4"), "");  // board B of a whole match from the start
  EXPECT_NE(error_of("fen " + std::string(kStartFen) + " moves 2e2e4").find("board 2"), std::string::npos);
  EXPECT_NE(error_of("startpos moves e2e4 0000").find("not a move"), std::string::npos);
  EXPECT_NE(error_of("startfoo").find("expected 'startpos' or 'fen'"), std::string::npos);
  EXPECT_NE(error_of("startpos e2e4").find("expected 'moves'"), std::string::npos);
}

TEST(EnginePosition, NoMoveAfterTheMatchEnded) {
  // A queen dropped next to the king, guarded, is mate (a contact check no drop can
  // block); the match is over and a further move is refused.
  const std::string moves = "fen k7/8/1K6/8/8/8/8/8[Q] w - - 0 1 | " + std::string(kStartFen) + " moves 1Q@b7";
  EXPECT_EQ(error_of(moves), "");
  EXPECT_NE(error_of(moves + " 2e2e4").find("already over"), std::string::npos);
}

TEST(GoCommand, ReadsEveryLimitAndSkipsUnknownWords) {
  const GoCommand g = parse_go("ponder wtime 1000 btime 2000 winc 10 binc 20 movestogo 30 depth 7 nodes 5 movetime 9");
  EXPECT_EQ(*g.wtime, 1000);
  EXPECT_EQ(*g.btime, 2000);
  EXPECT_EQ(*g.winc, 10);
  EXPECT_EQ(*g.binc, 20);
  EXPECT_EQ(*g.nodes, 5);
  EXPECT_EQ(*g.movetime, 9);
  EXPECT_FALSE(g.infinite);
  EXPECT_TRUE(g.timed());
  const GoCommand four = parse_go("seat b-Black clocks 1 2 3 4 inc 50 infinite");
  EXPECT_EQ(*four.seat, BBlack);
  EXPECT_EQ((*four.clocks)[2], 3);
  EXPECT_EQ(*four.inc, 50);
  EXPECT_TRUE(four.infinite);
}

TEST(GoCommand, MalformedValuesAreErrors) {
  for (const char* bad : {"wtime", "wtime x", "wtime 5s", "nodes -", "seat C-white", "seat", "clocks 1 2 3",
                          "clocks 1 2 x 4"})
    EXPECT_THROW(parse_go(bad), ParseError) << bad;
}

// Out-of-range numbers are read as Fairy-Stockfish reads them (it plays a move for each of
// these): an overdrawn clock is 0, a zero limit is the least search, a huge one is capped.
TEST(GoCommand, OutOfRangeNumbersAreClampedNotRefused) {
  const GoCommand g = parse_go("wtime -100 btime 5000 nodes 0 movetime 0");
  EXPECT_EQ(*g.wtime, 0);
  EXPECT_EQ(*g.btime, 5000);
  EXPECT_EQ(*g.nodes, 1);
  EXPECT_EQ(*g.movetime, 1);
  EXPECT_EQ(*parse_go("nodes 99999999999999999999999").nodes, std::int64_t(1) << 40);
  const GoCommand c = parse_go("seat A-white clocks 9223372036854775807 -5 100 100");
  EXPECT_EQ((*c.clocks)[0], std::int64_t(1) << 40);
  EXPECT_EQ((*c.clocks)[1], 0);
}

TEST(GoCommand, ClockBudgetLeavesTimeAndKeepsTheOverhead) {
  // (100000 - 750) / 60 = 1654, less the 50 ms lag; with a 2 s increment 1500 more.
  EXPECT_EQ(think_budget_ms(100'000, 0, 50, 60), 1604);
  EXPECT_EQ(think_budget_ms(100'000, 2000, 50, 60), 3104);
  EXPECT_EQ(think_budget_ms(600, 5000, 50, 60), (600 - 50) / 3);  // never more than a third of the clock
  // 3 s left, no increment: (3000 - 750) / 60 = 37 is less than the lag: move at once.
  EXPECT_EQ(think_budget_ms(3000, 0, 50, 60), 1);
  EXPECT_EQ(think_budget_ms(3000, 0, 0, 60), 37);
  EXPECT_GE(think_budget_ms(1, 0, 50, 60), 1);
}

TEST(GoCommand, MovesToGoDividesTheClockBeyondTheReserve) {
  // (100000 - 750) / 30 = 3308, less the 50 ms lag: about twice the budget of a 60th.
  EXPECT_EQ(think_budget_ms(100'000, 0, 50, 30), 3258);
  // (60000 - 750) / 120 = 493: half of a 60th's 987.
  EXPECT_EQ(think_budget_ms(60'000, 0, 0, 120), 493);
  EXPECT_EQ(think_budget_ms(60'000, 0, 0, 60), 987);
  // Two moves to go would think (100000 - 750) / 2 = 49625; a third of the clock caps it.
  EXPECT_EQ(think_budget_ms(100'000, 0, 50, 2), (100'000 - 50) / 3);
}

TEST(GoCommand, ClockBudgetFollowsTheTimeAgainstThePartnersOpponent) {
  // 1604 ms is the budget of 100 s (above). Even, or the diagonal clock unknown: as it is.
  EXPECT_EQ(balance_budget_ms(1604, 100'000, 100'000), 1604);
  EXPECT_EQ(balance_budget_ms(1604, 100'000, 0), 1604);
  // Behind by a fifth: four fifths of it; behind by half or more: half.
  EXPECT_EQ(balance_budget_ms(1604, 80'000, 100'000), 1283);  // 1604 x 0.8 = 1283.2
  EXPECT_EQ(balance_budget_ms(1604, 100'000, 200'000), 802);
  EXPECT_EQ(balance_budget_ms(1604, 10'000, 200'000), 802);
  // Ahead: more, a quarter at most.
  EXPECT_EQ(balance_budget_ms(1604, 110'000, 100'000), 1764);  // 1604 x 1.1 = 1764.4
  EXPECT_EQ(balance_budget_ms(1604, 300'000, 100'000), 2005);
  EXPECT_EQ(balance_budget_ms(1, 10, 100'000), 1);  // never below the smallest search
}

TEST(Holdings, ReadsBothBracketsInAnyCaseAndWritesUpperCase) {
  const auto r = parse_holdings("[PPn] [qB] BQ");
  EXPECT_EQ(r[White][Pawn], 2);
  EXPECT_EQ(r[White][Knight], 1);
  EXPECT_EQ(r[Black][Queen], 1);
  EXPECT_EQ(r[Black][Bishop], 1);
  const auto empty = parse_holdings("[] [-]");
  EXPECT_TRUE(empty[White].empty() && empty[Black].empty());
  const Board b = with_reserves(Board(), r);
  EXPECT_EQ(format_holdings(b), "[NPP] [QB]");
  EXPECT_EQ(format_holdings(Board()), "[] []");
  EXPECT_THROW(parse_holdings("[K] []"), ParseError);
  EXPECT_THROW(parse_holdings("[P]"), ParseError);
  EXPECT_THROW(parse_holdings("PN"), ParseError);
}

TEST(EngineSpec, ProgramArgumentsLimitsAndOptions) {
  const EngineSpec u = parse_engine_spec("uci:/usr/games/fairy-stockfish?nodes=500&Hash=32&name=fsf&whole_match=0");
  EXPECT_EQ(u.protocol, EngineProtocol::Uci);
  EXPECT_EQ(u.argv, std::vector<std::string>{"/usr/games/fairy-stockfish"});
  EXPECT_EQ(u.nodes, 500);
  EXPECT_EQ(u.name, "fsf");
  ASSERT_EQ(u.options.size(), 1u);
  EXPECT_EQ(u.options[0], (std::pair<std::string, std::string>{"Hash", "32"}));
  const EngineSpec self = parse_engine_spec("uci:build/bughouse uci --model fresh?whole_match=1");
  EXPECT_EQ(self.argv, (std::vector<std::string>{"build/bughouse", "uci", "--model", "fresh"}));
  EXPECT_TRUE(self.whole_match);
  EXPECT_EQ(self.name, "bughouse");
  const EngineSpec x = parse_engine_spec("xboard:sjeng?st=1&sd=4");
  EXPECT_EQ(x.protocol, EngineProtocol::Xboard);
  EXPECT_EQ(x.st_seconds, 1);
  EXPECT_EQ(x.sd, 4);
  for (const char* bad : {"uci:", "uci:?nodes=1", "uci:x?nodes=0", "uci:x?nodes", "xboard:x?sd=-1", "foo:bar",
                          "uci:x?whole_match=maybe"})
    EXPECT_THROW(parse_engine_spec(bad), std::invalid_argument) << bad;
  EXPECT_TRUE(is_engine_spec("xboard:sjeng"));
  EXPECT_FALSE(is_engine_spec("greedy"));
}

}  // namespace
}  // namespace bh
