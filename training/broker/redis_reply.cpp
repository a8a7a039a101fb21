// redis_reply.cpp — checked access to hiredis reply trees.
#include "training/broker/redis_reply.h"

#include <hiredis/hiredis.h>

#include <cassert>
#include <charconv>

#include "training/broker/redis_error.h"

namespace bh {

namespace {

[[noreturn]] void wrong_kind(const char* wanted, ReplyView::Kind got) {
  throw RedisProtocolError(std::string("unexpected Redis reply: expected ") + wanted + ", got " + to_string(got));
}

}  // namespace

const char* to_string(ReplyView::Kind k) {
  switch (k) {
    case ReplyView::Kind::String: return "bulk string";
    case ReplyView::Kind::Array: return "array";
    case ReplyView::Kind::Integer: return "integer";
    case ReplyView::Kind::Nil: return "nil";
    case ReplyView::Kind::Status: return "status";
    case ReplyView::Kind::Error: return "error";
  }
  return "?";
}

ReplyView::ReplyView(const redisReply* r) : r_(r) { assert(r != nullptr); }

ReplyView::Kind ReplyView::kind() const {
  switch (r_->type) {
    case REDIS_REPLY_STRING: return Kind::String;
    case REDIS_REPLY_ARRAY: return Kind::Array;
    case REDIS_REPLY_INTEGER: return Kind::Integer;
    case REDIS_REPLY_NIL: return Kind::Nil;
    case REDIS_REPLY_STATUS: return Kind::Status;
    case REDIS_REPLY_ERROR: return Kind::Error;
  }
  throw RedisProtocolError("unknown hiredis reply type " + std::to_string(r_->type));
}

std::string_view ReplyView::str() const {
  Kind k = kind();
  if (k != Kind::String && k != Kind::Status && k != Kind::Error) wrong_kind("a string", k);
  return std::string_view(r_->str, r_->len);
}

std::span<const std::uint8_t> ReplyView::bytes() const {
  std::string_view s = str();
  return std::span(reinterpret_cast<const std::uint8_t*>(s.data()), s.size());
}

std::int64_t ReplyView::integer() const {
  if (kind() != Kind::Integer) wrong_kind("an integer", kind());
  return r_->integer;
}

std::int64_t ReplyView::as_int() const {
  if (kind() == Kind::Integer) return r_->integer;
  std::string_view s = str();
  std::int64_t v = 0;
  auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
  if (ec != std::errc() || end != s.data() + s.size())
    throw RedisProtocolError("unexpected Redis reply: expected a decimal integer, got '" +
                             std::string(s.substr(0, 40)) + "'");
  return v;
}

std::size_t ReplyView::size() const {
  if (kind() != Kind::Array) wrong_kind("an array", kind());
  return r_->elements;
}

ReplyView ReplyView::operator[](std::size_t i) const {
  if (i >= size())
    throw RedisProtocolError("unexpected Redis reply: element " + std::to_string(i) + " of an array of " +
                             std::to_string(size()));
  return ReplyView(r_->element[i]);
}

void RedisReply::Free::operator()(redisReply* r) const { freeReplyObject(r); }

RedisReply::RedisReply(redisReply* owned) : ReplyView(owned), owned_(owned) {}

}  // namespace bh
