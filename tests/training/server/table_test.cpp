// Specification of a table's care for its seats across bad connections and matches: a
// seat whose connection falls silent is shown as lost to the others and back when it
// speaks; a move resent after a reconnection (with the number of moves it was sent
// after) is played once; a rematch keeps the seats and tokens, starts fresh clocks, and
// the finished match's record stays; a person gone longer than the grace period loses for
// the team, and one who comes back in time plays on; a draw is claimed where the rules
// have claims; under both_games a resigned board ends while the other plays on. Waits are
// for states, each with a generous limit.
#include <gtest/gtest.h>

#include <optional>
#include <sstream>

#include "core/bpgn.h"
#include "served.h"

namespace bh::server {
namespace {

using nlohmann::json;
using test::event_of;
using test::http_request;
using test::is_error;
using test::is_over;
using test::is_started;
using test::is_state;
using test::Served;
using test::WsClient;
namespace http = boost::beast::http;
using namespace std::chrono_literals;

auto connected(const char* seat, int n) {
  return [seat, n](const json& m) { return is_state(m) && m["seats"][seat]["connected"] == n; };
}

json move(const std::string& text, int ply) { return {{"type", "move"}, {"move", text}, {"ply", ply}}; }

// A 1+0 table under `rules` with people at A-white and A-black, started by A-white; the
// other seats are the server's computers.
struct BoardAStarted {
  json table;
  std::optional<WsClient> white, black;
  bool started = false;
  BoardAStarted(Served& s, const json& rules) {
    const auto created =
        http_request(s.port(), http::verb::post, "/api/tables", json{{"clock", "1+0"}, {"rules", rules}}.dump());
    if (created.status != 201) return;
    table = json::parse(created.body);
    white.emplace(s.port(), s.seat_target(table, "A-white"));
    black.emplace(s.port(), s.seat_target(table, "A-black"));
    white->send(json{{"type", "start"}});
    started = black->until(is_started).has_value();
  }
};

TEST(Table, ASilentSeatIsShownLostToTheOthersAndBackWhenItSpeaks) {
  Served s(600'000, [](ServerOptions& o) { o.lobby.table_limits.lost_after = 300ms; });
  const json table = s.create();
  WsClient watcher(s.port(), s.spectator_target(table));
  WsClient quiet(s.port(), s.seat_target(table, "A-white"));  // open, but it never pings
  ASSERT_TRUE(watcher.until(connected("A-white", 1)));
  const auto lost = watcher.until(connected("A-white", 0));
  ASSERT_TRUE(lost);
  EXPECT_EQ((*lost)["seats"]["A-white"]["kind"], "person");  // the seat stays the person's
  quiet.send(json{{"type", "ping"}});
  ASSERT_TRUE(watcher.until(connected("A-white", 1)));
  quiet.close();  // a closed socket is lost at once
  EXPECT_TRUE(watcher.until(connected("A-white", 0)));
}

// Leaving the table (core/RULES.md "End of the match"): A-white and A-black are people at
// a started match, a spectator watches, and A-black's page closes. A-black's seat has no
// live connection while the match runs: the table's grace period is counted down to
// everyone; past it the team loses, "left the table".
struct APersonLeaves {
  Served s;
  json table;
  std::optional<WsClient> white, watcher, black;
  json started, counting;  // the states at the start and when the count began

  explicit APersonLeaves(std::chrono::milliseconds grace)
      : s(600'000, [grace](ServerOptions& o) { o.lobby.table_limits.leave_grace = grace; }), table(s.create()) {
    white.emplace(s.port(), s.seat_target(table, "A-white"));
    watcher.emplace(s.port(), s.spectator_target(table));
    black.emplace(s.port(), s.seat_target(table, "A-black"));
    EXPECT_TRUE(watcher->until(connected("A-black", 1)));
    white->send(json{{"type", "start"}});
    started = watcher->until(is_started).value_or(json());
    black.reset();  // the page is closed
    counting = watcher->until([](const json& m) { return is_state(m) && m["leaving"].contains("A-black"); }).value_or(json());
  }
};

TEST(Table, APersonGoneLongerThanTheGracePeriodLosesForTheTeam) {
  APersonLeaves at(500ms);
  ASSERT_FALSE(at.started.is_null());
  EXPECT_TRUE(at.started["leaving"].empty());
  ASSERT_FALSE(at.counting.is_null());
  EXPECT_LE(at.counting["leaving"]["A-black"].get<int>(), 500);
  const auto over = at.watcher->until(is_over);
  ASSERT_TRUE(over);
  EXPECT_EQ((*over)["result"], "1-0");
  EXPECT_EQ((*over)["reason"], "team 1 wins: A-black left the table");
  // The record says so.
  const auto record = http_request(at.s.port(), http::verb::get, at.s.bpgn_target(at.table));
  ASSERT_EQ(record.status, 200);
  EXPECT_NE(record.body.find("{left A-black}"), std::string::npos) << record.body;
}

TEST(Table, APersonWhoComesBackWithinTheGracePeriodPlaysOn) {
  APersonLeaves at(60s);
  ASSERT_FALSE(at.counting.is_null());
  at.black.emplace(at.s.port(), at.s.seat_target(at.table, "A-black"));
  const auto back = at.watcher->until(connected("A-black", 1));
  ASSERT_TRUE(back);
  EXPECT_TRUE((*back)["leaving"].empty());
  EXPECT_EQ((*back)["over"], false);
  at.white->send(move("e2e4", 0));  // and the match goes on
  ASSERT_TRUE(at.black->until(event_of("A-white")));
}

// A draw claimed at a table whose rules have claims (core/RULES.md "Repetition":
// repetition_draw = claim): refused, with the counts, before the third occurrence, and
// granted on it; at a table without claims the claim is refused with the options named.
TEST(Table, ThePlayerToMoveClaimsADrawWhereTheRulesHaveClaims) {
  Served s(600'000);
  BoardAStarted at(s, {{"repetition_draw", "claim"}});
  ASSERT_TRUE(at.started);
  WsClient& white = *at.white;
  WsClient& black = *at.black;
  white.send(json{{"type", "claim"}});
  const auto early = white.until(is_error);
  ASSERT_TRUE(early);
  EXPECT_EQ((*early)["message"], "claim refused: the position has occurred 1 time(s) (3 needed)");
  // The knights out and back twice: the start position for the third time, White to move.
  const char* cycle[4] = {"g1f3", "g8f6", "f3g1", "f6g8"};
  for (int i = 0; i < 8; ++i) {
    WsClient& mover = i % 2 ? black : white;
    WsClient& other = i % 2 ? white : black;
    mover.send(move(cycle[i % 4], i));
    ASSERT_TRUE(other.until(event_of(i % 2 ? "A-black" : "A-white")));
  }
  white.send(json{{"type", "claim"}});
  const auto over = black.until(is_over);
  ASSERT_TRUE(over);
  EXPECT_EQ((*over)["reason"], "draw: A-white claimed a threefold repetition");
  EXPECT_EQ((*over)["rules"], json::array({"repetition_draw=claim"}));

  const json plain = s.create();
  WsClient you(s.port(), s.seat_target(plain, "A-white"));
  you.send(json{{"type", "start"}});
  ASSERT_TRUE(you.until(is_started));
  you.send(json{{"type", "claim"}});
  const auto refused = you.until(is_error);
  ASSERT_TRUE(refused);
  EXPECT_NE((*refused)["message"].get<std::string>().find("repetition_draw = claim"), std::string::npos)
      << (*refused)["message"];
}

// core/RULES.md "Both games played out": at a table with both_games a resignation ends the
// resigner's game; every screen is told (the board's game, the match not over), the other
// board's computers play on, a move on the finished board is refused, and the resigner may
// leave the table without a countdown.
TEST(Table, UnderBothGamesAResignedBoardEndsAndTheOtherPlaysOn) {
  Served s;  // board B's computers play a move each 30 ms: their game outlasts the test's steps
  BoardAStarted at(s, {{"both_games", "true"}});
  ASSERT_TRUE(at.started);
  WsClient& white = *at.white;
  WsClient& black = *at.black;
  white.send(json{{"type", "resign"}});
  const auto ended = black.until([](const json& m) { return is_state(m) && !m["boards"][0]["game"].is_null(); });
  ASSERT_TRUE(ended);
  EXPECT_EQ((*ended)["over"], false);
  EXPECT_EQ((*ended)["boards"][0]["game"]["result"], "0-1");
  EXPECT_EQ((*ended)["boards"][0]["game"]["reason"], "team 2 wins: A-white resigned");
  EXPECT_EQ((*ended)["rules"], json::array({"both_games=true"}));
  ASSERT_TRUE(black.until(event_of("B-white")));  // board B's computers play on
  black.send(move("e7e5", 0));
  const auto refused = black.until(is_error);
  ASSERT_TRUE(refused);
  EXPECT_EQ((*refused)["message"], "move e7e5: your game is over: team 2 wins: A-white resigned");
  // A-white closes the page: its game is over, so nobody counts down its leaving.
  at.white.reset();
  const auto gone = black.until(connected("A-white", 0));
  ASSERT_TRUE(gone);
  EXPECT_TRUE((*gone)["leaving"].empty()) << (*gone)["leaving"];
}

TEST(Table, AMoveResentAfterAReconnectionIsPlayedOnce) {
  Served s(600'000);  // board B's computers never move within the test
  const json table = s.create();
  WsClient black(s.port(), s.seat_target(table, "A-black"));
  std::optional<WsClient> white(std::in_place, s.port(), s.seat_target(table, "A-white"));
  white->send(json{{"type", "start"}});
  ASSERT_TRUE(black.until(is_started));
  // The knights go out and back: the position is the start's again, with four moves played.
  white->send(move("g1f3", 0));
  ASSERT_TRUE(black.until(event_of("A-white")));
  black.send(move("g8f6", 1));
  ASSERT_TRUE(white->until(event_of("A-black")));
  white->send(move("f3g1", 2));
  ASSERT_TRUE(black.until(event_of("A-white")));
  black.send(move("f6g8", 3));
  ASSERT_TRUE(white->until(event_of("A-black")));

  // A-white's page lost its connection without learning that g1f3 was played, and resends it
  // as it was: the move would be legal now, but it was answered already.
  white.reset();
  WsClient again(s.port(), s.seat_target(table, "A-white"));
  ASSERT_TRUE(again.until(is_state));
  again.send(move("g1f3", 0));
  const auto refused = again.until(is_error);
  ASSERT_TRUE(refused);
  EXPECT_EQ((*refused)["message"], "move g1f3: sent after 0 moves of board A, which has 4 (already answered: a move is played once)");
  again.send(move("g1f3", 9));  // from a board it cannot have seen
  EXPECT_EQ((*again.until(is_error))["message"], "move g1f3: sent after 9 moves of board A, which has 4");
  again.send(json{{"type", "move"}, {"move", "g1f3"}, {"ply", "four"}});
  EXPECT_NE((*again.until(is_error))["message"].get<std::string>().find("\"ply\""), std::string::npos);

  // Sent after the four moves it is played, once.
  again.send(move("g1f3", 4));
  const auto played = black.until(event_of("A-white"));
  ASSERT_TRUE(played);
  std::vector<std::string> board_a;
  for (const json& m : (*played)["moves"])
    if (m["seat"] == "A-white" || m["seat"] == "A-black") board_a.push_back(m["uci"]);
  EXPECT_EQ(board_a, (std::vector<std::string>{"g1f3", "g8f6", "f3g1", "f6g8", "g1f3"}));
}

TEST(Table, ARematchKeepsTheSeatsAndTokensAndTheRecordOfTheMatchBefore) {
  Served s(600'000);
  const json table = s.create("1+0");
  WsClient you(s.port(), s.seat_target(table, "A-white"));
  WsClient watcher(s.port(), s.spectator_target(table));
  you.send(json{{"type", "rematch"}});
  EXPECT_EQ((*you.until(is_error))["message"], "rematch: the match is not over");
  you.send(json{{"type", "start"}});
  ASSERT_TRUE(watcher.until(is_started));
  you.send(json{{"type", "rematch"}});
  EXPECT_EQ((*you.until(is_error))["message"], "rematch: the match is not over");
  you.send(move("e2e4", 0));
  ASSERT_TRUE(watcher.until(event_of("A-white")));
  you.send(json{{"type", "resign"}});
  const auto first_end = watcher.until(is_over);
  ASSERT_TRUE(first_end);
  EXPECT_EQ((*first_end)["match"], 1);
  const auto first_record = http_request(s.port(), http::verb::get, s.bpgn_target(table));
  ASSERT_EQ(first_record.status, 200);

  watcher.send(json{{"type", "rematch"}});
  EXPECT_EQ((*watcher.until(is_error))["message"], "rematch: a spectator holds no seat");
  you.send(json{{"type", "rematch"}});
  const auto second = watcher.until([](const json& m) { return is_state(m) && m["match"] == 2; });
  ASSERT_TRUE(second);
  EXPECT_EQ((*second)["started"], true);
  EXPECT_EQ((*second)["over"], false);
  EXPECT_TRUE((*second)["moves"].empty());
  EXPECT_EQ((*second)["clocks"]["A-black"], 60'000);  // fresh, and not running: A-white moves first
  EXPECT_EQ((*second)["seats"]["A-white"]["kind"], "person");
  for (const char* seat : {"A-black", "B-white", "B-black"}) EXPECT_EQ((*second)["seats"][seat]["kind"], "computer");

  // While the rematch runs, the record is the finished match's.
  EXPECT_EQ(http_request(s.port(), http::verb::get, s.bpgn_target(table)).body, first_record.body);
  // The same token holds the same seat, also on a new connection.
  WsClient again(s.port(), s.seat_target(table, "A-white"));
  EXPECT_EQ((*again.read(10s))["seat"], "A-white");
  again.send(move("d2d4", 0));
  const auto played = watcher.until(event_of("A-white"));
  ASSERT_TRUE(played);
  EXPECT_EQ((*played)["event"]["san"], "d4");
  EXPECT_EQ((*played)["match"], 2);
  again.send(json{{"type", "resign"}});
  ASSERT_TRUE(watcher.until(is_over));

  // Each record is its own match.
  std::istringstream first_in(first_record.body), second_in(http_request(s.port(), http::verb::get, s.bpgn_target(table)).body);
  const auto first_games = read_bpgn(first_in, "first");
  const auto second_games = read_bpgn(second_in, "second");
  ASSERT_EQ(first_games.size(), 1u);
  ASSERT_EQ(second_games.size(), 1u);
  EXPECT_EQ(first_games[0].plies.at(0).text, "e4");
  EXPECT_EQ(second_games[0].plies.at(0).text, "d4");
  EXPECT_EQ(first_games[0].tag("Round"), "1");
  EXPECT_EQ(second_games[0].tag("Round"), "2");
  EXPECT_EQ(second_games[0].tag("WhiteA"), "person");
  EXPECT_EQ(second_games[0].tag("BlackA"), "first");
}

}  // namespace
}  // namespace bh::server
