// redis_server.cpp — starting, killing and restarting a private redis-server.
#include "redis_server.h"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <fstream>
#include <stdexcept>
#include <thread>
#include <vector>

#include "training/broker/redis_connection.h"

namespace bh::test {

namespace {

// Redis has no "--port 0": ask the kernel for a free port by binding to it, then let go.
// Another process could take it in between; start() then tries another one.
int free_loopback_port() {
  int fd = ::socket(AF_INET, SOCK_STREAM, 0);
  if (fd < 0) throw std::runtime_error("socket() failed");
  sockaddr_in addr{};
  addr.sin_family = AF_INET;
  addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  addr.sin_port = 0;
  socklen_t len = sizeof addr;
  if (::bind(fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr) != 0 ||
      ::getsockname(fd, reinterpret_cast<sockaddr*>(&addr), &len) != 0) {
    ::close(fd);
    throw std::runtime_error("cannot find a free loopback port");
  }
  ::close(fd);
  return ntohs(addr.sin_port);
}

}  // namespace

std::optional<std::string> RedisServer::binary() {
  if (const char* env = std::getenv("REDIS_SERVER"); env && *env) return find_program(env);
  const std::string fallback[] = {"/usr/bin"};
  return find_program("redis-server", fallback);
}

RedisServer::RedisServer(Options options) : options_(std::move(options)) {
  std::optional<std::string> bin = binary();
  if (!bin) throw std::runtime_error("redis-server not found");
  binary_ = *bin;
  std::string templ = (std::filesystem::temp_directory_path() / "bh-redis-XXXXXX").string();
  if (!::mkdtemp(templ.data())) throw std::runtime_error("mkdtemp failed");
  dir_ = templ;
  for (int tries = 0; tries < 5; ++tries) {
    port_ = free_loopback_port();
    if (spawn_and_wait()) return;
  }
  throw std::runtime_error("redis-server did not start: " + log_tail());
}

RedisServer::~RedisServer() {
  kill();
  std::error_code ec;
  std::filesystem::remove_all(dir_, ec);
}

void RedisServer::kill() {
  if (!process_) return;
  process_->kill();
  process_.reset();
}

void RedisServer::start() {
  if (process_) throw std::logic_error("redis-server is running already");
  // The old socket may linger a moment; redis binds with SO_REUSEADDR, so a few tries do.
  for (int tries = 0; tries < 10; ++tries)
    if (spawn_and_wait()) return;
  throw std::runtime_error("redis-server did not restart on port " + std::to_string(port_) + ": " + log_tail());
}

bool RedisServer::spawn_and_wait() {
  std::vector<std::string> args = {
      binary_,          "--port",          std::to_string(port_), "--bind",    "127.0.0.1",
      "--dir",          dir_.string(),     "--logfile",           "redis.log", "--daemonize",
      "no",             "--save",          "",                    "--protected-mode", "yes",
      "--requirepass",  options_.password, "--appendonly",        options_.persistent ? "yes" : "no",
      "--appendfsync",  options_.appendfsync,
  };
  ChildOptions quiet_output;
  quiet_output.output = ChildOptions::Output::Null;
  quiet_output.stderr_to_output = true;
  process_.emplace(args, quiet_output);

  // Ready when it answers PING with our password; gone when the process exits.
  RedisOptions quiet;
  quiet.retry = RetryPolicy::none();
  quiet.log = {};
  quiet.connect_timeout = std::chrono::milliseconds(500);
  auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(20);
  while (std::chrono::steady_clock::now() < deadline) {
    if (!process_->running()) {
      process_.reset();
      return false;
    }
    try {
      RedisConnection probe(url(), quiet);
      probe.command({"PING"});
      return true;
    } catch (const RedisConnectionError&) {
      std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
  }
  kill();
  return false;
}

RedisUrl RedisServer::url() const {
  RedisUrl u;
  u.host = "127.0.0.1";
  u.port = port_;
  u.password = options_.password;
  return u;
}

std::string RedisServer::log_tail() const {
  std::ifstream in(dir_ / "redis.log");
  std::vector<std::string> lines;
  for (std::string l; std::getline(in, l);) lines.push_back(l);
  std::string out;
  for (std::size_t i = lines.size() > 10 ? lines.size() - 10 : 0; i < lines.size(); ++i) out += lines[i] + "\n";
  return out;
}

}  // namespace bh::test
