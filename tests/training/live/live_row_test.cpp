// Specification of LiveRow, the referee of a live row of boards (training/live/live_row.h;
// core/RULES.md "Three or more boards"), on a clock the test holds still and moves by
// hand: computers act exactly when their think time has passed, a person's move is stamped
// when it arrives, moves out of turn, illegal moves and a capture without its receiver are
// refused without changing anything, a silent person's flag falls on time, resignation ends
// the table, and the end is told once. Then the row as the terminal draws it.
#include <gtest/gtest.h>

#include <memory>
#include <vector>

#include "core/notation.h"
#include "core/table_notation.h"
#include "training/live/live_row.h"
#include "training/live/row_view.h"
#include "tests/core/rules_with.h"

namespace bh {
namespace {

using test::rules_with;

// Plays the given moves in turn on its board (core/table_notation.h).
class ScriptedTablePlayer final : public TablePlayer {
 public:
  explicit ScriptedTablePlayer(std::vector<std::string> moves) : moves_(std::move(moves)) {}
  TableMove decide(const Table& table, BoardId b) override {
    return parse_action(table, b, moves_.at(next_++));
  }
  std::string name() const override { return "scripted"; }

 private:
  std::vector<std::string> moves_;
  std::size_t next_ = 0;
};

struct Fixture {
  std::int64_t clock_ms = 0;
  std::vector<LiveRowEvent> events;
  std::unique_ptr<LiveRow> row;

