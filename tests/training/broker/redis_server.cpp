// redis_server.cpp — starting, killing and restarting a private redis-server.
#include "redis_server.h"

#include <arpa/inet.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <signal.h>
#include <spawn.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <thread>
#include <vector>

#include "training/broker/redis_connection.h"

extern char** environ;

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
  if (const char* env = std::getenv("REDIS_SERVER"); env && *env) {
    if (::access(env, X_OK) == 0) return std::string(env);
    return std::nullopt;
  }
  const char* path = std::getenv("PATH");
  std::stringstream dirs(path ? path : "/usr/bin:/usr/local/bin");
  std::string d;
  while (std::getline(dirs, d, ':')) {
    std::string candidate = d + "/redis-server";
    if (!d.empty() && ::access(candidate.c_str(), X_OK) == 0) return candidate;
  }
  if (::access("/usr/bin/redis-server", X_OK) == 0) return std::string("/usr/bin/redis-server");
  return std::nullopt;
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
  if (pid_ <= 0) return;
  ::kill(pid_, SIGKILL);
  ::waitpid(pid_, nullptr, 0);
  pid_ = -1;
}

void RedisServer::start() {
  if (pid_ > 0) throw std::logic_error("redis-server is running already");
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
  std::vector<char*> argv;
  for (std::string& a : args) argv.push_back(a.data());
  argv.push_back(nullptr);
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0);
  posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0);
  pid_t pid = -1;
  int rc = posix_spawn(&pid, binary_.c_str(), &actions, nullptr, argv.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  if (rc != 0) throw std::runtime_error("cannot spawn " + binary_);
  pid_ = pid;

  // Ready when it answers PING with our password; gone when the process exits.
  RedisOptions quiet;
  quiet.retry = RetryPolicy::none();
  quiet.log = {};
  quiet.connect_timeout = std::chrono::milliseconds(500);
  auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(20);
  while (std::chrono::steady_clock::now() < deadline) {
    int status = 0;
    if (::waitpid(pid_, &status, WNOHANG) == pid_) {
      pid_ = -1;
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

pid_t fork_child(const std::function<void()>& body) {
  pid_t pid = ::fork();
  if (pid < 0) throw std::runtime_error("fork failed");
  if (pid > 0) return pid;
  int code = 0;
  try {
    body();
  } catch (const std::exception& e) {
    std::fprintf(stderr, "child: %s\n", e.what());
    code = 1;
  } catch (...) {
    code = 1;
  }
  std::fflush(stderr);
  ::_exit(code);  // no atexit handlers, no gtest teardown in the child
}

int wait_child(pid_t pid) {
  int status = 0;
  while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  return status;
}

}  // namespace bh::test
