// redis_error.h — what can go wrong talking to the broker, as exception types the caller
// can act on: retry later (connection), fix the configuration (auth), or fix the code or
// the data (reply, protocol). Messages name the broker by its redacted URL and the
// command by its name only: arguments may be passwords or megabytes of chunk.
#pragma once

#include <stdexcept>
#include <string>

namespace bh {

class RedisError : public std::runtime_error {
 public:
  explicit RedisError(const std::string& what) : std::runtime_error(what) {}
};

// The broker could not be reached, or the connection broke and the retry budget ran out.
class RedisConnectionError : public RedisError {
 public:
  using RedisError::RedisError;
};

// AUTH was refused (wrong password, unknown or disabled ACL user), or the broker wants a
// password the URL does not give (NOAUTH). Retrying does not help.
class RedisAuthError : public RedisError {
 public:
  using RedisError::RedisError;
};

// The server answered with an error reply: -ERR, -WRONGTYPE, -NOPERM ...
class RedisReplyError : public RedisError {
 public:
  RedisReplyError(const std::string& what, std::string code) : RedisError(what), code_(std::move(code)) {}
  // The first word of the server's error ("ERR", "WRONGTYPE", "NOPERM", "BUSYGROUP").
  const std::string& code() const { return code_; }

 private:
  std::string code_;
};

// A reply of a shape this layer does not expect (an integer where an array belongs, a
// missing field): a server of an unsupported version, or someone else's key.
class RedisProtocolError : public RedisError {
 public:
  using RedisError::RedisError;
};

}  // namespace bh
