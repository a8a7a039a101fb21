// serve_bench.cpp — the load `bughouse serve`'s server holds: N tables of the computer
// against itself (created to be watched, `"watch":true`), each with M spectator WebSockets
// and one seat connection that asks for a rematch whenever a match ends, served in-process
// for S seconds. Prints the tables held, the moves played and broadcast per second, the
// broadcast latency (a move due at the server -> the last of its table's spectators has
// its state; p50, p99, max), the process's memory (VmRSS) at the start and the end, and
// the errors (refused or cut connections, error messages, dropped connections: 0 when
// the server keeps up). The clients run in this process, on one thread of their own, and
// share the machine with the server: on a small machine they are part of the load.
//
// Usage: serve_bench [--tables N] [--spectators M] [--seconds S] [--clock 10s+0]
//                    [--computer random|greedy]
#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <tuple>
#include <vector>

#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/websocket.hpp>
#include <nlohmann/json.hpp>

#include "mcts/greedy_player.h"
#include "mcts/random_player.h"
#include "tests/training/server/ws_client.h"
#include "training/server/server.h"

namespace bh::server {
namespace {

namespace beast = boost::beast;
namespace websocket = beast::websocket;
using tcp = boost::asio::ip::tcp;
using Clock = std::chrono::steady_clock;

struct Options {
  int tables = 10;
  int spectators = 10;
  int seconds = 30;
  std::string clock = "10s+0";
  std::string computer = "random";
};

Options parse(int argc, char** argv) {
  Options o;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    if (i + 1 >= argc) throw std::invalid_argument("option " + a + " needs a value");
    const std::string v = argv[++i];
    if (a == "--tables") o.tables = std::stoi(v);
    else if (a == "--spectators") o.spectators = std::stoi(v);
    else if (a == "--seconds") o.seconds = std::stoi(v);
    else if (a == "--clock") o.clock = v;
    else if (a == "--computer") o.computer = v;
    else throw std::invalid_argument("unknown option " + a);
  }
  if (o.tables < 1 || o.spectators < 1 || o.seconds < 1) throw std::invalid_argument("N, M and S must be at least 1");
  return o;
}

// The process's resident memory in KiB, from /proc/self/status.
long rss_kib() {
  std::ifstream status("/proc/self/status");
  for (std::string line; std::getline(status, line);)
    if (line.rfind("VmRSS:", 0) == 0) return std::stol(line.substr(6));
  return -1;
}

// The integer after `key` in a message ("\"match\":" -> 2), or -1.
int int_after(std::string_view text, std::string_view key) {
  const std::size_t at = text.find(key);
  if (at == std::string_view::npos) return -1;
  int n = 0;
  for (std::size_t i = at + key.size(); i < text.size() && text[i] >= '0' && text[i] <= '9'; ++i) n = n * 10 + (text[i] - '0');
  return n;
}

std::size_t count_of(std::string_view text, std::string_view what) {
  std::size_t n = 0;
  for (std::size_t at = text.find(what); at != std::string_view::npos; at = text.find(what, at + what.size())) ++n;
  return n;
}

// What the server's move observer and the clients' reads share: each move in the
// measuring window, when it was due at the server, and how many spectators have it.
class Probe {
 public:
  explicit Probe(int spectators) : spectators_(spectators) {}

  void add_table(const std::string& id, int index) {
    std::lock_guard lock(mutex_);
    tables_[id] = index;
  }
  void measure() { measuring_ = true; }

  // The server's thread: a move is about to be broadcast.
  void moved(const std::string& table, int match, int moves, std::int64_t late_ms) {
    const Clock::time_point due = Clock::now() - std::chrono::milliseconds(late_ms);
    std::lock_guard lock(mutex_);
    if (!measuring_) return;
    const auto it = tables_.find(table);
    if (it == tables_.end()) return;
    ++moves_;
    late_ms_.push_back(double(late_ms));
    pending_[{it->second, match, moves}] = {due, 0};
  }

  // A client's thread: a spectator of table `index` has the state of that move.
  void received(int index, int match, int moves) {
    const Clock::time_point now = Clock::now();
    std::lock_guard lock(mutex_);
    const auto it = pending_.find({index, match, moves});
    if (it == pending_.end()) return;  // before the window
    if (++it->second.received < spectators_) return;
    latencies_ms_.push_back(std::chrono::duration<double, std::milli>(now - it->second.due).count());
    pending_.erase(it);
  }

