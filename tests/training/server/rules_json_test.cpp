// Specification of a table's own rules (training/server/README.md "Endpoints"): the
// catalogue the lobby's rules form is built from, a table asking for options over the
// server's rules, its computers made for them, the options its state names, and the
// refusal of a wrong option by its name.
#include <gtest/gtest.h>

#include <memory>
#include <mutex>
#include <utility>
#include <vector>

#include "served.h"

namespace bh::server {
namespace {

using nlohmann::json;
using test::FirstMovePlayer;
using test::http_request;
using test::is_state;
using test::Served;
using test::WsClient;
namespace http = boost::beast::http;

// A table may play rules of its own (core/RULES.md "Rule options"): the lobby offers the
// catalogue of options and presets, a table asks for options over the server's rules, its
// computers are made for them, and its state names the options that differ from the
// common form. A wrong option is refused with its name.
TEST(RulesJson, ATableMayPlayRulesOfItsOwn) {
  struct MadeFor {
    std::mutex mutex;
    std::vector<RuleSet> rules;
  };
  auto made_for = std::make_shared<MadeFor>();  // written on the server's thread
  Served s(
      [made_for](const std::string&, Seat, const RuleSet& rules) -> std::unique_ptr<Player> {
        std::lock_guard lock(made_for->mutex);
        made_for->rules.push_back(rules);
        return std::make_unique<FirstMovePlayer>(30);
      },
      [](ServerOptions& o) { o.lobby.rules.drop_check = false; });
  const auto catalogue_reply = http_request(s.port(), http::verb::get, "/api/rules", "");
  ASSERT_EQ(catalogue_reply.status, 200);
  const json catalogue = json::parse(catalogue_reply.body);
  ASSERT_EQ(catalogue["options"].size(), option_names().size());
  auto option = [&](const char* name) {
    for (const json& o : catalogue["options"])
      if (o["name"] == name) return o;
    return json();
  };
  EXPECT_EQ(option("promotion")["values"], json::array({"true", "false", "reserve", "stay"}));
  EXPECT_EQ(option("drop_check")["value"], "false");  // the server's rules
  EXPECT_EQ(option("drop_check")["default"], "true");
  EXPECT_TRUE(option("move_limit")["values"].is_null());
  EXPECT_EQ(option("boards")["values"], json::array({"2", "3", "4", "5", "6", "7", "8"}));  // a row: row_table_test.cpp
  EXPECT_EQ(catalogue["presets"][0]["name"], "common");

  const auto created = http_request(s.port(), http::verb::post, "/api/tables",
                                    json{{"clock", "1+0"},
                                         {"computer", ""},
                                         {"rules", {{"promotion", "stay"}, {"pawn_drop_first_rank", true}}}}
                                        .dump());
  ASSERT_EQ(created.status, 201) << created.body;
  const json table = json::parse(created.body);
  WsClient a_white(s.port(), s.seat_target(table, "A-white"));
  const auto state = a_white.until(is_state);
  ASSERT_TRUE(state);
  EXPECT_EQ((*state)["rules"], json::array({"drop_check=false", "pawn_drop_first_rank=true", "promotion=stay"}));
  a_white.send(json{{"type", "start"}});
  ASSERT_TRUE(a_white.until(test::is_started));
  std::lock_guard lock(made_for->mutex);
  ASSERT_EQ(made_for->rules.size(), 3u);  // the three computer seats
  for (const RuleSet& r : made_for->rules) {
    EXPECT_EQ(r.promotion, Promotion::Stay);
    EXPECT_FALSE(r.drop_check);
  }

  // Chess's whole rule set first (the server's drop_check goes with it), then the options
  // beside it, whatever their order.
  const auto chess = http_request(s.port(), http::verb::post, "/api/tables",
                                  json{{"rules", {{"variant", "chess"}, {"move_limit", 300}}}}.dump());
  ASSERT_EQ(chess.status, 201) << chess.body;
  WsClient chess_watcher(s.port(), s.spectator_target(json::parse(chess.body)));
  const auto chess_state = chess_watcher.until(is_state);
  ASSERT_TRUE(chess_state);
  EXPECT_EQ((*chess_state)["rules"], json::array({"variant=chess", "mate_rule=classic", "move_limit=300"}));

  for (const auto& [bad, says] : std::vector<std::pair<json, std::string>>{
           {json{{"promotion", "sometimes"}}, "\"rules\": rule option 'promotion': expected one of"},
           {json{{"castling", true}}, "\"rules\": unknown rule option 'castling'"},
           {json{{"move_limit", 1.5}}, "\"rules\": option 'move_limit' must be"},
           {json::array({"promotion"}), "\"rules\": expected an object"}}) {
    const auto r = http_request(s.port(), http::verb::post, "/api/tables", json{{"rules", bad}}.dump());
    EXPECT_EQ(r.status, 400);
    EXPECT_NE(r.body.find(says), std::string::npos) << r.body;
  }
}

}  // namespace
}  // namespace bh::server
