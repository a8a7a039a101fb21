// Specification of `bughouse uci`'s whole-match layers (training/engine/PROTOCOL.md layers 2
// and 3), in-process with the uniform evaluator: captures pass to the partner, a Team's
// seat and the bare start, seats and four clocks, the wait action, the tree kept when the
// host continues the searched line, and the record of a hosted match.
#include <gtest/gtest.h>

#include <array>
#include <filesystem>
#include <sstream>
#include <string>
#include <vector>

#include <unistd.h>

#include "core/bpgn.h"
#include "core/fen.h"
#include "core/notation.h"
#include "tests/training/engine/uci_session.h"

namespace bh {
namespace {

using test::last_info;
using test::Session;
using test::starts_with;

TEST(UciEngine, WholeMatchMovesPassCapturesToThePartner) {
  Session s;
  // 1e4d5 (A-white takes a black pawn) gives the pawn to B-black; 2... B-white's c-pawn
  // takes d5 after 2d7d5? No: here board B's white takes on d5, giving A-black a pawn.
  s.send("position fen " + std::string(kStartFen) + " | " + std::string(kStartFen) +
         " moves 1e2e4 2c2c4 1d7d5 2d7d5 1e4d5 2c4d5");
  s.send("d");
  auto d = s.lines.next("info string match ");
  ASSERT_TRUE(d);
  const std::string text = d->substr(std::string("info string match ").size());
  const std::size_t bar = text.find(" | ");
  const Board a = parse_fen(text.substr(0, bar)), b = parse_fen(text.substr(bar + 3));
  EXPECT_EQ(a.reserve(Black)[Pawn], 1);  // from B-white's capture: A-black's partner
  EXPECT_EQ(b.reserve(Black)[Pawn], 1);  // from A-white's capture: B-black's partner
  EXPECT_EQ(a.reserve(White).total() + b.reserve(White).total(), 0);
  // B-black may now drop the pawn; the layer-3 go names the seat and the four clocks.
  s.send("go seat B-black clocks 60000 60000 60000 60000 nodes 40");
  const std::string move = s.bestmove();
  EXPECT_NO_THROW(parse_uci(b, RuleSet{}, move)) << move;
}

TEST(UciEngine, PromotedPieceCapturedPassesAsAPawn) {
  Session s;
  // A-black's knight on b8 is a promoted one (~); A-white's rook takes it.
  s.send("position fen 1n~2k3/8/8/8/8/8/8/1R2K3[] w - - 0 1 | " + std::string(kStartFen) + " moves 1b1b8");
  s.send("d");
  auto d = s.lines.next("info string match ");
  ASSERT_TRUE(d);
  const std::string text = d->substr(std::string("info string match ").size());
  const Board b = parse_fen(text.substr(text.find(" | ") + 3));
  EXPECT_EQ(b.reserve(Black)[Pawn], 1);
  EXPECT_EQ(b.reserve(Black)[Knight], 0);
}

TEST(UciEngine, BoardPrefixedStartposIsTheWholeMatch) {
  Session s;
  s.send("setoption name Team value black");  // A-black + B-white
  s.send("position startpos moves 1e2e4 2e2e4");
  s.send("go nodes 20");
  // Team black: A-black is to move on A (B-black is to move on B but is team white).
  auto seat = s.lines.next("info string seat ");
  ASSERT_TRUE(seat);
  EXPECT_EQ(*seat, "info string seat A-black");
  const std::string move = s.bestmove();
  Board a;
  a.play(parse_uci(a, RuleSet{}, "e2e4"));
  EXPECT_NO_THROW(parse_uci(a, RuleSet{}, move));
}

TEST(UciEngine, WithATeamTheBareStartIsTheWholeMatchsStart) {
  // A layer-2 host's first position has no move to carry a board digit.
  Session s;
  s.send("setoption name Team value black");
  s.send("position startpos");
  s.send("go nodes 20");
  auto seat = s.lines.next("info string seat ");
  ASSERT_TRUE(seat);
  EXPECT_EQ(*seat, "info string seat B-white");  // team black's seat to move at the start
  EXPECT_NO_THROW(parse_uci(Board(), RuleSet{}, s.bestmove()));
}

// The board-prefixed moves of an info line's pv ("1e2e4", "2d7d5", ...).
std::vector<std::string> pv_of(const std::string& info) {
  std::vector<std::string> moves;
  const auto at = info.find(" pv ");
  std::istringstream words(at == std::string::npos ? "" : info.substr(at + 4));
  for (std::string w; words >> w;) moves.push_back(w);
  return moves;
}

TEST(UciEngine, KeepsItsTreeWhenTheHostContinuesTheSearchedLine) {
  // Team white (A-white and B-black). The host plays the engine's own principal variation
  // up to the team's next decision: that position is a node of the last tree, which the
  // search keeps; after ucinewgame the same position starts from nothing.
  Session s;
  s.send("setoption name Team value white");
  s.send("position startpos");
  s.send("go nodes 3000");
  ASSERT_TRUE(s.lines.next("bestmove"));
  const std::vector<std::string> pv = pv_of(last_info(s));
  std::string moves;
  std::array<Color, 2> mover{White, White};
  for (std::size_t i = 0; i < pv.size(); ++i) {
    const BoardId board = pv[i][0] == '1' ? BoardA : BoardB;
    const Seat seat = make_seat(board, mover[board]);
    if (i > 0 && team_of(seat) == team_of(AWhite)) break;  // the team's next decision
    moves += " " + pv[i];
    mover[board] = ~mover[board];
  }
  ASSERT_GE(std::count(moves.begin(), moves.end(), ' '), 2) << "pv too short to continue: " << last_info(s);
  const std::string position = "position startpos moves" + moves;
  s.send(position);
  s.send("go nodes 3000");
  ASSERT_TRUE(s.lines.next("bestmove"));
  std::optional<std::string> kept;
  for (const auto& l : s.lines.all())
    if (starts_with(l, "info string tree kept ")) kept = l;
  ASSERT_TRUE(kept) << position;
  EXPECT_GT(std::stoi(kept->substr(22)), 0) << *kept;
  EXPECT_NE(last_info(s).find(" nodes 3000 "), std::string::npos) << "kept visits count toward the limit";

  const std::size_t before = s.lines.all().size();
  s.send("ucinewgame");
  s.send(position);
  s.send("go nodes 100");
  ASSERT_TRUE(s.lines.next("bestmove"));
  const auto all = s.lines.all();
  for (std::size_t i = before; i < all.size(); ++i) EXPECT_FALSE(starts_with(all[i], "info string tree kept")) << all[i];
}

TEST(UciEngine, SeatNotToMoveIsAnErrorAndBestmove0000) {
  Session s;
  s.send("position startpos");
  s.send("go seat A-black clocks 1000 1000 1000 1000");
  auto err = s.lines.next("info string error: ");
  ASSERT_TRUE(err);
  EXPECT_NE(err->find("A-black is not to move"), std::string::npos) << *err;
  EXPECT_EQ(s.bestmove(), "0000");
}

TEST(UciEngine, WaitIsBestmove0000OnlyInTheFourSeatLayer) {
  test::SittingEvaluator sitter;
  Session s(&sitter);
  s.send("position startpos moves 1e2e4");
  s.send("go seat A-black clocks 60000 60000 60000 60000 nodes 40");
  EXPECT_EQ(s.bestmove(), "0000");
  // A single-board host has no wait: the same network must answer a move.
  s.send("position startpos moves e2e4");
  s.send("go wtime 60000 btime 60000 nodes 40");
  const std::string move = s.bestmove();
  EXPECT_NE(move, "0000");
  Board a;
  a.play(parse_uci(a, RuleSet{}, "e2e4"));
  EXPECT_NO_THROW(parse_uci(a, RuleSet{}, move));
}


TEST(UciEngine, RecordsTheHostedWholeMatchAsBpgn) {
  const auto path = std::filesystem::temp_directory_path() / ("uci_record_" + std::to_string(::getpid()) + ".bpgn");
  std::filesystem::remove(path);
  {
    Session s(nullptr, path.string());
    s.send("position startpos moves 1e2e4 2d2d4 1d7d5 1e4d5");
    s.send("position startpos moves 1e2e4 2d2d4 1d7d5 1e4d5 2e7e6 1d8d5");
    s.send("ucinewgame");  // the game ends: written
    s.send("position startpos moves 1g1f3");
    s.send("quit");        // written too
  }
  const auto games = read_bpgn_file(path.string());
  ASSERT_EQ(games.size(), 2u);
  const Match m = replay(games[0], RuleSet{});
  EXPECT_EQ(m.moves_played(), 6);
  EXPECT_EQ(m.board(BoardB).reserve(Black)[Pawn], 1);  // 1e4d5 passed a pawn to B-black
  EXPECT_EQ(replay(games[1], RuleSet{}).moves_played(), 1);
  std::filesystem::remove(path);
}


}  // namespace
}  // namespace bh