  // Three boards, 10 s each, every think 1 s; `person` is a person, the other seats play
  // their scripts (none: the random mover).
  Fixture(Seat person, std::vector<std::vector<std::string>> scripts) {
    TimeModelConfig think;
    think.kind = ThinkKind::Fixed;
    std::vector<std::unique_ptr<TablePlayer>> seats;
    for (int s = 0; s < 6; ++s)
      seats.push_back(Seat(s) == person                ? nullptr
                      : scripts[std::size_t(s)].empty() ? make_table_player("random", std::uint64_t(s) + 1)
                                                        : std::make_unique<ScriptedTablePlayer>(scripts[std::size_t(s)]));
    row = std::make_unique<LiveRow>(LiveRowConfig{rules_with({{"boards", "3"}}), TimeControl{10'000, 0}, TimeModel(think), 1},
                                    std::move(seats), [this] { return clock_ms; });
    row->on_event([this](const LiveRowEvent& e) { events.push_back(e); });
    row->start();
  }
  void at(std::int64_t t) {
    clock_ms = t;
    row->step();
  }
};

// C-white is the person; A and B open with 1.e4 and 1...e5 at one second each.
Fixture c_white_at_the_table() {
  return Fixture(make_seat(BoardId(2), White), {{"e2e4"}, {"e7e5"}, {"d2d4"}, {"d7d5", "e5d4>C"}, {}, {"e7e5"}});
}

TEST(LiveRow, ComputersActWhenTheirThinkTimeHasPassedAndAPersonOnArrival) {
  Fixture f = c_white_at_the_table();
  EXPECT_EQ(f.row->next_due_ms(), 1000);
  f.at(999);
  EXPECT_TRUE(f.events.empty());
  f.at(1000);
  ASSERT_EQ(f.events.size(), 2u);  // A-white and B-white, in board order
  EXPECT_EQ(f.events[0].seat, AWhite);
  EXPECT_EQ(f.events[0].san, "e4");
  EXPECT_EQ(f.events[1].seat, BWhite);
  EXPECT_EQ(f.events[1].time_ms, 1000);
  f.clock_ms = 1500;
  EXPECT_EQ(f.row->submit(make_seat(BoardId(2), White), "e4").verdict, Verdict::Ok);
  EXPECT_EQ(f.events.back().seat, make_seat(BoardId(2), White));
  EXPECT_EQ(f.events.back().time_ms, 1500);
  EXPECT_EQ(f.row->table().remaining(make_seat(BoardId(2), White)), 8500);
  f.at(2500);  // C-black answers one second after the person's move; A-black and B-black at 2 s
  EXPECT_EQ(f.row->table().board(BoardId(2)).side_to_move(), White);
  EXPECT_EQ(f.row->table().moves_played(), 6);
}

TEST(LiveRow, RefusesMovesOutOfTurnIllegalMovesAndAMissingReceiverWithoutChangingAnything) {
  Fixture f(BWhite, {{"e2e4", "e4e5"}, {"d7d5", "g8f6"}, {}, {"d7d5", "c8g4"}, {"g1f3"}, {"g8f6"}});
  const Seat me = BWhite;
  EXPECT_EQ(f.row->submit(me, "e2e5").verdict, Verdict::Illegal);
  EXPECT_EQ(f.row->submit(me, "e2e4").verdict, Verdict::Ok);
  EXPECT_EQ(f.row->submit(me, "d2d4").verdict, Verdict::NotYourTurn);
  f.at(1000);  // B-black d5: exd5 can pass the pawn to A-black or C-black
  const SubmitResult missing = f.row->submit(me, "exd5");
  EXPECT_EQ(missing.verdict, Verdict::Illegal);
  EXPECT_NE(missing.message.find("say which"), std::string::npos) << missing.message;
  EXPECT_EQ(f.row->submit(AWhite, "e4e5").verdict, Verdict::NotYourTurn);  // a computer's seat
  EXPECT_EQ(f.row->table().moves_played(), 4);
  EXPECT_EQ(f.row->submit(me, "exd5>C").verdict, Verdict::Ok);
  EXPECT_EQ(f.row->table().board(BoardId(2)).reserve(Black)[Pawn], 1);
  EXPECT_EQ(f.events.back().san, "exd5>C");
}

TEST(LiveRow, ASilentPersonsFlagFallsOnTimeAndTheEndIsToldOnce) {
  Fixture f(make_seat(BoardId(2), White), std::vector<std::vector<std::string>>(6));
  f.at(1000);
  f.at(9999);
  EXPECT_FALSE(f.row->over());
  EXPECT_EQ(f.row->next_due_ms(), 10'000);
  f.at(10'000);
  ASSERT_TRUE(f.row->over());
  EXPECT_EQ(f.row->table().outcome().describe(), "team 2 wins: C-white ran out of time");
  f.at(12'000);
  int ends = 0;
  for (const LiveRowEvent& e : f.events) ends += e.kind == LiveRowEvent::Kind::Over;
  EXPECT_EQ(ends, 1);
  EXPECT_EQ(f.row->submit(make_seat(BoardId(2), White), "e4").verdict, Verdict::Over);
}

TEST(LiveRow, ResignationEndsTheTable) {
  Fixture f = c_white_at_the_table();
  f.clock_ms = 300;
  f.row->resign(make_seat(BoardId(2), White));
  ASSERT_TRUE(f.row->over());
  EXPECT_EQ(f.row->table().outcome().describe(), "team 2 wins: C-white resigned");
  EXPECT_EQ(f.events.back().kind, LiveRowEvent::Kind::Over);
}

// B-black's team plays White on A and C and Black on B: every board is drawn with that team
// at the bottom, so board B is seen from Black's side (rank 1 at the top).
TEST(RowView, DrawsEveryBoardFromTheViewersTeamsSideThreeToABand) {
  Table t(rules_with({{"boards", "4"}}), TimeControl{60'000, 0});
  ASSERT_TRUE(t.play(BoardB, {parse_uci(t.board(BoardB), t.rules(), "e2e4")}, 0));
  const std::string text = render_row(t, 0, BBlack);
  EXPECT_NE(text.find("Board A"), std::string::npos);
  EXPECT_NE(text.find("Board D"), std::string::npos);
  // Band one: boards A, B, C side by side; board D starts a second band.
  EXPECT_LT(text.find("Board C"), text.find("\n"));
  EXPECT_GT(text.find("Board D"), text.find("\n"));
  EXPECT_NE(text.find("8 | r n b q k b n r |"), std::string::npos);  // A and C from White's side
  EXPECT_NE(text.find("1 | R N B K Q B N R |"), std::string::npos);  // B from Black's side
  EXPECT_NE(text.find("4 | .   . P .   .   |"), std::string::npos);  // e4, seen from Black's side
  EXPECT_NE(text.find("B-black  1:00    []  <- to move (you)"), std::string::npos) << text;
}

}  // namespace
}  // namespace bh
