// Specification of both games played out (core/RULES.md "Both games played out"): the
// match goes on after one board's game ends, nothing passes to a finished game, its clocks
// stand, a stuck player who can never receive a piece draws, and each team scores its two
// games' points. Hand-worked positions and timelines.
#include <gtest/gtest.h>

#include <sstream>
#include <vector>

#include "core/bfen.h"
#include "core/bpgn.h"
#include "core/fen.h"
#include "core/match.h"
#include "core/notation.h"
#include "core/recorded_ending.h"
#include "tests/core/rules_with.h"

namespace bh {
namespace {

using test::rules_with;

// A function, not a global: the option table is not yet built while globals are made.
RuleSet both_games() { return rules_with({{"both_games", "true"}}); }

// Board A: the smothered mate Ng5-f7 is one move away for A-white (team 1).
constexpr std::string_view kSmother = "6rk/6pp/8/6N1/8/8/8/6K1[] w - - 0 1";

void play(Match& m, BoardId b, std::string_view move, std::int64_t t) {
  ASSERT_TRUE(m.play(b, parse_uci(m.board(b), m.rules(), move), t)) << move;
}

TEST(BothGames, ByDefaultTheFirstGameToEndEndsTheMatch) {
  Match m(parse_fen(kSmother), Board(), RuleSet{}, TimeControl::untimed());
  play(m, BoardA, "g5f7", 0);
  EXPECT_TRUE(m.over());
  EXPECT_EQ(m.outcome().tag(), "mate A-black");
}

TEST(BothGames, AfterAMateTheOtherGameGoesOnAndTheFinishedBoardTakesNoMove) {
  Match m(parse_fen(kSmother), Board(), both_games(), TimeControl::untimed());
  play(m, BoardA, "g5f7", 0);
  EXPECT_FALSE(m.over());
  EXPECT_TRUE(m.game_over(BoardA));
  EXPECT_EQ(m.game(BoardA).reason, EndReason::Checkmate);
  EXPECT_EQ(m.game(BoardA).result, MatchResult::Team1Wins);
  EXPECT_EQ(m.state(BoardA), BoardState::Finished);
  EXPECT_TRUE(m.legal_moves(BoardA).empty());
  EXPECT_FALSE(m.wait(BoardA, 0));
  play(m, BoardB, "e2e4", 0);
  EXPECT_FALSE(m.game_over(BoardB));
}

TEST(BothGames, EachTeamScoresItsTwoGamesAndOneAllIsADrawnMatch) {
  Match m(parse_fen(kSmother), Board(), both_games(), TimeControl::untimed());
  play(m, BoardA, "g5f7", 0);  // team 1 wins game A
  play(m, BoardB, "e2e4", 0);
  m.resign(BBlack, 0);  // B-black is team 1: team 2 wins game B
  ASSERT_TRUE(m.over());
  const Outcome& o = m.outcome();
  EXPECT_EQ(o.reason, EndReason::GamesScored);
  EXPECT_EQ(o.result, MatchResult::Draw);
  EXPECT_EQ(o.points(Team1), 1.0);
  EXPECT_EQ(o.points(Team2), 1.0);
  EXPECT_EQ(o.share(Team1), 0.5);
  EXPECT_EQ(o.tag(), "games mate A-black @0, resign B-black @0");
  EXPECT_EQ(o.describe(), "draw 1-1: board A 1-0, A-black is checkmated; board B 0-1, B-black resigned");
  const std::optional<Outcome> read = parse_outcome_tag(o.tag());
  ASSERT_TRUE(read);
  EXPECT_EQ(read->games, o.games);
  EXPECT_EQ(read->result, MatchResult::Draw);
}

TEST(BothGames, AGamesTagThatDoesNotReadIsNoEnding) {
  for (const char* text : {"games mate A-black @0", "games mate A-black @x, resign B-black @0",
                           "games mate A-black @-5, resign B-black @0", "games ongoing @0, resign B-black @0",
                           "games mate A-black, resign B-black @0", "games mate A-black @0, games x @1"})
    EXPECT_FALSE(parse_outcome_tag(text)) << text;
}

TEST(BothGames, NothingPassesToAGameThatIsOver) {
  // e4 d5 exd5 on board B: the pawn B-white takes goes to its partner, A-black...
  auto exchange_on_b = [](Match& m) {
    play(m, BoardB, "e2e4", 0);
    play(m, BoardB, "d7d5", 0);
    play(m, BoardB, "e4d5", 0);
  };
  Match live(both_games(), TimeControl::untimed());
  exchange_on_b(live);
  EXPECT_EQ(live.board(BoardA).reserve(Black).total(), 1);
  // ...unless A-black's game is over.
  Match ended(both_games(), TimeControl::untimed());
  ended.resign(ABlack, 0);
  ASSERT_FALSE(ended.over());
  exchange_on_b(ended);
  EXPECT_EQ(ended.board(BoardA).reserve(Black).total(), 0);
}

TEST(BothGames, AFinishedGamesClocksStandAndTheOtherFlagsOnItsOwn) {
  Match m(parse_fen(kSmother), Board(), both_games(), TimeControl{60'000, 0});
  play(m, BoardA, "g5f7", 1'000);  // A-white thought 1 s; A-black's clock never starts
  EXPECT_EQ(m.remaining(ABlack, 50'000), 60'000);
  EXPECT_EQ(m.remaining(AWhite, 50'000), 59'000);
  EXPECT_TRUE(m.advance_to(59'999));  // B-white has thought since 0
  EXPECT_FALSE(m.advance_to(60'000));
  ASSERT_TRUE(m.over());
  EXPECT_EQ(m.game(BoardB).reason, EndReason::Flag);
  EXPECT_EQ(m.game(BoardB).seat, BWhite);  // team 2: team 1 wins game B too
  EXPECT_EQ(m.outcome().result, MatchResult::Team1Wins);
  EXPECT_EQ(m.outcome().points(Team1), 2.0);
  EXPECT_EQ(m.outcome().time_ms, 60'000);
}

// Board B: B-black to move has no legal move and is not in check: stuck.
constexpr std::string_view kStuckBlack = "7k/5Q2/6K1/8/8/8/8/8[] b - - 0 1";

TEST(BothGames, AStuckPlayerWhoCanNeverReceiveAPieceDraws) {
  Match m(parse_fen(kSmother), parse_fen(kStuckBlack), both_games(), TimeControl{60'000, 0});
  EXPECT_EQ(m.state(BoardB), BoardState::Stuck);  // waits: board A may still send a piece
  play(m, BoardA, "g5f7", 1'000);                   // now nothing can ever come
  ASSERT_TRUE(m.over());
  EXPECT_EQ(m.game(BoardB).reason, EndReason::Stranded);
  EXPECT_EQ(m.game(BoardB).seat, BBlack);
  EXPECT_EQ(m.outcome().points(Team1), 1.5);
  EXPECT_EQ(m.outcome().result, MatchResult::Team1Wins);
  EXPECT_EQ(m.outcome().tag(), "games mate A-black @1000, draw stranded B-black @1000");
  EXPECT_EQ(m.outcome().describe(),
            "team 1 wins 1.5-0.5: board A 1-0, A-black is checkmated; board B 1/2, B-black is stuck and no piece can "
            "reach it any more");
}

TEST(BothGames, UnderTheFlagRuleTheStrandedPlayersClockDecides) {
  const RuleSet rules = rules_with({{"both_games", "true"}, {"stuck_rule", "flag"}});
  Match m(parse_fen(kSmother), parse_fen(kStuckBlack), rules, TimeControl{60'000, 0});
  play(m, BoardA, "g5f7", 1'000);
  EXPECT_FALSE(m.over());
  EXPECT_FALSE(m.advance_to(60'000));  // B-black has thought since 0
  EXPECT_EQ(m.game(BoardB).reason, EndReason::Flag);
  EXPECT_EQ(m.outcome().points(Team1), 1.0);  // B-black is team 1
  EXPECT_EQ(m.outcome().result, MatchResult::Draw);
}

TEST(BothGames, TheMoveLimitAndAnAgreementEndEveryGameStillPlayed) {
  Match limit(parse_fen(kSmother), Board(), rules_with({{"both_games", "true"}, {"move_limit", "2"}}),
              TimeControl::untimed());
  play(limit, BoardA, "g5f7", 0);
  play(limit, BoardB, "e2e4", 0);
  ASSERT_TRUE(limit.over());
  EXPECT_EQ(limit.outcome().tag(), "games mate A-black @0, draw move-limit @0");

  Match agreed(Board(), Board(), both_games(), TimeControl::untimed());
  agreed.agree_draw(0);
  ASSERT_TRUE(agreed.over());
  EXPECT_EQ(agreed.outcome().tag(), "games draw agreement @0, draw agreement @0");
  EXPECT_EQ(agreed.outcome().result, MatchResult::Draw);
}

TEST(BothGames, ARecordCarriesEachGamesEndingAndReplaysToTheSameMatch) {
  // B-black resigns at 0.5 s; board A plays on and A-white resigns at 3 s: 0-2.
  Match m(both_games(), TimeControl{60'000, 0});
  m.resign(BBlack, 500);
  play(m, BoardA, "e2e4", 1'000);
  play(m, BoardA, "e7e5", 1'500);
  m.resign(AWhite, 3'000);
  ASSERT_TRUE(m.over());
  EXPECT_EQ(m.outcome().tag(), "games resign A-white @3000, resign B-black @500");
  EXPECT_EQ(m.outcome().result, MatchResult::Team2Wins);
  for (MoveStyle style : {MoveStyle::San, MoveStyle::Uci}) {
    std::stringstream in(write_bpgn(m, {{"Event", "both games"}}, style));
    std::vector<BpgnGame> games = read_bpgn(in, "memory");
    ASSERT_EQ(games.size(), 1u);
    EXPECT_EQ(record_rules(games[0], RuleSet{}), both_games());
    Match again = replay(games[0], both_games());
    EXPECT_TRUE(again.game_over(BoardB));  // applied when the record reached its time
    const std::optional<Outcome> recorded = parse_outcome_tag(games[0].reason);
    ASSERT_TRUE(recorded);
    finish_as_recorded(again, *recorded);
    EXPECT_EQ(again.outcome().tag(), m.outcome().tag());
    EXPECT_EQ(to_bfen(again), to_bfen(m));
  }
}

}  // namespace
}  // namespace bh
