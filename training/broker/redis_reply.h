// redis_reply.h — a server reply with typed, checked access. RedisReply owns the hiredis
// reply tree; ReplyView looks at one node of it (an element of an array, a field of a
// stream entry) without copying, and is valid while its RedisReply lives. Accessors that
// find another type than asked throw RedisProtocolError instead of reading garbage.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>

struct redisReply;  // hiredis

namespace bh {

class ReplyView {
 public:
  enum class Kind { String, Array, Integer, Nil, Status, Error };

  explicit ReplyView(const redisReply* r);

  Kind kind() const;
  bool is_nil() const { return kind() == Kind::Nil; }
  bool is_array() const { return kind() == Kind::Array; }
  // A bulk string or a status ("OK"); throws for other kinds.
  std::string_view str() const;
  std::string string() const { return std::string(str()); }
  std::span<const std::uint8_t> bytes() const;
  std::int64_t integer() const;
  // An integer reply, or a string that holds a decimal integer (GET of a counter).
  std::int64_t as_int() const;
  // Array access; bounds are checked.
  std::size_t size() const;
  ReplyView operator[](std::size_t i) const;

 private:
  const redisReply* r_;
};

class RedisReply : public ReplyView {
 public:
  struct Free {
    void operator()(redisReply* r) const;
  };
  // Takes ownership of a reply returned by hiredis (not null).
  explicit RedisReply(redisReply* owned);

 private:
  std::unique_ptr<redisReply, Free> owned_;
};

const char* to_string(ReplyView::Kind k);

}  // namespace bh
