// Specification of the lobby's care for its tables (training/server/README.md "Tables that
// go"): a table nobody is at goes after its expiry (one whose match never started, a
// finished one), one with a connection or a running match stays, and the record of a
// finished match outlives its table, in memory and in the records directory. The sweeps
// run every 20 ms here; each wait is for a removal, with a generous limit.
#include <gtest/gtest.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <thread>

#include <unistd.h>

#include "served.h"

namespace bh::server {
namespace {

using nlohmann::json;
using test::http_request;
using test::is_over;
using test::is_started;
using test::Served;
using test::WsClient;
namespace http = boost::beast::http;
using namespace std::chrono_literals;

void quick_sweeps(ServerOptions& o) {
  o.lobby.sweep_every = 20ms;
  o.lobby.unstarted_expiry = 200ms;
  o.lobby.finished_expiry = 200ms;
  o.lobby.table_limits.leave_grace = 600s;  // nobody leaves by the grace period here
}

std::string page_of(const json& table) { return "/table/" + table["table"].get<std::string>(); }

// Waits (20 s at most) until the table's page is gone; false if it never went.
bool gone(Served& s, const json& table) {
  const auto limit = std::chrono::steady_clock::now() + 20s;
  while (std::chrono::steady_clock::now() < limit) {
    if (http_request(s.port(), http::verb::get, page_of(table)).status == 404) return true;
    std::this_thread::sleep_for(20ms);
  }
  return false;
}

bool present(Served& s, const json& table) {
  return http_request(s.port(), http::verb::get, page_of(table)).status == 200;
}

TEST(Lobby, ATableNobodyIsAtGoesAndOneWithAConnectionStays) {
  Served s(600'000, quick_sweeps);
  const json empty = s.create();
  const json watched = s.create();
  WsClient watcher(s.port(), s.spectator_target(watched));
  ASSERT_TRUE(watcher.until(test::is_state));
  ASSERT_TRUE(gone(s, empty));
  EXPECT_TRUE(present(s, watched));
  EXPECT_EQ(http_request(s.port(), http::verb::get, s.bpgn_target(empty)).status, 404);  // it finished nothing
  watcher.close();
  EXPECT_TRUE(gone(s, watched));
}

TEST(Lobby, ARunningMatchIsNeverRemoved) {
  Served s(600'000, quick_sweeps);
  const json running = s.create();
  const json empty = s.create();
  {
    WsClient you(s.port(), s.seat_target(running, "A-white"));
    you.send(json{{"type", "start"}});
    ASSERT_TRUE(you.until(is_started));
  }  // the page is closed: nobody is at the table, and its match runs
  ASSERT_TRUE(gone(s, empty));  // the sweeps have run past the expiry
  std::this_thread::sleep_for(300ms);
  EXPECT_TRUE(present(s, running));
}

TEST(Lobby, AFinishedTableGoesAndItsRecordStays) {
  const std::filesystem::path dir = std::filesystem::temp_directory_path() / ("bughouse-records-" + std::to_string(::getpid()));
  std::filesystem::remove_all(dir);
  Served s(600'000, [&](ServerOptions& o) {
    quick_sweeps(o);
    o.lobby.records = dir / "serve";  // made when missing
  });
  const json table = s.create();
  {
    WsClient you(s.port(), s.seat_target(table, "A-white"));
    you.send(json{{"type", "start"}});
    ASSERT_TRUE(you.until(is_started));
    you.send(json{{"type", "resign"}});
    ASSERT_TRUE(you.until(is_over));
  }
  ASSERT_TRUE(gone(s, table));
  const auto record = http_request(s.port(), http::verb::get, s.bpgn_target(table));
  ASSERT_EQ(record.status, 200);
  EXPECT_NE(record.body.find("{resign A-white}"), std::string::npos) << record.body;
  const std::filesystem::path file = dir / "serve" / (table["table"].get<std::string>() + "-1.bpgn");
  std::ifstream in(file);
  ASSERT_TRUE(in) << file;
  std::stringstream text;
  text << in.rdbuf();
  EXPECT_EQ(text.str(), record.body);
  std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace bh::server
