// broker_test_util.h — what the tests against a real redis-server share: the skip when no
// server is installed, quick retry settings, a captured log.
#pragma once

#include <gtest/gtest.h>

#include <chrono>
#include <mutex>
#include <span>
#include <string>
#include <thread>
#include <vector>

#include "redis_server.h"
#include "training/broker/redis_connection.h"

// The one reason to skip: nothing to test against.
#define BH_REQUIRE_REDIS_SERVER()                                                                 \
  do {                                                                                            \
    if (!::bh::test::RedisServer::binary())                                                       \
      GTEST_SKIP() << "redis-server not found: install it (scripts/setup.sh) or set REDIS_SERVER"; \
  } while (0)

namespace bh::test {

// Log lines from any thread, for assertions on what was said.
class CapturedLog {
 public:
  LogSink sink() {
    return [this](std::string_view line) {
      std::lock_guard lock(mutex_);
      lines_.emplace_back(line);
    };
  }
  std::vector<std::string> lines() const {
    std::lock_guard lock(mutex_);
    return lines_;
  }
  bool contains(std::string_view text) const {
    for (const std::string& l : lines())
      if (l.find(text) != std::string::npos) return true;
    return false;
  }

 private:
  mutable std::mutex mutex_;
  std::vector<std::string> lines_;
};

// Retries fast (tests restart brokers in well under a second) but give up late enough
// that a slow, loaded machine still passes: the budget only bounds a hang.
inline RedisOptions quick_options(LogSink log = {}) {
  RedisOptions o;
  o.retry.initial_delay = std::chrono::milliseconds(10);
  o.retry.max_delay = std::chrono::milliseconds(200);
  o.retry.give_up_after = std::chrono::milliseconds(30'000);
  o.log = std::move(log);
  return o;
}

inline std::span<const std::uint8_t> bytes_of(std::string_view s) {
  return {reinterpret_cast<const std::uint8_t*>(s.data()), s.size()};
}

inline std::string text_of(std::span<const std::uint8_t> b) { return {b.begin(), b.end()}; }

// Polls `done` until it holds or the deadline passes; only to avoid hangs, never to
// assert on timing.
template <class F>
bool wait_until(F done, std::chrono::milliseconds limit = std::chrono::seconds(30)) {
  auto deadline = std::chrono::steady_clock::now() + limit;
  while (!done()) {
    if (std::chrono::steady_clock::now() > deadline) return false;
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  return true;
}

}  // namespace bh::test
