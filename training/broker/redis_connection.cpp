// redis_connection.cpp — hiredis behind RAII, with reconnect, backoff and clear errors.
#include "training/broker/redis_connection.h"

#include <hiredis/hiredis.h>
#include <pthread.h>
#include <signal.h>
#include <sys/time.h>
#include <time.h>

#include <cassert>
#include <cctype>
#include <cstdio>
#include <thread>

namespace bh {

namespace {

timeval to_timeval(std::chrono::milliseconds ms) {
  timeval tv{};
  tv.tv_sec = ms.count() / 1000;
  tv.tv_usec = (ms.count() % 1000) * 1000;
  return tv;
}

std::string_view error_code(std::string_view message) { return message.substr(0, message.find(' ')); }

// Error replies that say "not now" rather than "no": the server is loading its data after
// a restart, a script is running, a replica lost its master. Worth waiting for.
bool transient(std::string_view code) {
  return code == "LOADING" || code == "BUSY" || code == "TRYAGAIN" || code == "MASTERDOWN" ||
         code == "CLUSTERDOWN";
}

// "XADD", or "XGROUP CREATE" for commands whose first word is a container.
std::string command_name(const RedisArgs& args) {
  if (args.empty()) return "connect";
  std::string name(args[0]);
  for (char& c : name) c = char(std::toupper(static_cast<unsigned char>(c)));
  if (args.size() > 1 && (name == "XGROUP" || name == "CLIENT" || name == "CONFIG" || name == "ACL" ||
                          name == "XINFO" || name == "OBJECT"))
    name += " " + std::string(args[1]);
  return name;
}

std::string describe_io_error(const redisContext* c, std::chrono::milliseconds timeout) {
  if (c->err == REDIS_ERR_EOF) return "the broker closed the connection";
  std::string text = c->errstr;
  // A blocking socket that hit SO_RCVTIMEO reports EAGAIN.
  if (c->err == REDIS_ERR_IO && text.find("temporarily unavailable") != std::string::npos)
    return "no reply within " + std::to_string(timeout.count()) + " ms";
  return "connection error: " + text;
}

// Writing to a socket whose peer is gone raises SIGPIPE, which kills the process by
// default, and hiredis 0.14 writes with plain write(). Rather than change the process's
// signal disposition (that belongs to the program, not a library), block SIGPIPE in this
// thread while hiredis writes and swallow one we caused: the write then fails with EPIPE,
// which reads as a lost connection. (The technique libpq uses.)
class SigpipeGuard {
 public:
  SigpipeGuard() {
    sigset_t pipe;
    sigemptyset(&pipe);
    sigaddset(&pipe, SIGPIPE);
    pthread_sigmask(SIG_BLOCK, &pipe, &old_);
    sigset_t pending;
    sigpending(&pending);
    was_pending_ = sigismember(&pending, SIGPIPE) == 1;
  }
  ~SigpipeGuard() {
    if (!was_pending_) {
      sigset_t pending;
      sigpending(&pending);
      if (sigismember(&pending, SIGPIPE) == 1) {
        sigset_t pipe;
        sigemptyset(&pipe);
        sigaddset(&pipe, SIGPIPE);
        timespec zero{};
        sigtimedwait(&pipe, nullptr, &zero);
      }
    }
    pthread_sigmask(SIG_SETMASK, &old_, nullptr);
  }
  SigpipeGuard(const SigpipeGuard&) = delete;
  SigpipeGuard& operator=(const SigpipeGuard&) = delete;