  struct Result {
    long moves = 0;
    std::vector<double> latencies_ms;  // sorted
    std::vector<double> late_ms;       // sorted: how late the referee played each move
    std::size_t unfinished = 0;        // moves some spectator had not got when the window closed
  };
  Result result() {
    std::lock_guard lock(mutex_);
    Result r{moves_, latencies_ms_, late_ms_, pending_.size()};
    std::sort(r.latencies_ms.begin(), r.latencies_ms.end());
    std::sort(r.late_ms.begin(), r.late_ms.end());
    return r;
  }

 private:
  struct Pending {
    Clock::time_point due;
    int received = 0;
  };
  const int spectators_;
  std::mutex mutex_;
  bool measuring_ = false;
  std::map<std::string, int, std::less<>> tables_;
  std::map<std::tuple<int, int, int>, Pending> pending_;
  std::vector<double> latencies_ms_;
  std::vector<double> late_ms_;
  long moves_ = 0;
};

// The clients' tally (their thread only, read after it has stopped).
struct Tally {
  long messages = 0;
  long errors = 0;
  long rematches = 0;
  std::string first_error;
  void error(const std::string& what) {
    if (errors++ == 0) first_error = what;
  }
};

// One WebSocket of the bench: a spectator (tells the probe of each move's state) or a
// table's seat connection (asks for a rematch when a match ends).
class Client : public std::enable_shared_from_this<Client> {
 public:
  Client(boost::asio::io_context& io, int table, bool seat, Probe& probe, Tally& tally)
      : ws_(io), table_(table), seat_(seat), probe_(probe), tally_(tally) {}

  void connect(unsigned short port, const std::string& target) {
    ws_.next_layer().connect(tcp::endpoint(boost::asio::ip::make_address("127.0.0.1"), port));
    ws_.handshake("127.0.0.1", target);
  }

  void read() {
    ws_.async_read(buffer_, [self = shared_from_this()](beast::error_code ec, std::size_t) {
      if (ec) {
        if (!self->stopping_) self->tally_.error("a connection dropped: " + ec.message());
        return;
      }
      self->on_message(beast::buffers_to_string(self->buffer_.data()));
      self->buffer_.consume(self->buffer_.size());
      self->read();
    });
  }

  void stop() {
    stopping_ = true;
    beast::error_code ignored;
    beast::get_lowest_layer(ws_).socket().close(ignored);
  }

 private:
  // Kept cheap (the clients share the machine with the server): the moves are counted
  // once, then each move's state (the one with an "event") is the next move.
  void on_message(const std::string& text) {
    ++tally_.messages;
    if (text.size() < 1024 && text.find("\"type\":\"error\"") != std::string::npos) return tally_.error(text);
    const int match = int_after(text, "\"match\":");
    if (!seat_) {
      if (match_ < 0) match_ = match, moves_ = int(count_of(text, "\"uci\":"));
      if (text.find("\"event\":") == std::string::npos) return;
      if (match != match_) match_ = match, moves_ = 0;  // a rematch
      probe_.received(table_, match, ++moves_);
      return;
    }
    if (text.find("\"over\":true") != std::string::npos && match > asked_) {
      asked_ = match;
      ++tally_.rematches;
      rematch_ = R"({"type":"rematch"})";
      ws_.async_write(boost::asio::buffer(rematch_), [self = shared_from_this()](beast::error_code ec, std::size_t) {
        if (ec && !self->stopping_) self->tally_.error("a rematch was not sent: " + ec.message());
      });
    }
  }

