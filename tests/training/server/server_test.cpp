// Specification of `bughouse serve`'s server, driven in-process over real sockets on an
// ephemeral port: a table's life from creation to its record, seat tokens, the server's
// clock as the only authority, bad input of every kind answered without harm, and a
// reconnection that gets the match so far. The computer seats play the first legal move
// after a fixed think time, so what they do is known; waits are for states, each with a
// generous limit.
#include <gtest/gtest.h>

#include <regex>
#include <set>
#include <sstream>

#include "core/bpgn.h"
#include "training/server/server.h"
#include "served.h"

namespace bh::server {
namespace {

using nlohmann::json;
using test::http_request;
using test::WsClient;
namespace http = boost::beast::http;
using namespace std::chrono_literals;

using test::event_of;
using test::is_error;
using test::is_over;
using test::is_state;
using Served = test::Served;
using test::FirstMovePlayer;

TEST(Server, TableLifecycleFromCreationToRecord) {
  Served s;
  const json table = s.create("1+0");
  const std::regex hex("[0-9a-f]{32}");
  std::set<std::string> tokens;
  for (const char* seat : {"A-white", "A-black", "B-white", "B-black"}) {
    const std::string token = table["seats"][seat];
    EXPECT_TRUE(std::regex_match(token, hex)) << token;
    tokens.insert(token);
  }
  EXPECT_EQ(tokens.size(), 4u);
  EXPECT_FALSE(tokens.contains(table["table"].get<std::string>()));

  WsClient you(s.port(), s.seat_target(table, "A-white"));
  const auto welcome = you.read(10s);
  ASSERT_TRUE(welcome);
  EXPECT_EQ(*welcome, (json{{"type", "welcome"}, {"seat", "A-white"}}));
  const auto first = you.read(10s);
  ASSERT_TRUE(first && is_state(*first));
  EXPECT_EQ((*first)["started"], false);
  EXPECT_EQ((*first)["boards"][0]["fen"], "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1");
  EXPECT_EQ((*first)["clocks"]["B-black"], 60'000);
  WsClient watcher(s.port(), s.spectator_target(table));
  EXPECT_EQ(*watcher.read(10s), (json{{"type", "welcome"}, {"seat", nullptr}}));
  ASSERT_TRUE(watcher.until([](const json& m) { return is_state(m) && m["seats"]["A-white"]["connected"] == 1; }));

  you.send(json{{"type", "start"}});
  const auto started = watcher.until([](const json& m) { return is_state(m) && m["started"] == true; });
  ASSERT_TRUE(started);
  EXPECT_EQ((*started)["seats"]["A-white"]["kind"], "person");
  EXPECT_EQ((*started)["seats"]["A-black"]["kind"], "computer");
  EXPECT_EQ((*started)["seats"]["B-white"]["kind"], "computer");

  you.send(json{{"type", "move"}, {"move", "e2e4"}});
  const auto mine = watcher.until(event_of("A-white"));
  ASSERT_TRUE(mine);
  EXPECT_EQ((*mine)["event"]["san"], "e4");
  EXPECT_EQ((*mine)["moves"].back()["uci"], "e2e4");
  EXPECT_EQ((*mine)["boards"][0]["mover"], "A-black");
  ASSERT_TRUE(watcher.until(event_of("A-black")));  // the computer seats reply
  ASSERT_TRUE(watcher.until(event_of("B-black")));  // and board B runs on its own

  EXPECT_EQ(http_request(s.port(), http::verb::get, "/api/tables/" + table["table"].get<std::string>() + "/bpgn").status,
            409);
  you.send(json{{"type", "resign"}});
  const auto end = watcher.until(is_over);
  ASSERT_TRUE(end);
  EXPECT_EQ((*end)["reason"], "team 2 wins: A-white resigned");
  EXPECT_EQ((*end)["result"], "0-1");

  const auto record = http_request(s.port(), http::verb::get, "/api/tables/" + table["table"].get<std::string>() + "/bpgn");
  ASSERT_EQ(record.status, 200);
  std::istringstream in(record.body);
  const auto games = read_bpgn(in, "served record");
  ASSERT_EQ(games.size(), 1u);
  EXPECT_EQ(games[0].reason, "resign A-white");
  EXPECT_EQ(games[0].tag("WhiteA"), "person");
  EXPECT_EQ(games[0].tag("BlackA"), "first");
  ASSERT_FALSE(games[0].plies.empty());
  EXPECT_EQ(games[0].plies[0].text, "e4");
  EXPECT_TRUE(games[0].plies[0].clock_ms.has_value());
  EXPECT_GE(replay(games[0], RuleSet{}).moves_played(), 1);  // core reads the record back
}

TEST(Server, PartnersTalkAndNobodyElseHears) {
  Served s(600'000);
  const json table = s.create();
  WsClient a_white(s.port(), s.seat_target(table, "A-white"));
  WsClient b_black(s.port(), s.seat_target(table, "B-black"));  // A-white's partner
  WsClient a_black(s.port(), s.seat_target(table, "A-black"));  // an opponent
  WsClient watcher(s.port(), s.spectator_target(table));
  auto is_tell = [](const json& m) { return m["type"] == "tell"; };
  a_white.send(json{{"type", "tell"}, {"text", "need N"}});
  const auto heard = b_black.until(is_tell);
  ASSERT_TRUE(heard);
  EXPECT_EQ((*heard)["from"], "A-white");
  EXPECT_EQ((*heard)["text"], "need N");
  EXPECT_EQ((*heard)["moves"], 0);
  EXPECT_FALSE(heard->contains("words")) << "a person's words are their own";
  ASSERT_TRUE(a_white.until(is_tell));  // the teller sees what it said
  // Free text and the spectators' voices are refused; the opponent heard nothing.
  a_white.send(json{{"type", "tell"}, {"text", "<b>hello</b>"}});
  EXPECT_NE((*a_white.until(is_error))["message"].get<std::string>().find("partner messages"), std::string::npos);
  watcher.send(json{{"type", "tell"}, {"text", "sit"}});
  EXPECT_EQ((*watcher.until(is_error))["message"], "tell: a spectator holds no seat");
  b_black.send(json{{"type", "tell"}, {"text", "sit"}});
  ASSERT_TRUE(a_white.until([&](const json& m) { return is_tell(m) && m["text"] == "sit"; }));
  a_black.send(json{{"type", "ping"}});
  const auto next = a_black.until([&](const json& m) { return is_tell(m) || m["type"] == "pong"; });
  ASSERT_TRUE(next);
  EXPECT_EQ((*next)["type"], "pong") << "an opponent heard the other team";
}

// Free text ("say") is the partners' own: checked (one line, at most 200 characters),
// sent as written (the page shows it as text, so markup is harmless), never to the
// opponents or, by default, the spectators.
TEST(Server, PartnersSayFreeTextThatOnlyTheyRead) {
  Served s(600'000);
  const json table = s.create();
  WsClient a_white(s.port(), s.seat_target(table, "A-white"));
  WsClient b_black(s.port(), s.seat_target(table, "B-black"));
  WsClient a_black(s.port(), s.seat_target(table, "A-black"));
  WsClient watcher(s.port(), s.spectator_target(table));
  auto is_tell = [](const json& m) { return m["type"] == "tell"; };
  a_white.send(json{{"type", "say"}, {"text", "  <b>take</b> the knight, then sit  "}});
  const auto heard = b_black.until(is_tell);
  ASSERT_TRUE(heard);
  EXPECT_EQ((*heard)["from"], "A-white");
  EXPECT_EQ((*heard)["text"], "<b>take</b> the knight, then sit");
  EXPECT_EQ((*heard)["free"], true);
  ASSERT_TRUE(a_white.until(is_tell));  // the sayer sees what it said
  auto refusal = [&] { return (*a_white.until(is_error))["message"].get<std::string>(); };
  a_white.send(json{{"type", "say"}, {"text", std::string(201, 'x')}});
  EXPECT_EQ(refusal(), "say: 201 characters, at most 200");
  a_white.send(json{{"type", "say"}, {"text", std::string(200, 'x')}});  // the limit itself passes
  ASSERT_TRUE(b_black.until([](const json& m) { return m["type"] == "tell" && m["text"].get<std::string>().size() == 200; }));
  a_white.send(json{{"type", "say"}, {"text", "two\nlines"}});
  EXPECT_EQ(refusal(), "say: one line of text, without control characters");
  a_white.send(json{{"type", "say"}, {"text", "abc\xe2\x80\xae" "fed"}});  // U+202E turns the text around
  EXPECT_EQ(refusal(), "say: one line of text, without control characters");
  a_white.send(json{{"type", "say"}, {"text", "\xc2\x85"}});  // U+0085, a C1 control (next line)
  EXPECT_EQ(refusal(), "say: one line of text, without control characters");
  a_white.send(json{{"type", "say"}, {"text", "\xc3\xa9" + std::string(199, 'x')}});  // 200 characters, 201 bytes
  ASSERT_TRUE(b_black.until([](const json& m) { return m["type"] == "tell" && m["text"].get<std::string>().size() == 201; }));
  a_white.send(json{{"type", "say"}, {"text", "   "}});
  EXPECT_EQ(refusal(), "say: nothing to say");
  watcher.send(json{{"type", "say"}, {"text", "hello"}});
  EXPECT_EQ((*watcher.until(is_error))["message"], "say: a spectator holds no seat");
  for (WsClient* other : {&a_black, &watcher}) {
    other->send(json{{"type", "ping"}});
    const auto next = other->until([&](const json& m) { return is_tell(m) || m["type"] == "pong"; });
    ASSERT_TRUE(next);
    EXPECT_EQ((*next)["type"], "pong") << "an opponent or a spectator read the partners' talk";
  }
}

TEST(Server, EachSeatMaySayOnlySoFast) {
  Served s(600'000, [](ServerOptions& o) {
    o.lobby.table_limits.say_burst = 2;
    o.lobby.table_limits.says_per_second = 0.001;
  });
  const json table = s.create();
  WsClient a_white(s.port(), s.seat_target(table, "A-white"));
  WsClient b_black(s.port(), s.seat_target(table, "B-black"));
  auto said = [](const char* text) { return [=](const json& m) { return m["type"] == "tell" && m["text"] == text; }; };
  a_white.send(json{{"type", "say"}, {"text", "one"}});
  a_white.send(json{{"type", "say"}, {"text", "two"}});
  a_white.send(json{{"type", "say"}, {"text", "three"}});
  ASSERT_TRUE(b_black.until(said("two")));
  EXPECT_EQ((*a_white.until(is_error))["message"], "say: too fast; wait a little");
  b_black.send(json{{"type", "say"}, {"text", "mine"}});  // the partner's allowance is its own
  ASSERT_TRUE(a_white.until(said("mine")));
}

// A suggestion names a move on the partner's board (its form only: nobody moves for the
// partner) and goes where the talk goes.
TEST(Server, ASuggestionReachesThePartnerWithItsBoard) {
  Served s(600'000);
  const auto r = http_request(s.port(), http::verb::post, "/api/tables",
                              json{{"clock", "1+0"}, {"computer", ""}, {"public_talk", true}}.dump());
  ASSERT_EQ(r.status, 201) << r.body;
  const json table = json::parse(r.body);
  WsClient a_white(s.port(), s.seat_target(table, "A-white"));
  WsClient b_black(s.port(), s.seat_target(table, "B-black"));
  WsClient watcher(s.port(), s.spectator_target(table));
  auto is_suggest = [](const json& m) { return m["type"] == "suggest"; };
  a_white.send(json{{"type", "suggest"}, {"move", "e7e5"}});
  const auto got = b_black.until(is_suggest);
  ASSERT_TRUE(got);
  EXPECT_EQ(*got, (json{{"type", "suggest"}, {"from", "A-white"}, {"board", "B"}, {"move", "e7e5"}, {"ply", 0}}));
  ASSERT_TRUE(watcher.until(is_suggest)) << "a table with public talk shows it to the spectators";
  b_black.send(json{{"type", "say"}, {"text", "thanks"}});
  ASSERT_TRUE(watcher.until([](const json& m) { return m["type"] == "tell" && m["text"] == "thanks"; }));
  for (const char* bad : {"e2e2", "e2", "i2i4", "e7e8k", "K@e4"}) {
    a_white.send(json{{"type", "suggest"}, {"move", bad}});
    EXPECT_NE((*a_white.until(is_error))["message"].get<std::string>().find("suggest: expected"), std::string::npos) << bad;
  }
  const auto bad_flag = http_request(s.port(), http::verb::post, "/api/tables", json{{"public_talk", "yes"}}.dump());
  EXPECT_EQ(bad_flag.status, 400);
  EXPECT_NE(bad_flag.body.find("\"public_talk\": true or false"), std::string::npos) << bad_flag.body;
}

// Draw by agreement at a table (LiveMatch::offer_draw): the two people agree, and the
// computer seats, which do not search here, leave it to them. A decline withdraws it.
TEST(Server, ADrawIsAgreedByEveryPersonAtTheTable) {
  Served s(600'000);
  const json table = s.create();
  WsClient a_white(s.port(), s.seat_target(table, "A-white"));
  WsClient b_black(s.port(), s.seat_target(table, "B-black"));
  WsClient watcher(s.port(), s.spectator_target(table));
  a_white.send(json{{"type", "draw"}});
  EXPECT_EQ((*a_white.until(is_error))["message"], "draw: the match has not started");
  a_white.send(json{{"type", "start"}});
  ASSERT_TRUE(a_white.until(test::is_started));
  auto offer_is = [](json seats) { return [=](const json& m) { return is_state(m) && m["draw_offer"] == seats; }; };
  a_white.send(json{{"type", "draw"}});
  const auto offered = b_black.until(offer_is(json::array({"A-white"})));
  ASSERT_TRUE(offered);
  EXPECT_EQ((*offered)["draw_event"], (json{{"seat", "A-white"}, {"text", "offers a draw"}}));
  b_black.send(json{{"type", "decline"}});
  ASSERT_TRUE(a_white.until(offer_is(json::array())));
  watcher.send(json{{"type", "draw"}});
  EXPECT_EQ((*watcher.until(is_error))["message"], "draw: a spectator holds no seat");
  b_black.send(json{{"type", "decline"}});
  EXPECT_EQ((*b_black.until(is_error))["message"], "decline: no draw is offered");
  a_white.send(json{{"type", "draw"}});
  ASSERT_TRUE(b_black.until(offer_is(json::array({"A-white"}))));
  b_black.send(json{{"type", "draw"}});
  const auto over = watcher.until(is_over);
  ASSERT_TRUE(over);
  EXPECT_EQ((*over)["reason"], "draw by agreement");
  EXPECT_EQ((*over)["result"], "1/2-1/2");
}

TEST(Server, AComputerPartnerAnswersAPersonsSit) {
  Served s(600'000);  // decided at once, landing never within the test: the computers are between decisions
  const json table = s.create();
  WsClient a_white(s.port(), s.seat_target(table, "A-white"));  // B-black, the partner, is the computer
  a_white.send(json{{"type", "start"}});
  ASSERT_TRUE(a_white.until([](const json& m) { return is_state(m) && m["started"] == true; }));
  auto said_by = [](const char* seat, const char* text) {
    return [=](const json& m) { return m["type"] == "tell" && m["from"] == seat && m["text"] == text; };
  };
  a_white.send(json{{"type", "tell"}, {"text", "sit"}});
  ASSERT_TRUE(a_white.until(said_by("A-white", "sit")));  // the teller sees what it said
  const auto ok = a_white.until(said_by("B-black", "ok"));
  ASSERT_TRUE(ok) << "the computer partner did not answer";
  EXPECT_EQ((*ok)["words"], "OK, I will");  // a computer's message comes with its plain words
  a_white.send(json{{"type", "tell"}, {"text", "trade"}});
  const auto no = a_white.until(said_by("B-black", "no"));
  ASSERT_TRUE(no) << "a request it does not follow";
  EXPECT_EQ((*no)["words"], "No, I can't do that");
}

TEST(Server, ATableToWatchIsComputerAgainstComputerFromTheStart) {
  Served s(50);  // each move 50 ms: the match is still on when the spectator arrives
  const auto r = http_request(s.port(), http::verb::post, "/api/tables",
                              json{{"clock", "10s+0"}, {"computer", ""}, {"watch", true}}.dump());
  ASSERT_EQ(r.status, 201) << r.body;
  const json table = json::parse(r.body);
  WsClient watcher(s.port(), s.spectator_target(table));
  const auto state = watcher.until(is_state);
  ASSERT_TRUE(state);
  EXPECT_EQ((*state)["started"], true);
  for (const char* seat : {"A-white", "A-black", "B-white", "B-black"}) EXPECT_EQ((*state)["seats"][seat]["kind"], "computer");
  // The computers play on by themselves: the spectator sees moves of both boards.
  ASSERT_TRUE(watcher.until(event_of("A-white")));
  ASSERT_TRUE(watcher.until(event_of("B-black")));
  const auto bad = http_request(s.port(), http::verb::post, "/api/tables", json{{"watch", "yes"}}.dump());
  EXPECT_EQ(bad.status, 400);
  EXPECT_NE(bad.body.find("\"watch\""), std::string::npos) << bad.body;
}

TEST(Server, ASeatTokenMovesOnlyItsSeat) {
  Served s(600'000);  // the computers on board B never move within the test
  const json table = s.create();
  // A wrong token is refused at the door.
  EXPECT_THROW(WsClient(s.port(), "/ws/" + table["table"].get<std::string>() + "?token=" + std::string(32, '0')),
               boost::system::system_error);
  WsClient white(s.port(), s.seat_target(table, "A-white"));
  WsClient black(s.port(), s.seat_target(table, "A-black"));
  WsClient watcher(s.port(), s.spectator_target(table));
  watcher.send(json{{"type", "start"}});
  EXPECT_EQ((*watcher.until(is_error))["message"], "start: a spectator holds no seat");
  black.send(json{{"type", "start"}});
  ASSERT_TRUE(black.until([](const json& m) { return is_state(m) && m["started"] == true; }));
  // A-white's move sent with A-black's token is A-black's move, out of turn.
  black.send(json{{"type", "move"}, {"move", "e2e4"}});
  EXPECT_EQ((*black.until(is_error))["message"], "move e2e4: not your turn");
  watcher.send(json{{"type", "move"}, {"move", "e2e4"}});
  EXPECT_EQ((*watcher.until(is_error))["message"], "move: a spectator holds no seat");
  white.send(json{{"type", "move"}, {"move", "e2e4"}});
  ASSERT_TRUE(watcher.until(event_of("A-white")));
  white.send(json{{"type", "move"}, {"move", "e7e5"}});  // A-black's move with A-white's token
  EXPECT_EQ((*white.until(is_error))["message"], "move e7e5: not your turn");
  black.send(json{{"type", "move"}, {"move", "e7e5"}});
  const auto played = watcher.until(event_of("A-black"));
  ASSERT_TRUE(played);
  EXPECT_EQ((*played)["event"]["san"], "e5");
  EXPECT_EQ((*played)["moves"].size(), 2u);  // the refused moves left no trace
}

TEST(Server, TheServersClockFlagsASilentSeat) {
  Served s(200);  // slow computers: board B cannot end the match before the flag
  const json table = s.create("2s+0");
  WsClient you(s.port(), s.seat_target(table, "A-white"));
  you.send(json{{"type", "start"}});
  const auto end = you.until(is_over, 30s);
  ASSERT_TRUE(end);
  EXPECT_EQ((*end)["reason"], "team 2 wins: A-white ran out of time");
  EXPECT_EQ((*end)["clocks"]["A-white"], 0);
  EXPECT_TRUE((*end)["moves"].empty() || (*end)["moves"][0]["seat"] != "A-white");
}

TEST(Server, BadInputIsAnsweredAndChangesNothing) {
  Served s;
  const json table = s.create();
  const std::string id = table["table"];
  WsClient you(s.port(), s.seat_target(table, "B-white"));
  ASSERT_TRUE(you.read(10s));  // welcome
  ASSERT_TRUE(you.read(10s));  // state
  for (const std::string& junk : {std::string("{not json"), std::string("[1,2]"), std::string(R"({"type":"dance"})"),
                                  std::string(R"({"type":"move","move":12})"), std::string(R"({"type":"move"})")}) {
    SCOPED_TRACE(junk);
    you.send(junk);
    const auto answer = you.read(10s);
    ASSERT_TRUE(answer) << junk;
    EXPECT_TRUE(is_error(*answer)) << junk << " -> " << answer->dump();
  }
  you.send(json{{"type", "move"}, {"move", "e2e4"}});  // before the start
  EXPECT_EQ((*you.until(is_error))["message"], "move: the match has not started");
  you.send(json{{"type", "start"}});
  ASSERT_TRUE(you.until([](const json& m) { return is_state(m) && m["started"] == true; }));
  you.send(json{{"type", "move"}, {"move", "e2e5"}});
  const auto illegal = you.until(is_error);
  ASSERT_TRUE(illegal);
  EXPECT_NE((*illegal)["message"].get<std::string>().find("move e2e5: "), std::string::npos);
  you.send(json{{"type", "ping"}});
  EXPECT_TRUE(you.until([](const json& m) { return m["type"] == "pong"; }));

  // An oversized message closes that connection only; the seat and the table stay.
  WsClient big(s.port(), s.spectator_target(table));
  big.try_send(std::string(100'000, ' '));  // the server may close before the last byte
  EXPECT_FALSE(big.until([](const json&) { return false; }, 10s));
  EXPECT_TRUE(big.closed());
  EXPECT_FALSE(big.timed_out());  // closed by the server, not given up on
  you.send(json{{"type", "move"}, {"move", "d2d4"}});
  const auto played = you.until(event_of("B-white"));
  ASSERT_TRUE(played);
  EXPECT_EQ((*played)["event"]["san"], "d4");

  // Unknown tables, paths outside the page, bad creation requests.
  EXPECT_THROW(WsClient(s.port(), "/ws/nosuchtable"), boost::system::system_error);
  EXPECT_EQ(http_request(s.port(), http::verb::get, "/table/nosuchtable").status, 404);
  EXPECT_EQ(http_request(s.port(), http::verb::get, "/api/tables/nosuchtable/bpgn").status, 404);
  EXPECT_EQ(http_request(s.port(), http::verb::get, "/../CMakeLists.txt").status, 404);
  EXPECT_EQ(http_request(s.port(), http::verb::get, "/page/../CMakeLists.txt").status, 404);
  EXPECT_EQ(http_request(s.port(), http::verb::get, "/page/%2e%2e/CMakeLists.txt").status, 404);
  EXPECT_EQ(http_request(s.port(), http::verb::post, "/api/tables", "{oops").status, 400);
  EXPECT_EQ(http_request(s.port(), http::verb::post, "/api/tables", R"({"clock":"fast"})").status, 400);
  EXPECT_EQ(http_request(s.port(), http::verb::post, "/api/tables", R"({"clock":"untimed"})").status, 400);
  const auto engine = http_request(s.port(), http::verb::post, "/api/tables", R"({"computer":"uci:/bin/sh"})");
  EXPECT_EQ(engine.status, 400);
  EXPECT_NE(engine.body.find("is not offered here"), std::string::npos) << engine.body;
  EXPECT_EQ(http_request(s.port(), http::verb::post, "/api/tables", std::string(100'000, 'x')).status, 413);
  // The page itself is there.
  const auto page = http_request(s.port(), http::verb::get, "/table/" + id);
  EXPECT_EQ(page.status, 200);
  EXPECT_NE(page.body.find("app.js"), std::string::npos);
  EXPECT_EQ(http_request(s.port(), http::verb::get, "/page/app.js").status, 200);
  EXPECT_EQ(http_request(s.port(), http::verb::get, "/page/board_model.js").status, 200);
}

TEST(Server, AStartWhoseComputerCannotBeMadeChangesNothing) {
  // The third computer seat fails (say, a checkpoint that cannot be read).
  int made = 0;
  Served s([&made](const std::string&, Seat, const RuleSet&) -> std::unique_ptr<Player> {
    if (++made == 3) throw std::invalid_argument("model 'gen-0012.ckpt': no such checkpoint file");
    return std::make_unique<FirstMovePlayer>(30);
  });
  const json table = s.create();
  WsClient you(s.port(), s.seat_target(table, "A-white"));
  you.send(json{{"type", "start"}});
  const auto refused = you.until(is_error);
  ASSERT_TRUE(refused);
  EXPECT_EQ((*refused)["message"], "model 'gen-0012.ckpt': no such checkpoint file");
  WsClient watcher(s.port(), s.spectator_target(table));  // joins after the refusal: sees the table now
  const auto last = watcher.until(is_state);
  ASSERT_TRUE(last);
  EXPECT_EQ((*last)["started"], false);
  EXPECT_EQ((*last)["seats"]["A-black"]["kind"], "open");
  EXPECT_EQ((*last)["seats"]["B-white"]["kind"], "open");
  EXPECT_EQ((*last)["seats"]["A-white"]["kind"], "person");
  you.send(json{{"type", "start"}});  // the factory's later calls succeed: a start again works
  EXPECT_TRUE(you.until([](const json& m) { return is_state(m) && m["started"] == true; }));
}

TEST(Server, AReconnectionGetsTheMatchSoFar) {
  Served s;
  const json table = s.create();
  {
    WsClient you(s.port(), s.seat_target(table, "B-white"));
    you.send(json{{"type", "start"}});
    ASSERT_TRUE(you.until([](const json& m) { return is_state(m) && m["started"] == true; }));
    you.send(json{{"type", "move"}, {"move", "g1f3"}});
    ASSERT_TRUE(you.until(event_of("B-white")));
    you.close();
  }
  WsClient again(s.port(), s.seat_target(table, "B-white"));
  EXPECT_EQ((*again.read(10s))["seat"], "B-white");  // welcome
  const auto state = again.read(10s);
  ASSERT_TRUE(state && is_state(*state));
  EXPECT_EQ((*state)["started"], true);
  EXPECT_EQ((*state)["seats"]["B-white"]["kind"], "person");
  EXPECT_EQ((*state)["seats"]["B-white"]["connected"], 1);
  bool found = false;
  for (const json& m : (*state)["moves"]) found = found || (m["seat"] == "B-white" && m["uci"] == "g1f3");
  EXPECT_TRUE(found) << state->dump();
  // The seat is still this token's: it moves again when its turn comes.
  const auto my_turn = [](const json& m) { return is_state(m) && m["boards"][1]["mover"] == "B-white"; };
  if (!my_turn(*state)) {
    ASSERT_TRUE(again.until(my_turn));
  }
  again.send(json{{"type", "move"}, {"move", "Nc3"}});
  EXPECT_TRUE(again.until(event_of("B-white")));
}

}  // namespace
}  // namespace bh::server