 private:
  sigset_t old_;
  bool was_pending_ = false;
};

}  // namespace

void RedisConnection::ContextFree::operator()(redisContext* c) const { redisFree(c); }

RedisConnection::RedisConnection(RedisUrl url, RedisOptions options)
    : url_(std::move(url)), options_(std::move(options)), rng_(std::random_device{}()) {
  options_.retry.validate();
  if (options_.connect_timeout.count() <= 0 || options_.command_timeout.count() <= 0)
    throw std::invalid_argument("redis options: connect and command timeouts must be positive");
  run({}, {});
}

RedisConnection::~RedisConnection() = default;
RedisConnection::RedisConnection(RedisConnection&&) noexcept = default;
RedisConnection& RedisConnection::operator=(RedisConnection&&) noexcept = default;

void RedisConnection::disconnect() { ctx_.reset(); }

std::string RedisConnection::where() const { return url_.to_string(); }

std::string RedisConnection::try_connect() {
  assert(!ctx_);
  Context c(redisConnectWithTimeout(url_.host.c_str(), url_.port, to_timeval(options_.connect_timeout)));
  if (!c) throw std::bad_alloc();
  if (c->err) return std::string("cannot connect: ") + c->errstr;
  if (redisSetTimeout(c.get(), to_timeval(options_.command_timeout)) != REDIS_OK)
    return std::string("cannot set the socket timeout: ") + c->errstr;
  // Keepalive finds a peer that vanished without a FIN (a machine that lost power) while
  // we sit idle between commands.
  redisEnableKeepAlive(c.get());
  ctx_ = std::move(c);

  std::vector<RedisArgs> setup;
  const std::string db = std::to_string(url_.db);
  bool auth = !url_.password.empty();
  if (auth) {
    if (url_.user.empty())
      setup.push_back({"AUTH", url_.password});
    else
      setup.push_back({"AUTH", url_.user, url_.password});
  }
  if (url_.db != 0) setup.push_back({"SELECT", db});
  if (!options_.client_name.empty()) setup.push_back({"CLIENT", "SETNAME", options_.client_name});
  // PING last: it fails with NOAUTH when the broker wants a password we did not give, and
  // with LOADING while a restarted broker reads its data; both are best known now.
  setup.push_back({"PING"});

  Attempt a = run_once(setup, {});
  if (!a.failure.empty()) return a.failure;
  for (std::size_t i = 0; i < a.replies.size(); ++i) {
    if (a.replies[i].kind() != ReplyView::Kind::Error) continue;
    ctx_.reset();
    if (auth && i == 0) {
      std::string who = url_.user.empty() ? "" : " as user '" + url_.user + "'";
      throw RedisAuthError(where() + ": authentication failed" + who + ": " + a.replies[i].string());
    }
    throw_reply_error(command_name(setup[i]), a.replies[i]);
  }
  if (ever_connected_) ++reconnects_;
  ever_connected_ = true;
  return {};
}

RedisConnection::Attempt RedisConnection::run_once(const std::vector<RedisArgs>& commands,
                                                   std::chrono::milliseconds extra_wait) {
  assert(ctx_);
  Attempt a;
  auto fail = [&](std::string why) {
    a.failure = std::move(why);
    a.replies.clear();
    ctx_.reset();  // a context with an error is unusable; reconnect from scratch
    return std::move(a);
  };
  std::chrono::milliseconds timeout = options_.command_timeout + extra_wait;
  if (extra_wait.count() > 0 && redisSetTimeout(ctx_.get(), to_timeval(timeout)) != REDIS_OK)
    return fail(std::string("cannot set the socket timeout: ") + ctx_->errstr);

  std::vector<const char*> argv;
  std::vector<std::size_t> argvlen;
  for (const RedisArgs& cmd : commands) {
    assert(!cmd.empty());
    argv.clear();
    argvlen.clear();
    for (std::string_view s : cmd) {
      argv.push_back(s.data());
      argvlen.push_back(s.size());
    }
    if (redisAppendCommandArgv(ctx_.get(), int(cmd.size()), argv.data(), argvlen.data()) != REDIS_OK)
      return fail("cannot format " + command_name(cmd) + ": " + ctx_->errstr);
  }
  a.replies.reserve(commands.size());
  SigpipeGuard no_sigpipe;  // redisGetReply writes the buffered commands first
  for (const RedisArgs& cmd : commands) {
    void* raw = nullptr;
    if (redisGetReply(ctx_.get(), &raw) != REDIS_OK || raw == nullptr)
      return fail(command_name(cmd) + ": " + describe_io_error(ctx_.get(), timeout));
    a.replies.emplace_back(static_cast<redisReply*>(raw));
    const RedisReply& r = a.replies.back();
    if (r.kind() == ReplyView::Kind::Error && transient(error_code(r.str())))
      return fail(command_name(cmd) + ": the broker answered " + r.string());
  }
  if (extra_wait.count() > 0 && redisSetTimeout(ctx_.get(), to_timeval(options_.command_timeout)) != REDIS_OK)
    return fail(std::string("cannot set the socket timeout: ") + ctx_->errstr);
  return a;
}

std::vector<RedisReply> RedisConnection::run(const std::vector<RedisArgs>& commands,
                                             std::chrono::milliseconds extra_wait) {
  using Clock = std::chrono::steady_clock;
  const Clock::time_point start = Clock::now();
  std::string failure;
  for (int retry = 0;; ++retry) {
    if (retry > 0) {
      auto delay = options_.retry.delay(retry, rng_);
      auto elapsed = std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - start);
      if (options_.retry.give_up_after.count() == 0 || elapsed + delay > options_.retry.give_up_after) {
        char spent[32];
        std::snprintf(spent, sizeof spent, "%.1f", elapsed.count() / 1000.0);
        throw RedisConnectionError(where() + ": " + failure + " (gave up after " + std::to_string(retry) +
                                   (retry == 1 ? " attempt in " : " attempts in ") + spent + " s)");
      }
      if (options_.log)
        options_.log(where() + ": " + failure + "; retrying in " + std::to_string(delay.count()) + " ms (retry " +
                     std::to_string(retry) + ")");
      if (!options_.wait_before_retry) {
        std::this_thread::sleep_for(delay);
      } else if (!options_.wait_before_retry(delay)) {
        throw RedisConnectionError(where() + ": " + failure + " (stopped while retrying, after " + std::to_string(retry) +
                                   (retry == 1 ? " attempt)" : " attempts)"));
      }
    }
    if (!ctx_) {
      failure = try_connect();
      if (!failure.empty()) continue;
    }
    if (commands.empty()) return {};
    Attempt a = run_once(commands, extra_wait);
    if (!a.failure.empty()) {
      failure = std::move(a.failure);
      continue;
    }
    for (std::size_t i = 0; i < a.replies.size(); ++i)
      if (a.replies[i].kind() == ReplyView::Kind::Error) throw_reply_error(command_name(commands[i]), a.replies[i]);
    return std::move(a.replies);
  }
}

