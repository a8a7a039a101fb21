// served.h — the server tests' fixture: `bughouse serve`'s server in-process on an
// ephemeral port whose computer seats play the first legal move after a fixed think time
// (so what they do is known), with helpers to create a table and name its WebSocket
// targets, and predicates on the messages the server sends.
#pragma once

#include <functional>
#include <memory>
#include <stdexcept>
#include <string>

#include <nlohmann/json.hpp>

#include "training/server/server.h"
#include "ws_client.h"

namespace bh::server::test {

// Plays the first legal move (in move-generation order) after `think_ms`.
class FirstMovePlayer final : public Player {
 public:
  explicit FirstMovePlayer(std::int64_t think_ms) : think_ms_(think_ms) {}
  PlayerAction decide(const Match& match, Seat seat, std::int64_t) override {
    return {*match.legal_moves(board_of(seat)).begin(), think_ms_};
  }
  std::string name() const override { return "first"; }

 private:
  std::int64_t think_ms_;
};

// Changes to the server's options a test makes (shorter timeouts, smaller limits).
using Tweak = std::function<void(ServerOptions&)>;

struct Served {
  Server server;
  explicit Served(std::int64_t think_ms = 30, const Tweak& tweak = {}) : server(options(think_ms, tweak)) { server.start(); }
  explicit Served(ComputerFactory computers, const Tweak& tweak = {}) : server(options(std::move(computers), tweak)) {
    server.start();
  }
  static ServerOptions options(std::int64_t think_ms, const Tweak& tweak) {
    return options(
        [think_ms](const std::string& spec, Seat, const RuleSet&) -> std::unique_ptr<Player> {
          if (spec != "first") throw std::invalid_argument("unknown computer " + spec);
          return std::make_unique<FirstMovePlayer>(think_ms);
        },
        tweak);
  }
  static ServerOptions options(ComputerFactory computers, const Tweak& tweak) {
    ServerOptions o;
    o.port = 0;
    o.lobby.default_computer = "first";
    o.lobby.allowed_computers = {"first"};
    o.lobby.computers = std::move(computers);
    if (tweak) tweak(o);
    return o;
  }
  unsigned short port() { return server.port(); }
  nlohmann::json create(const std::string& clock = "1+0") {
    const auto r = http_request(port(), boost::beast::http::verb::post, "/api/tables",
                                nlohmann::json{{"clock", clock}, {"computer", ""}}.dump());
    if (r.status != 201) throw std::runtime_error("creating a table: " + std::to_string(r.status) + " " + r.body);
    return nlohmann::json::parse(r.body);
  }
  std::string seat_target(const nlohmann::json& table, const char* seat) {
    return "/ws/" + table["table"].get<std::string>() + "?token=" + table["seats"][seat].get<std::string>();
  }
  std::string spectator_target(const nlohmann::json& table) { return "/ws/" + table["spectator"].get<std::string>(); }
  std::string bpgn_target(const nlohmann::json& table) { return "/api/tables/" + table["table"].get<std::string>() + "/bpgn"; }
};

inline bool is_state(const nlohmann::json& m) { return m["type"] == "state"; }
inline auto event_of(const std::string& seat) {
  return [seat](const nlohmann::json& m) { return is_state(m) && m.contains("event") && m["event"]["seat"] == seat; };
}
inline bool is_over(const nlohmann::json& m) { return is_state(m) && m["over"] == true; }
inline bool is_error(const nlohmann::json& m) { return m["type"] == "error"; }
inline bool is_started(const nlohmann::json& m) { return is_state(m) && m["started"] == true; }

}  // namespace bh::server::test