  websocket::stream<beast::tcp_stream> ws_;
  beast::flat_buffer buffer_;
  const int table_;
  const bool seat_;
  Probe& probe_;
  Tally& tally_;
  int match_ = -1;         // a spectator's match and moves so far, as its messages say
  int moves_ = 0;
  int asked_ = 0;          // the last match a rematch was asked after
  std::string rematch_;    // the message in flight
  bool stopping_ = false;
};

ServerOptions server_options(const Options& o, Probe& probe) {
  ServerOptions s;
  s.port = 0;
  s.lobby.default_computer = o.computer;
  s.lobby.allowed_computers = {"random", "greedy"};
  auto seed = std::make_shared<std::atomic<std::uint64_t>>(1);
  s.lobby.computers = [seed](const std::string& spec, Seat, const RuleSet&) -> std::unique_ptr<Player> {
    if (spec == "random") return std::make_unique<RandomPlayer>(TimeModel(), (*seed)++);
    if (spec == "greedy") return std::make_unique<GreedyPlayer>(TimeModel(), (*seed)++);
    throw std::invalid_argument("unknown computer " + spec);
  };
  s.lobby.max_tables = std::size_t(o.tables);
  s.lobby.table_limits.max_spectators = o.spectators;
  s.lobby.on_move = [&probe](const std::string& table, int match, int moves, std::int64_t late_ms) {
    probe.moved(table, match, moves, late_ms);
  };
  s.connections.max_connections = std::size_t(o.tables) * std::size_t(o.spectators + 1) + 16;
  return s;
}

double percentile(const std::vector<double>& sorted, double p) {
  if (sorted.empty()) return 0;
  return sorted[std::min(sorted.size() - 1, std::size_t(p * double(sorted.size())))];
}

int run(const Options& o) {
  const long rss_start = rss_kib();
  Probe probe(o.spectators);
  Server server(server_options(o, probe));
  server.start();
  boost::asio::io_context io;
  Tally tally;
  std::vector<std::shared_ptr<Client>> clients;
  for (int t = 0; t < o.tables; ++t) {
    const auto r = test::http_request(server.port(), boost::beast::http::verb::post, "/api/tables",
                                      nlohmann::json{{"clock", o.clock}, {"computer", o.computer}, {"watch", true}}.dump());
    if (r.status != 201) throw std::runtime_error("creating a table: " + std::to_string(r.status) + " " + r.body);
    const nlohmann::json table = nlohmann::json::parse(r.body);
    const std::string id = table["table"];
    probe.add_table(id, t);
    for (int m = 0; m < o.spectators; ++m) {
      clients.push_back(std::make_shared<Client>(io, t, false, probe, tally));
      clients.back()->connect(server.port(), "/ws/" + id);
    }
    clients.push_back(std::make_shared<Client>(io, t, true, probe, tally));
    clients.back()->connect(server.port(), "/ws/" + id + "?token=" + table["seats"]["A-white"].get<std::string>());
  }
  for (auto& c : clients) c->read();
  std::thread reader([&io] { io.run(); });
  // Every client reads: the window opens.
  std::this_thread::sleep_for(std::chrono::seconds(1));
  const long rss_ready = rss_kib();
  probe.measure();
  const auto start = Clock::now();
  std::this_thread::sleep_for(std::chrono::seconds(o.seconds));
  const double seconds = std::chrono::duration<double>(Clock::now() - start).count();
  const Probe::Result result = probe.result();
  const ServerStats stats = server.stats();
  const long rss_end = rss_kib();
  boost::asio::post(io, [&clients] {
    for (auto& c : clients) c->stop();
  });
  reader.join();
  server.stop();

  const long errors = tally.errors + long(stats.refused + stats.cut_for_flooding + stats.cut_for_backlog);
  std::printf("serve_bench: %d tables x %d spectators (+1 seat connection each), clock %s, computer %s, %.0f s, %u cores\n",
              o.tables, o.spectators, o.clock.c_str(), o.computer.c_str(), seconds, std::thread::hardware_concurrency());
  std::printf("tables held          %zu (connections open at the end: %zu)\n", stats.tables, stats.connections);
  std::printf("moves/s              %.1f (%ld moves played and broadcast; %ld rematches asked)\n", double(result.moves) / seconds,
              result.moves, tally.rematches);
  std::printf("messages/s received  %.0f (by all clients)\n", double(tally.messages) / seconds);
  std::printf("broadcast latency    p50 %.2f ms, p99 %.2f ms, max %.2f ms (%zu moves; %zu not yet everywhere at the end)\n",
              percentile(result.latencies_ms, 0.5), percentile(result.latencies_ms, 0.99),
              result.latencies_ms.empty() ? 0.0 : result.latencies_ms.back(), result.latencies_ms.size(), result.unfinished);
  std::printf("  of which refereeing p50 %.0f ms, p99 %.0f ms (a computer's move played after it was due: the timer's lag)\n",
              percentile(result.late_ms, 0.5), percentile(result.late_ms, 0.99));
  std::printf("memory (VmRSS)       start %.1f MiB, clients connected %.1f MiB, end %.1f MiB; largest queue %zu bytes\n",
              double(rss_start) / 1024, double(rss_ready) / 1024, double(rss_end) / 1024, stats.largest_backlog);
  std::printf("errors               %ld (client %ld, refused %zu, cut %zu)%s%s\n", errors, tally.errors, stats.refused,
              stats.cut_for_flooding + stats.cut_for_backlog, tally.first_error.empty() ? "" : "; first: ",
              tally.first_error.c_str());
  return errors == 0 ? 0 : 1;
}

}  // namespace
}  // namespace bh::server

int main(int argc, char** argv) {
  try {
    return bh::server::run(bh::server::parse(argc, argv));
  } catch (const std::exception& e) {
    std::cerr << "serve_bench: " << e.what()
              << "\nusage: serve_bench [--tables N] [--spectators M] [--seconds S] [--clock 10s+0] "
                 "[--computer random|greedy]\n";
    return 2;
  }
}