void RedisConnection::throw_reply_error(std::string_view command, const ReplyView& reply) const {
  std::string message(reply.str());
  std::string code(error_code(message));
  std::string text = where() + ": " + std::string(command) + ": " + message;
  if (code == "NOAUTH") throw RedisAuthError(text + " (the broker requires a password: give it in the URL)");
  if (code == "WRONGPASS") throw RedisAuthError(text);
  throw RedisReplyError(text, code);
}

RedisReply RedisConnection::command(std::span<const std::string_view> args, std::chrono::milliseconds extra_wait) {
  if (args.empty()) throw std::invalid_argument("redis command: no words");
  std::vector<RedisArgs> one{RedisArgs(args.begin(), args.end())};
  return std::move(run(one, extra_wait).front());
}

std::vector<RedisReply> RedisConnection::pipeline(const std::vector<RedisArgs>& commands) {
  for (const RedisArgs& c : commands)
    if (c.empty()) throw std::invalid_argument("redis pipeline: a command without words");
  return run(commands, {});
}

RedisReply RedisConnection::transaction(const std::vector<RedisArgs>& commands) {
  std::vector<RedisArgs> all;
  all.reserve(commands.size() + 2);
  all.push_back({"MULTI"});
  for (const RedisArgs& c : commands) {
    if (c.empty()) throw std::invalid_argument("redis transaction: a command without words");
    all.push_back(c);
  }
  all.push_back({"EXEC"});
  // A command refused while queueing answers with an error instead of QUEUED; run()
  // throws that one, which names the command, before EXEC's EXECABORT.
  std::vector<RedisReply> replies = run(all, {});
  RedisReply exec = std::move(replies.back());
  if (exec.is_nil()) throw RedisProtocolError(where() + ": MULTI/EXEC: transaction aborted");
  if (exec.size() != commands.size())
    throw RedisProtocolError(where() + ": EXEC: " + std::to_string(exec.size()) + " replies for " +
                             std::to_string(commands.size()) + " commands");
  for (std::size_t i = 0; i < commands.size(); ++i)
    if (exec[i].kind() == ReplyView::Kind::Error) throw_reply_error(command_name(commands[i]), exec[i]);
  return exec;
}

}  // namespace bh
