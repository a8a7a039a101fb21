// Specification of what one client may take of `bughouse serve` (training/server/limits.h):
// a connection that floods messages is cut off while another of its table plays on; a
// client that never reads is cut off before its queue outgrows the limit; an HTTP
// connection that never sends a request is closed; connections beyond the server's and a
// table's limits are refused with a 503 and change nothing. Limits are made small and
// times short here; every wait is for a condition, with a generous deadline.
#include <gtest/gtest.h>

#include <boost/asio/ip/tcp.hpp>

#include "served.h"

namespace bh::server {
namespace {

using nlohmann::json;
using test::http_request;
using test::is_error;
using test::is_started;
using test::Served;
using test::upgrade_status;
using test::WsClient;
namespace http = boost::beast::http;
namespace asio = boost::asio;
using tcp = asio::ip::tcp;
using namespace std::chrono_literals;

// Waits (polling the server's own count) until `wanted` holds of its stats, up to `limit`.
bool stats_until(Server& server, const std::function<bool(const ServerStats&)>& wanted, std::chrono::seconds limit = 30s) {
  const auto end = std::chrono::steady_clock::now() + limit;
  while (std::chrono::steady_clock::now() < end) {
    if (wanted(server.stats())) return true;
    std::this_thread::sleep_for(10ms);
  }
  return false;
}

// Reads from a plain TCP connection until the server closes it (true) or `limit` passes (false).
bool closed_by_server(tcp::socket& socket, asio::io_context& io, std::chrono::seconds limit = 20s) {
  std::array<char, 4096> buffer{};
  std::optional<boost::system::error_code> end;
  std::function<void()> read = [&] {
    socket.async_read_some(asio::buffer(buffer), [&](boost::system::error_code ec, std::size_t) {
      if (ec) end = ec;
      else read();
    });
  };
  read();
  io.restart();
  io.run_for(limit);
  return end.has_value();
}

TEST(ServerLimits, AFloodingConnectionIsCutOffAndItsTablePlaysOn) {
  Served s(600'000, [](ServerOptions& o) {
    o.connections.messages_per_second = 0.01;  // no token comes back within the test
    o.connections.message_burst = 5;
  });
  const json table = s.create();
  WsClient player(s.port(), s.seat_target(table, "A-white"));
  WsClient flooder(s.port(), s.seat_target(table, "B-black"));
  player.send(json{{"type", "start"}});
  ASSERT_TRUE(player.until(is_started));
  // 5 admitted at once, then refused; the fifth refusal is a burst's worth of debt: cut.
  for (int i = 0; i < 100 && flooder.try_send(json{{"type", "ping"}}.dump()); ++i) {
  }
  int pongs = 0;
  std::vector<std::string> errors;
  flooder.until([&](const json& m) {
    pongs += m["type"] == "pong";
    if (is_error(m)) errors.push_back(m["message"]);
    return false;
  });
  EXPECT_TRUE(flooder.closed());
  EXPECT_FALSE(flooder.timed_out()) << "the server never closed the flooding connection";
  EXPECT_EQ(pongs, 5);
  ASSERT_FALSE(errors.empty());
  EXPECT_EQ(errors.back(), "too many messages: the connection is closed");
  EXPECT_NE(errors.front().find("too many messages: at most 5 at once, then 0.01 a second"), std::string::npos) << errors.front();
  EXPECT_EQ(s.server.stats().cut_for_flooding, 1u);

