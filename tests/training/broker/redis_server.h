// redis_server.h — a real redis-server for one test: its own free loopback port, its own
// temporary directory, a password, and a kill/start pair for broker-restart faults.
#pragma once

#include <filesystem>
#include <optional>
#include <string>

#include "core/platform/child_process.h"
#include "training/broker/redis_url.h"

namespace bh::test {

class RedisServer {
 public:
  struct Options {
    std::string password = "test-pass-7f3a";
    // AOF, so the data survives a restart; with fsync on every write (the default here)
    // an acknowledged write survives even SIGKILL.
    bool persistent = false;
    std::string appendfsync = "always";  // or "everysec", the usual production setting
  };

  // The redis-server binary ($REDIS_SERVER, else redis-server on PATH), or nullopt.
  static std::optional<std::string> binary();

  explicit RedisServer(Options options);
  RedisServer() : RedisServer(Options{}) {}
  ~RedisServer();
  RedisServer(const RedisServer&) = delete;
  RedisServer& operator=(const RedisServer&) = delete;

  // SIGKILL: the broker dies without a chance to save or say goodbye.
  void kill();
  // Starts again on the same port and directory; returns once it answers PING.
  void start();
  bool running() const { return process_.has_value(); }

  int port() const { return port_; }
  const std::string& password() const { return options_.password; }
  const std::filesystem::path& dir() const { return dir_; }
  // redis://:password@127.0.0.1:port/0
  RedisUrl url() const;
  std::string log_tail() const;

 private:
  bool spawn_and_wait();

  Options options_;
  std::string binary_;
  std::filesystem::path dir_;
  int port_ = 0;
  std::optional<ChildProcess> process_;
};

}  // namespace bh::test
