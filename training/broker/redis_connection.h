// redis_connection.h — one connection to the broker that survives the broker going away.
//
// Connects with a timeout, authenticates (AUTH password, or AUTH user password for an ACL
// user), selects the database of the URL, and sends commands with typed replies. When the
// connection breaks (broker restarted, network cut, reply timeout) or the server is still
// loading its data after a restart, the command is retried on a fresh connection after a
// backoff with jitter, until the retry policy's budget is spent. Error replies are not
// retried: they throw RedisReplyError (RedisAuthError for authentication).
//
// Because a command may be retried after the server ran it but before its reply arrived,
// only send commands that are safe to run twice (the broker classes make theirs so).
//
// Not thread-safe: one connection per thread.
#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
#include <initializer_list>
#include <memory>
#include <random>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "training/broker/log_sink.h"
#include "training/broker/redis_error.h"
#include "training/broker/redis_reply.h"
#include "training/broker/redis_url.h"
#include "training/broker/retry_policy.h"

struct redisContext;  // hiredis

namespace bh {

struct RedisOptions {
  std::chrono::milliseconds connect_timeout{2'000};
  // Longest wait for one reply; a blocking read adds its own block time to it.
  std::chrono::milliseconds command_timeout{10'000};
  RetryPolicy retry;
  // CLIENT SETNAME, shown by CLIENT LIST on the broker (the worker's name, "trainer").
  std::string client_name;
  LogSink log = stderr_log();
  // Waits `delay` before a retry; returns false to give up now (a program's Ctrl-C).
  // Empty: sleep.
  std::function<bool(std::chrono::milliseconds delay)> wait_before_retry;
};

// A command's words. Views: the caller keeps the strings alive during the call.
using RedisArgs = std::vector<std::string_view>;

class RedisConnection {
 public:
  // Connects now (retrying within the policy); throws RedisAuthError for a refused AUTH,
  // RedisConnectionError when the broker stays unreachable, std::invalid_argument for
  // bad options.
  explicit RedisConnection(RedisUrl url, RedisOptions options = {});
  ~RedisConnection();
  RedisConnection(RedisConnection&&) noexcept;
  RedisConnection& operator=(RedisConnection&&) noexcept;
  RedisConnection(const RedisConnection&) = delete;
  RedisConnection& operator=(const RedisConnection&) = delete;

  RedisReply command(std::initializer_list<std::string_view> args) { return command(std::span(args.begin(), args.size())); }
  // `extra_wait` lengthens the reply timeout for commands that block on the server
  // (XREADGROUP ... BLOCK ms).
  RedisReply command(std::span<const std::string_view> args, std::chrono::milliseconds extra_wait = {});
  // Several commands in one round trip; one reply each, in order. An error reply of any
  // of them throws (the others have run).
  std::vector<RedisReply> pipeline(const std::vector<RedisArgs>& commands);
  // MULTI, the commands, EXEC in one round trip: all run, or none when one is refused
  // while queueing (syntax, NOPERM). Returns EXEC's reply: one element per command.
  RedisReply transaction(const std::vector<RedisArgs>& commands);

  const RedisUrl& url() const { return url_; }
  // Times a connection was established again after the first one. Readers of a consumer
  // group use it to learn that replies may have been lost in between.
  std::uint64_t reconnects() const { return reconnects_; }
  // True while a connection is open (it may still turn out to be broken).
  bool connected() const { return ctx_ != nullptr; }
  // Closes the socket now; the next command reconnects. Tests use it to simulate a
  // network cut; the caller may use it before a long idle period.
  void disconnect();

 private:
  struct ContextFree {
    void operator()(redisContext* c) const;
  };
  using Context = std::unique_ptr<redisContext, ContextFree>;

  // Why an attempt failed in a way worth retrying; empty when it did not fail.
  struct Attempt {
    std::vector<RedisReply> replies;
    std::string failure;
  };

  void connect(bool first);
  std::string try_connect();
  Attempt run_once(const std::vector<RedisArgs>& commands, std::chrono::milliseconds extra_wait);
  std::vector<RedisReply> run(const std::vector<RedisArgs>& commands, std::chrono::milliseconds extra_wait);
  [[noreturn]] void throw_reply_error(std::string_view command, const ReplyView& reply) const;
  std::string where() const;

  RedisUrl url_;
  RedisOptions options_;
  Context ctx_;
  std::uint64_t reconnects_ = 0;
  bool ever_connected_ = false;
  std::mt19937_64 rng_;
};

}  // namespace bh