  // The other connection of the table plays on, and the flooder's seat is still its token's.
  player.send(json{{"type", "move"}, {"move", "e2e4"}});
  const auto played = player.until(test::event_of("A-white"));
  ASSERT_TRUE(played);
  EXPECT_EQ((*played)["event"]["san"], "e4");
  WsClient back(s.port(), s.seat_target(table, "B-black"));
  EXPECT_EQ((*back.read(10s))["seat"], "B-black");
}

TEST(ServerLimits, AClientThatNeverReadsIsCutOffBeforeItsQueueOutgrowsTheLimit) {
  constexpr std::size_t kBacklog = 64 * 1024;
  Served s(600'000, [](ServerOptions& o) { o.connections.max_backlog_bytes = kBacklog; });
  const json table = s.create();
  WsClient sleeper(s.port(), s.spectator_target(table), 4096);  // a small window, and it never reads
  // Each connection that joins or leaves the table sends the state to every connection of
  // it: visitors come and go until the sleeper's queue is full.
  const auto end = std::chrono::steady_clock::now() + 120s;
  int visits = 0;
  while (s.server.stats().cut_for_backlog == 0 && std::chrono::steady_clock::now() < end) {
    WsClient visitor(s.port(), s.spectator_target(table));
    ASSERT_TRUE(visitor.read(10s));  // welcome: it has joined
    visitor.close();
    ++visits;
  }
  const ServerStats stats = s.server.stats();
  ASSERT_EQ(stats.cut_for_backlog, 1u) << "after " << visits << " visits";
  EXPECT_LE(stats.largest_backlog, kBacklog);
  // The sleeper was reset; the table serves the others as before.
  EXPECT_FALSE(sleeper.until([](const json&) { return false; }));
  EXPECT_TRUE(sleeper.closed());
  EXPECT_FALSE(sleeper.timed_out());
  WsClient player(s.port(), s.seat_target(table, "A-white"));
  player.send(json{{"type", "start"}});
  EXPECT_TRUE(player.until(is_started));
  EXPECT_TRUE(stats_until(s.server, [](const ServerStats& st) { return st.connections == 1; }));
}

TEST(ServerLimits, AnHttpConnectionThatSaysNothingIsClosed) {
  Served s(30, [](ServerOptions& o) { o.connections.http_idle = 200ms; });
  asio::io_context io;
  tcp::socket silent(io), slow(io);
  const tcp::endpoint server(asio::ip::make_address("127.0.0.1"), s.port());
  silent.connect(server);
  slow.connect(server);
  asio::write(slow, asio::buffer(std::string("GET / HTTP/1.1\r\nHost: x\r\n")));  // and never the rest
  EXPECT_TRUE(closed_by_server(silent, io));
  EXPECT_TRUE(closed_by_server(slow, io));
  EXPECT_TRUE(stats_until(s.server, [](const ServerStats& st) { return st.connections == 0; }));
  EXPECT_EQ(http_request(s.port(), http::verb::get, "/").status, 200);  // one that asks is answered
}

TEST(ServerLimits, ConnectionsBeyondTheLimitsAreRefused) {
  Served s(600'000, [](ServerOptions& o) {
    o.connections.max_connections = 6;
    o.connections.http_idle = 60s;  // the idle connections below stay until the test closes them
    o.lobby.table_limits.max_spectators = 2;
    o.lobby.table_limits.max_seat_connections = 1;
  });
  const json table = s.create();
  WsClient one(s.port(), s.spectator_target(table));
  WsClient two(s.port(), s.spectator_target(table));
  EXPECT_EQ(upgrade_status(s.port(), s.spectator_target(table)), 503);
  WsClient seat(s.port(), s.seat_target(table, "A-white"));
  EXPECT_EQ(upgrade_status(s.port(), s.seat_target(table, "A-white")), 503);
  EXPECT_EQ(upgrade_status(s.port(), s.seat_target(table, "A-black")), 101);  // another seat has room
  // The refusals changed nothing: the seat plays, the spectators see it.
  seat.send(json{{"type", "start"}});
  EXPECT_TRUE(one.until(is_started));

  // The server's own limit: three connections open, three idle ones make six.
  ASSERT_TRUE(stats_until(s.server, [](const ServerStats& st) { return st.connections == 3; }));
  asio::io_context io;
  std::vector<tcp::socket> idle;
  for (int i = 0; i < 3; ++i) {
    idle.emplace_back(io);
    idle.back().connect(tcp::endpoint(asio::ip::make_address("127.0.0.1"), s.port()));
  }
  ASSERT_TRUE(stats_until(s.server, [](const ServerStats& st) { return st.connections == 6; }));
  const auto full = http_request(s.port(), http::verb::get, "/");
  EXPECT_EQ(full.status, 503);
  EXPECT_EQ(full.body, "the server is full: too many connections\r\n");
  idle.pop_back();  // one goes: there is room again
  ASSERT_TRUE(stats_until(s.server, [](const ServerStats& st) { return st.connections == 5; }));
  EXPECT_EQ(http_request(s.port(), http::verb::get, "/").status, 200);
  EXPECT_EQ(s.server.stats().refused, 3u);
  seat.send(json{{"type", "move"}, {"move", "e2e4"}});
  EXPECT_TRUE(two.until(test::event_of("A-white")));
}

}  // namespace
}  // namespace bh::server
