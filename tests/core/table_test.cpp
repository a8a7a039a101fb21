// Specification of a table of three or more boards (core/RULES.md "Three or more boards"):
// the seats, teams and receivers of a row, the capturer's choice of the board that
// receives, the end of the table by mate, clocks and stuck movers, the forms a table
// refuses, and on two boards move for move the same game as the Match (whose moves and
// endings are checked against Fairy-Stockfish in match_replay_test.cpp). Hand-worked
// positions and timelines.
#include <gtest/gtest.h>

#include <random>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "core/bpgn.h"
#include "core/fen.h"
#include "core/match.h"
#include "core/notation.h"
#include "core/parse_error.h"
#include "core/table.h"
#include "core/table_notation.h"
#include "tests/core/rules_with.h"

namespace bh {
namespace {

using test::rules_with;

RuleSet three_boards() { return rules_with({{"boards", "3"}}); }

TableMove uci(const Table& t, BoardId b, std::string_view move, std::uint8_t receiver = TableMove::kNoBoard) {
  return {parse_uci(t.board(b), t.rules(), move), receiver};
}

void play(Table& t, BoardId b, std::string_view move, std::int64_t at = 0, std::uint8_t receiver = TableMove::kNoBoard) {
  ASSERT_TRUE(t.play(b, uci(t, b, move, receiver), at)) << move;
}

// Every mover of this board is stuck: in check along the first rank, a drop could block,
// the reserve is empty (core/RULES.md "Check, mate and waiting").
constexpr std::string_view kWhiteStuck = "4k3/8/8/8/8/8/6PP/r6K[] w - - 0 1";
constexpr std::string_view kBlackStuck = "R6k/6pp/8/8/8/8/8/4K3[] b - - 0 1";

TEST(Table, TeamsAlternateAlongTheRow) {
  // Team 1 plays White on A and C and Black on B; team 2 the other three seats.
  EXPECT_EQ(team_of(Seat(make_seat(BoardId(2), White))), Team1);
  EXPECT_EQ(team_of(make_seat(BoardB, Black)), Team1);
  EXPECT_EQ(team_of(make_seat(BoardId(2), Black)), Team2);
  EXPECT_EQ(team_of(make_seat(BoardId(3), White)), Team2);
  EXPECT_EQ(seat_name(make_seat(BoardId(2), White)), "C-white");
  EXPECT_EQ(seat_name(make_seat(BoardId(7), Black)), "H-black");
}

// Seat names read back for any row: the letter, any case, '-', '_' or nothing, then the
// colour; a board past the row's end is no seat.
TEST(Table, SeatNamesReadBackForARow) {
  EXPECT_EQ(parse_seat_name("C-white", 3), make_seat(BoardId(2), White));
  EXPECT_EQ(parse_seat_name("c_black", 3), make_seat(BoardId(2), Black));
  EXPECT_EQ(parse_seat_name("HWHITE", 8), make_seat(BoardId(7), White));
  EXPECT_EQ(parse_seat_name("bblack"), BBlack);
  EXPECT_EQ(parse_seat_name("C-white"), std::nullopt);  // two boards
  EXPECT_EQ(parse_seat_name("I-white", 8), std::nullopt);
  EXPECT_EQ(parse_seat_name("A-red", 3), std::nullopt);
  EXPECT_EQ(parse_seat_name("", 3), std::nullopt);
  for (int s = 0; s < kMaxSeats; ++s) EXPECT_EQ(parse_seat_name(seat_name(Seat(s)), kMaxBoards), Seat(s));
}

TEST(Table, TheMiddleBoardPassesToBothEndsAndTheEndsPassToTheMiddle) {
  const Table t(three_boards(), TimeControl::untimed());
  EXPECT_EQ(t.boards(), 3);
  EXPECT_EQ(t.receivers(BoardA), std::vector<BoardId>{BoardB});
  EXPECT_EQ(t.receivers(BoardB), (std::vector<BoardId>{BoardA, BoardId(2)}));
  EXPECT_EQ(t.receivers(BoardId(2)), std::vector<BoardId>{BoardB});
  // Four boards: the receivers play the captured colour, one or three boards away.
  const Table four(rules_with({{"boards", "4"}}), TimeControl::untimed());
  EXPECT_EQ(four.receivers(BoardA), (std::vector<BoardId>{BoardB, BoardId(3)}));
  EXPECT_EQ(four.receivers(BoardId(2)), (std::vector<BoardId>{BoardB, BoardId(3)}));
}

TEST(Table, AMiddleCaptureIsOneActionPerReceiver) {
  Table t(three_boards(), TimeControl::untimed());
  for (int b = 0; b < 3; ++b) EXPECT_EQ(t.legal_actions(BoardId(b)).size(), 20u);
  play(t, BoardB, "e2e4");
  play(t, BoardB, "d7d5");
  // 31 legal moves after 1.e4 d5, one of them the capture exd5: 32 actions.
  EXPECT_EQ(legal_moves(t.board(BoardB), t.rules()).size, 31);
  const std::vector<TableMove> actions = t.legal_actions(BoardB);
  EXPECT_EQ(actions.size(), 32u);
  const Move exd5 = Move::normal(E4, D5);
  EXPECT_EQ(std::count(actions.begin(), actions.end(), TableMove{exd5, BoardA}), 1);
  EXPECT_EQ(std::count(actions.begin(), actions.end(), TableMove{exd5, 2}), 1);
}

TEST(Table, TheCapturerChoosesTheBoardThatReceives) {
  Table t(three_boards(), TimeControl::untimed());
  play(t, BoardB, "e2e4");
  play(t, BoardB, "d7d5");
  EXPECT_THROW(t.play(BoardB, uci(t, BoardB, "e4d5"), 0), std::invalid_argument);          // say which
  EXPECT_THROW(t.play(BoardB, uci(t, BoardB, "e4d5", BoardB), 0), std::invalid_argument);  // not a receiver
  play(t, BoardB, "e4d5", 0, 2);
  // B-white (team 2) took a black pawn: C-black, its team-mate on C, holds it.
  EXPECT_EQ(t.board(BoardId(2)).reserve(Black)[Pawn], 1);
  EXPECT_TRUE(t.board(BoardA).reserve(Black).empty());
  play(t, BoardId(2), "e2e4");
  play(t, BoardId(2), "P@e5");
  EXPECT_EQ(t.board(BoardId(2)).piece_on(E5), make_piece(Black, Pawn));
}

TEST(Table, AnEndBoardPassesToTheMiddleWithoutSayingSo) {
  Table t(three_boards(), TimeControl::untimed());
  play(t, BoardA, "e2e4");
  play(t, BoardA, "d7d5");
  EXPECT_THROW(t.play(BoardA, uci(t, BoardA, "e4d5", 2), 0), std::invalid_argument);
  play(t, BoardA, "e4d5");
  EXPECT_EQ(t.board(BoardB).reserve(Black)[Pawn], 1);  // B-black, A-white's team-mate
  EXPECT_EQ(t.events().back().action.receiver, BoardB);
  EXPECT_THROW(t.play(BoardA, uci(t, BoardA, "b8c6", BoardB), 0), std::invalid_argument);  // captures nothing
}

TEST(Table, AMateOnAnyBoardEndsTheTable) {
  // The fool's mate on C under the classic mate rule (the empty reserve cannot block).
  Table t(rules_with({{"boards", "3"}, {"mate_rule", "classic"}}), TimeControl::untimed());
  play(t, BoardId(2), "f2f3");
  play(t, BoardId(2), "e7e5");
  play(t, BoardId(2), "g2g4");
  play(t, BoardId(2), "d8h4");
  ASSERT_TRUE(t.over());
  EXPECT_EQ(t.outcome().result, MatchResult::Team2Wins);  // C-white plays for team 1
  EXPECT_EQ(t.outcome().tag(), "mate C-white");
  EXPECT_EQ(t.outcome().describe(), "team 2 wins: C-white is checkmated");
  EXPECT_TRUE(t.legal_actions(BoardA).empty());
  EXPECT_FALSE(t.play(BoardA, uci(t, BoardA, "e2e4"), 0));
}

TEST(Table, TheFirstToRunOutOfTimeLosesAndOpponentsTogetherDraw) {
  const TimeControl second{1000, 0};
  Table together(three_boards(), second);
  EXPECT_FALSE(together.advance_to(5000));
  // A-white and C-white (team 1) and B-white (team 2) all run out at 1 s.
  EXPECT_EQ(together.outcome().reason, EndReason::SimultaneousFlags);
  EXPECT_EQ(together.outcome().time_ms, 1000);

  Table t(three_boards(), second);
  play(t, BoardB, "e2e4", 500);  // B-black's clock starts at 0.5 s: it runs out at 1.5 s
  EXPECT_FALSE(t.advance_to(5000));
  EXPECT_EQ(t.outcome().result, MatchResult::Team2Wins);
  EXPECT_EQ(t.outcome().tag(), "flag A-white");
  EXPECT_EQ(t.outcome().time_ms, 1000);
  EXPECT_EQ(t.remaining(make_seat(BoardB, White)), 500);
}

TEST(Table, WhenEveryMoverIsStuckTheStuckRuleDecides) {
  const std::vector<Board> row{parse_fen(kWhiteStuck), parse_fen(kBlackStuck), parse_fen(kWhiteStuck)};
  const Table drawn(row, three_boards(), TimeControl::untimed());
  EXPECT_EQ(drawn.outcome().reason, EndReason::BothStuck);
  EXPECT_EQ(drawn.outcome().result, MatchResult::Draw);
  // stuck_rule = flag: B-black (team 1) has the least time left, 2 s.
  const std::vector<std::int64_t> clocks{3000, 9000, 9000, 2000, 5000, 9000};
  const Table flagged(row, rules_with({{"boards", "3"}, {"stuck_rule", "flag"}}), TimeControl{9000, 0}, clocks);
  EXPECT_EQ(flagged.outcome().tag(), "stuck-flag B-black");
  EXPECT_EQ(flagged.outcome().result, MatchResult::Team2Wins);
  EXPECT_EQ(flagged.outcome().time_ms, 2000);
  // One board that can move keeps the table going.
  const Table going({parse_fen(kWhiteStuck), Board(), parse_fen(kWhiteStuck)}, three_boards(), TimeControl::untimed());
  EXPECT_FALSE(going.over());
  EXPECT_EQ(going.state(BoardA), BoardState::Stuck);
}

TEST(Table, AKingTakenUnderKingCaptureWinsAndPassesNowhere) {
  // A-black steps into the rook's file (no attack has to be avoided); A-white's rook
  // takes the king on b8.
  Table t({parse_fen("k7/8/8/8/8/8/8/1R2K3[] b - - 0 1"), Board(), Board()},
          rules_with({{"boards", "3"}, {"king_capture", "true"}}), TimeControl::untimed());
  play(t, BoardA, "a8b8");
  const std::vector<TableMove> actions = t.legal_actions(BoardA);
  EXPECT_EQ(std::count(actions.begin(), actions.end(), TableMove{Move::normal(B1, B8)}), 1);
  play(t, BoardA, "b1b8");
  EXPECT_EQ(t.outcome().tag(), "king-taken A-black");
  EXPECT_TRUE(t.board(BoardB).reserve(Black).empty());
}

TEST(Table, RefusesTheFormsARowDoesNotPlay) {
  auto refused = [](std::initializer_list<std::pair<std::string_view, std::string_view>> options) {
    try {
      Table t(rules_with(options), TimeControl::untimed());
    } catch (const std::invalid_argument& e) {
      return std::string(e.what());
    }
    return std::string();
  };
  EXPECT_NE(refused({{"boards", "3"}, {"both_games", "true"}}).find("'boards'"), std::string::npos);
  EXPECT_NE(refused({{"boards", "3"}, {"promotion", "reserve"}}).find("promotion = reserve"), std::string::npos);
  EXPECT_NE(refused({{"boards", "3"}, {"repetition_draw", "claim"}}).find("repetition_draw"), std::string::npos);
  EXPECT_NE(refused({{"boards", "2"}, {"both_games", "true"}}).find("both_games"), std::string::npos);
  EXPECT_EQ(refused({{"boards", "8"}, {"drop_check", "false"}}), "");
  EXPECT_THROW(Table({Board()}, RuleSet{}, TimeControl::untimed()), std::invalid_argument);
  EXPECT_THROW(Table(std::vector<Board>(3), RuleSet{}, TimeControl{1000, 0}, {1000, 1000}), std::invalid_argument);
  RuleSet nine;
  EXPECT_THROW(set_option(nine, "boards", "9"), std::invalid_argument);
  // The two-board Match refuses a row, naming the option.
  try {
    Match m(three_boards(), TimeControl::untimed());
    FAIL() << "a Match of three boards";
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("'boards' = 3"), std::string::npos) << e.what();
  }
}

// Two boards: random games played at a Table and at a Match, move for move.
void play_twin_games(const RuleSet& rules, const TimeControl& tc, unsigned seed) {
  std::mt19937 rng(seed);
  for (int game = 0; game < 40; ++game) {
    Table table(rules, tc);
    Match match(rules, tc);
    std::int64_t now = 0;
    while (!match.over() && match.moves_played() < 300) {
      now += std::uniform_int_distribution<int>(0, 400)(rng);
      const BoardId b = BoardId(rng() % 2);
      const std::vector<TableMove> actions = table.legal_actions(b);
      const MoveList moves = match.legal_moves(b);
      ASSERT_EQ(actions.size(), std::size_t(moves.size)) << "game " << game;
      if (actions.empty()) {
        ASSERT_EQ(table.wait(b, now), match.wait(b, now));
      } else {
        const TableMove pick = actions[rng() % actions.size()];
        ASSERT_EQ(table.play(b, pick, now), match.play(b, pick.move, now)) << to_uci(pick.move);
      }
      ASSERT_EQ(table.board(BoardA), match.board(BoardA)) << "game " << game;
      ASSERT_EQ(table.board(BoardB), match.board(BoardB)) << "game " << game;
      ASSERT_EQ(table.outcome().tag(), match.outcome().tag()) << "game " << game;
      for (int s = 0; s < kSeats; ++s) ASSERT_EQ(table.remaining(Seat(s)), match.remaining(Seat(s)));
    }
  }
}

TEST(Table, OnTwoBoardsEveryGameIsTheMatchsGame) {
  play_twin_games(RuleSet{}, TimeControl{20'000, 0}, 1);
  play_twin_games(rules_with({{"king_capture", "true"}}), TimeControl::untimed(), 2);
  play_twin_games(rules_with({{"promotion", "stay"}, {"drop_check", "false"}, {"stuck_rule", "flag"}}),
                  TimeControl{8'000, 1'000}, 3);
}

TEST(Table, NoPieceIsLostOrMadeOnARowAndEachGoesToTheCapturersTeam) {
  std::mt19937 rng(7);
  for (int game = 0; game < 30; ++game) {
    Table t(rules_with({{"boards", "3"}}), TimeControl::untimed());
    while (!t.over() && t.moves_played() < 400) {
      const BoardId b = BoardId(rng() % 3);
      const std::vector<TableMove> actions = t.legal_actions(b);
      if (actions.empty()) continue;
      const TableMove pick = actions[rng() % actions.size()];
      const Seat capturer = t.mover(b);
      std::vector<int> held_before;
      for (int j = 0; j < 3; ++j) held_before.push_back(t.board(BoardId(j)).reserve(White).total() + t.board(BoardId(j)).reserve(Black).total());
      ASSERT_TRUE(t.play(b, pick, 0));
      if (pick.receiver != TableMove::kNoBoard) {
        const Board& to = t.board(BoardId(pick.receiver));
        // The receiving board's seat of the captured colour plays for the capturer's team.
        EXPECT_EQ(team_of(BoardId(pick.receiver), ~color_of(capturer)), team_of(capturer));
        EXPECT_EQ(to.reserve(White).total() + to.reserve(Black).total(), held_before[pick.receiver] + 1);
      }
      // Three sets: 48 pieces of each colour on the boards and in the reserves.
      for (Color c : {White, Black}) {
        int n = 0;
        for (int j = 0; j < 3; ++j) n += popcount(t.board(BoardId(j)).pieces(c)) + t.board(BoardId(j)).reserve(c).total();
        ASSERT_EQ(n, 48) << "game " << game;
      }
    }
  }
}

// core/RULES.md "Notation": the receiver follows the move after '>', only where there is a
// choice; a row's position is one FEN a board, and its clocks two a board.
TEST(TableNotation, AnActionNamesItsReceiverWhereThereIsAChoice) {
  Table t(three_boards(), TimeControl::untimed());
  for (BoardId b : {BoardA, BoardB}) {
    t.play(b, parse_action(t, b, "e4"), 0);
    t.play(b, parse_action(t, b, "d7d5"), 0);
  }
  const TableMove to_c = parse_action(t, BoardB, "exd5>C");
  EXPECT_EQ(to_c, (TableMove{Move::normal(E4, D5), 2}));
  EXPECT_EQ(parse_action(t, BoardB, "e4d5>A"), (TableMove{Move::normal(E4, D5), BoardA}));
  EXPECT_EQ(to_uci(t, BoardB, to_c), "e4d5>C");
  EXPECT_EQ(to_san(t, BoardB, to_c), "exd5>C");
  EXPECT_EQ(to_san(t, BoardA, {Move::normal(E4, D5), BoardB}), "exd5");  // one receiver: not written
  EXPECT_EQ(parse_action(t, BoardA, "exd5"), (TableMove{Move::normal(E4, D5)}));
  for (const char* bad : {"exd5", "exd5>B", "exd5>D", "exd5>", "e4d4", "e4e5>A"}) EXPECT_THROW(parse_action(t, BoardB, bad), ParseError) << bad;
  try {
    parse_action(t, BoardB, "exd5");
  } catch (const ParseError& e) {
    EXPECT_NE(std::string(e.what()).find("passes to board A or C: say which"), std::string::npos) << e.what();
  }
}

TEST(TableNotation, ARowIsOneFenABoardAndItsClocksTwoABoard) {
  Table t(three_boards(), TimeControl{60'000, 0});
  t.play(BoardId(2), parse_action(t, BoardId(2), "e4"), 1500);
  const std::string row = to_row(t);
  EXPECT_EQ(row.substr(row.rfind('|')), "| 58500 60000 58500 60000 58500 60000");  // the white clocks ran 1.5 s
  const Table again = table_from_row(row, three_boards(), TimeControl{60'000, 0});
  for (int b = 0; b < 3; ++b) EXPECT_EQ(again.board(BoardId(b)), t.board(BoardId(b)));
  EXPECT_EQ(again.remaining(make_seat(BoardId(2), White)), 58'500);
  const std::string start = to_fen(Board());
  EXPECT_EQ(table_from_row(start + "|" + start + "|" + start + "|" + start, RuleSet{}, {}).boards(), 4);
  EXPECT_THROW(table_from_row(start, RuleSet{}, {}), ParseError);                                  // one board
  EXPECT_THROW(table_from_row(start + "|" + start + "|" + start + "| 1 2 3", RuleSet{}, {}), ParseError);  // 3 of 6 clocks
  try {
    table_from_row(start + "|" + start + "| 8/8/8/8/8/8/8/8[] w - - 0 1", RuleSet{}, {});
    FAIL() << "a board without kings";
  } catch (const ParseError& e) {
    EXPECT_NE(std::string(e.what()).find("row board C"), std::string::npos) << e.what();
  }
}

// A random timed game on a row, played to its end (a flag included) or to `moves` moves.
Table random_row(int boards, std::uint64_t seed, int moves) {
  std::mt19937 rng{unsigned(seed)};
  Table t(rules_with({{"boards", std::to_string(boards)}}), TimeControl{20'000, 0});
  std::int64_t now = 0;
  while (!t.over() && t.moves_played() < moves) {
    now += std::uniform_int_distribution<int>(0, 300)(rng);
    const BoardId b = BoardId(rng() % unsigned(boards));
    const std::vector<TableMove> actions = t.legal_actions(b);
    if (actions.empty()) t.wait(b, now);
    else t.play(b, actions[rng() % actions.size()], now);
  }
  return t;
}

// core/RULES.md "Notation": a row's record numbers its moves with the board letters past B,
// names a chosen receiver after '>', and replays to the same boards, clocks and ending.
TEST(TableRecords, ARowsRecordReplaysToTheSameTable) {
  for (int boards : {3, 5}) {
    for (std::uint64_t seed = 1; seed <= 8; ++seed) {
      const Table played = random_row(boards, seed, 200 + 40 * int(seed));
      std::istringstream in(write_bpgn(played, {{"Event", "row"}}, seed % 2 ? MoveStyle::San : MoveStyle::Uci));
      const std::vector<BpgnGame> games = read_bpgn(in, "row.bpgn");
      ASSERT_EQ(games.size(), 1u);
      const RuleSet rules = record_rules(games[0], RuleSet{});
      EXPECT_EQ(rules.boards, boards);
      Table again = replay_row(games[0], rules);
      if (played.outcome().reason == EndReason::Flag || played.outcome().reason == EndReason::SimultaneousFlags)
        again.advance_to(played.outcome().time_ms);
      EXPECT_EQ(again.outcome().tag(), played.outcome().tag()) << "seed " << seed;
      EXPECT_EQ(again.moves_played(), played.moves_played());
      for (int b = 0; b < boards; ++b) EXPECT_EQ(again.board(BoardId(b)), played.board(BoardId(b)));
      for (int s = 0; s < 2 * boards; ++s) EXPECT_EQ(again.remaining(Seat(s)), played.remaining(Seat(s)));
    }
  }
}

TEST(TableRecords, AHandWrittenRowRecordReadsItsReceiversAndIsRefusedAsAMatch) {
  std::istringstream in(R"([Rules "boards=3"]
[TimeControl "-"]
1B. e4 1b. d5 2B. exd5>C 1C. d4 1c. P@e5 *
)");
  const std::vector<BpgnGame> games = read_bpgn(in, "hand.bpgn");
  ASSERT_EQ(games.size(), 1u);
  const Table t = replay_row(games[0], record_rules(games[0], RuleSet{}));
  EXPECT_EQ(t.board(BoardId(2)).piece_on(E5), make_piece(Black, Pawn));
  EXPECT_EQ(t.events()[2].action.receiver, 2);
  // The two-board replay refuses the row: its rules (boards = 3), or without them its board C.
  EXPECT_THROW(replay(games[0], record_rules(games[0], RuleSet{})), std::invalid_argument);
  std::istringstream on_c("1C. e4 *\n");
  try {
    replay(read_bpgn(on_c, "c.bpgn")[0], RuleSet{});
    FAIL() << "a row replayed as a match";
  } catch (const ParseError& e) {
    EXPECT_NE(std::string(e.what()).find("has no board C"), std::string::npos) << e.what();
  }
  std::istringstream wrong(R"([Rules "boards=3"]
1B. e4 1b. d5 2B. exd5 *
)");
  try {
    replay_row(read_bpgn(wrong, "wrong.bpgn")[0], rules_with({{"boards", "3"}}));
    FAIL() << "a middle capture without its receiver";
  } catch (const ParseError& e) {
    EXPECT_NE(std::string(e.what()).find("move 2B. exd5: "), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("say which"), std::string::npos) << e.what();
  }
}

}  // namespace
}  // namespace bh
