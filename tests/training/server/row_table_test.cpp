// Specification of a table for a row of boards (training/server/row_table.h; core/RULES.md
// "Three or more boards"; training/server/README.md "A row of boards"), through the server
// as a page uses it: rules of three boards make a row's table with six seats; a seat's
// connection learns it is a row and sees every board; the row's built-in players take the
// free seats at the start; a move is played once, with the capture's receiver where there
// is a choice; a wrong message is answered to its sender only; resigning ends the row and
// leaves its record; what a row does not seat is refused by name.
#include <gtest/gtest.h>

#include <sstream>

#include "core/bpgn.h"
#include "served.h"

namespace bh::server {
namespace {

using nlohmann::json;
using test::http_request;
using test::is_error;
using test::is_over;
using test::is_started;
using test::is_state;
using test::Served;
using test::WsClient;
namespace http = boost::beast::http;

// The row's players think 30 ms; `greedy` and `random` may be asked for.
Served row_server() {
  return Served(30, [](ServerOptions& o) {
    o.lobby.allowed_computers = {"first", "greedy", "random", "uniform"};
    TimeModelConfig think;
    think.kind = ThinkKind::Fixed;
    think.fixed_ms = 30;
    o.lobby.row_players.turn.time = TimeModel(think);
  });
}

json create_row(Served& s, const json& request) {
  const auto r = http_request(s.port(), http::verb::post, "/api/tables", request.dump());
  if (r.status != 201) throw std::runtime_error("creating a row: " + std::to_string(r.status) + " " + r.body);
  return json::parse(r.body);
}

TEST(RowTable, APersonAtARowOfThreeBoardsPlaysAgainstTheRowsPlayers) {
  Served s = row_server();
  const json table = create_row(s, {{"clock", "1+0"}, {"computer", "greedy"}, {"rules", {{"boards", 3}}}});
  ASSERT_EQ(table["seats"].size(), 6u);
  WsClient me(s.port(), s.seat_target(table, "C-white"));
  const auto welcome = me.until([](const json& m) { return m["type"] == "welcome"; });
  ASSERT_TRUE(welcome);
  EXPECT_EQ((*welcome)["seat"], "C-white");
  EXPECT_EQ((*welcome)["boards"], 3);
  const auto before = me.until(is_state);
  ASSERT_TRUE(before);
  ASSERT_EQ((*before)["boards"].size(), 3u);
  EXPECT_EQ((*before)["seats"]["C-white"]["kind"], "person");
  EXPECT_EQ((*before)["seats"]["C-black"]["kind"], "open");
  EXPECT_EQ((*before)["clocks"]["C-black"], 60'000);
  EXPECT_EQ((*before)["rules"], json::array({"boards=3"}));

  me.send(json{{"type", "move"}, {"move", "e2e4"}});
  EXPECT_TRUE(me.until(is_error));  // not started: to this connection only
  me.send(json{{"type", "start"}});
  const auto started = me.until(is_started);
  ASSERT_TRUE(started);
  EXPECT_EQ((*started)["seats"]["C-black"]["kind"], "computer");
  // C-black waits for C-white: the board's first move is the person's, sent after 0 moves.
  me.send(json{{"type", "move"}, {"move", "e2e4"}, {"ply", 0}});
  const auto played = me.until(test::event_of("C-white"));
  ASSERT_TRUE(played);
  EXPECT_EQ((*played)["event"]["san"], "e4");
  me.send(json{{"type", "move"}, {"move", "e2e4"}, {"ply", 0}});  // resent: played once
  const auto again = me.until(is_error);
  ASSERT_TRUE(again);
  EXPECT_NE((*again)["message"].get<std::string>().find("already answered"), std::string::npos) << *again;
  me.send(json{{"type", "tell"}, {"text", "hi"}});
  const auto unknown = me.until(is_error);
  ASSERT_TRUE(unknown);
  EXPECT_NE((*unknown)["message"].get<std::string>().find("at a row of boards"), std::string::npos);

  // The computers play on; the person resigns and the row's record is there.
  ASSERT_TRUE(me.until([](const json& m) { return is_state(m) && m["moves"].size() >= 6; }));
  me.send(json{{"type", "resign"}});
  const auto over = me.until(is_over);
  ASSERT_TRUE(over);
  EXPECT_EQ((*over)["reason"], "team 2 wins: C-white resigned");
  const auto record = http_request(s.port(), http::verb::get, s.bpgn_target(table), "");
  ASSERT_EQ(record.status, 200);
  std::istringstream text(record.body);
  const std::vector<BpgnGame> games = read_bpgn(text, "the row's record");
  ASSERT_EQ(games.size(), 1u);
  EXPECT_EQ(games[0].tag("Rules"), "boards=3");
  EXPECT_EQ(games[0].tag("WhiteC"), "person");
  EXPECT_EQ(games[0].tag("BlackB"), "greedy");
  EXPECT_EQ(games[0].reason, "resign C-white");
  const bh::Table replayed = replay_row(games[0], record_rules(games[0], RuleSet{}));
  EXPECT_EQ(replayed.moves_played(), int(games[0].plies.size()));
}

// The middle board's capture names its receiver: the legal actions say so, a capture
// without one is refused, and with one the piece reaches that board.
TEST(RowTable, AMiddleBoardCaptureNamesTheBoardThatReceives) {
  Served s = row_server();
  const json table = create_row(s, {{"clock", "1+0"}, {"computer", "random"}, {"rules", {{"boards", 3}}}});
  WsClient b_white(s.port(), s.seat_target(table, "B-white"));
  WsClient b_black(s.port(), s.seat_target(table, "B-black"));
  ASSERT_TRUE(b_white.until(is_state));
  b_white.send(json{{"type", "start"}});
  ASSERT_TRUE(b_white.until(is_started));
  b_white.send(json{{"type", "move"}, {"move", "e4"}});
  ASSERT_TRUE(b_white.until(test::event_of("B-white")));
  b_black.send(json{{"type", "move"}, {"move", "d5"}});
  const auto can_take = b_white.until(test::event_of("B-black"));
  ASSERT_TRUE(can_take);
  const json legal = (*can_take)["boards"][1]["legal"];
  EXPECT_NE(std::find(legal.begin(), legal.end(), "e4d5>A"), legal.end()) << legal;
  EXPECT_NE(std::find(legal.begin(), legal.end(), "e4d5>C"), legal.end()) << legal;
  b_white.send(json{{"type", "move"}, {"move", "exd5"}});
  const auto refused = b_white.until(is_error);
  ASSERT_TRUE(refused);
  EXPECT_NE((*refused)["message"].get<std::string>().find("say which"), std::string::npos) << *refused;
  b_white.send(json{{"type", "move"}, {"move", "exd5>C"}});
  const auto taken = b_white.until(test::event_of("B-white"));
  ASSERT_TRUE(taken);
  EXPECT_EQ((*taken)["event"]["san"], "exd5>C");
  EXPECT_EQ((*taken)["reserves"]["C-black"], "P");  // C-black plays for B-white's team
  EXPECT_EQ((*taken)["boards"][1]["last"], "e4d5>C");
}

TEST(RowTable, WhatARowDoesNotSeatIsRefusedByName) {
  Served s = row_server();
  for (const auto& [request, says] : std::vector<std::pair<json, std::string>>{
           {json{{"computer", "uniform"}, {"rules", {{"boards", 3}}}}, "\"computer\": 'uniform' does not play on a row"},
           {json{{"rules", {{"boards", 3}, {"both_games", true}}}}, "\"rules\": "},
           {json{{"rules", {{"boards", 9}}}}, "\"rules\": "}}) {
    const auto r = http_request(s.port(), http::verb::post, "/api/tables", request.dump());
    EXPECT_EQ(r.status, 400) << request;
    EXPECT_NE(r.body.find(says), std::string::npos) << r.body;
  }
  // A table to watch: the row's players in every seat, from the start.
  const json watched = create_row(s, {{"clock", "1+0"}, {"computer", "random"}, {"rules", {{"boards", 4}}}, {"watch", true}});
  WsClient spectator(s.port(), s.spectator_target(watched));
  const auto moving = spectator.until([](const json& m) { return is_state(m) && m["moves"].size() >= 8; });
  ASSERT_TRUE(moving);
  EXPECT_EQ((*moving)["boards"].size(), 4u);
  EXPECT_EQ((*moving)["seats"]["D-black"]["kind"], "computer");
}

}  // namespace
}  // namespace bh::server
