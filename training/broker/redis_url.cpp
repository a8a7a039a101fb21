// redis_url.cpp — parsing and printing broker URLs without ever printing a password.
#include "training/broker/redis_url.h"

#include <cctype>
#include <charconv>
#include <optional>
#include <utility>
#include <stdexcept>

namespace bh {

namespace {

constexpr std::string_view kScheme = "redis://";

[[noreturn]] void fail(std::string_view url, const std::string& what) {
  throw std::invalid_argument("broker URL '" + redact_redis_url(url) + "': " + what +
                              " (expected redis://[user:password@]host[:port][/db])");
}

int hex_value(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

// Percent-decoding of the user or password; `part` names it in errors. The decoded text
// is never put into a message.
std::string decode(std::string_view url, std::string_view text, const char* part) {
  std::string out;
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text[i] != '%') {
      out += text[i];
      continue;
    }
    int hi = i + 2 < text.size() ? hex_value(text[i + 1]) : -1;
    int lo = i + 2 < text.size() ? hex_value(text[i + 2]) : -1;
    if (hi < 0 || lo < 0) fail(url, std::string(part) + ": '%' must be followed by two hex digits");
    out += char(hi * 16 + lo);
    i += 2;
  }
  return out;
}

// A decimal in [lo, hi]; nullopt-like -1 when it is not one.
long parse_number(std::string_view s, long lo, long hi) {
  long v = -1;
  if (s.empty()) return -1;
  auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
  if (ec != std::errc() || end != s.data() + s.size() || v < lo || v > hi) return -1;
  return v;
}

void check_scheme(std::string_view url) {
  if (url.substr(0, kScheme.size()) == kScheme) return;
  if (url.substr(0, 9) == "rediss://")
    fail(url, "scheme 'rediss' (TLS) is not supported by this client; reach a TLS broker through a "
              "tunnel (stunnel, SSH, WireGuard) and use redis://");
  std::size_t sep = url.find("://");
  fail(url, sep == std::string_view::npos ? std::string("scheme missing")
                                          : "scheme '" + std::string(url.substr(0, sep)) + "' is not 'redis'");
}

// The URL after its scheme, cut at the first '/' and at the last '@' before it.
struct UrlParts {
  std::optional<std::string_view> userinfo;  // before the '@'; none without one
  std::string_view authority;                // host[:port] or [IPv6][:port]
  std::string_view path;                     // after the '/': the db
};

UrlParts cut_url(std::string_view rest) {
  UrlParts parts;
  std::size_t slash = rest.find('/');
  parts.authority = rest.substr(0, slash);
  if (slash != std::string_view::npos) parts.path = rest.substr(slash + 1);
  if (std::size_t at = parts.authority.rfind('@'); at != std::string_view::npos) {
    parts.userinfo = parts.authority.substr(0, at);
    parts.authority = parts.authority.substr(at + 1);
  }
  return parts;
}

// Each part of the URL is read by one step, in the order its errors are reported.
using PartReader = void (*)(std::string_view url, const UrlParts& parts, RedisUrl& r);

void read_credentials(std::string_view url, const UrlParts& parts, RedisUrl& r) {
  if (!parts.userinfo) return;
  std::size_t colon = parts.userinfo->find(':');
  if (colon == std::string_view::npos) {
    // "x@host": an ACL user without a password cannot authenticate. The text is not
    // echoed: people write "password@host" and expect it to work.
    fail(url, "user: text before '@' has no ':' (write user:password@ or :password@)");
  }
  r.user = decode(url, parts.userinfo->substr(0, colon), "user");
  r.password = decode(url, parts.userinfo->substr(colon + 1), "password");
  if (r.password.empty()) fail(url, "password is empty");
}

// host[:port] or [IPv6][:port] into the host and the port's text (empty: the default).
std::pair<std::string_view, std::string_view> split_host_port(std::string_view url, std::string_view authority) {
  std::string_view host = authority;
  std::string_view port;
  if (!authority.empty() && authority.front() == '[') {  // [IPv6]:port
    std::size_t close = authority.find(']');
    if (close == std::string_view::npos) fail(url, "host: '[' of an IPv6 address is never closed");
    host = authority.substr(1, close - 1);
    std::string_view after = authority.substr(close + 1);
    if (!after.empty()) {
      if (after.front() != ':') fail(url, "host: unexpected text after ']'");
      port = after.substr(1);
      if (port.empty()) fail(url, "port is empty");
    }
  } else if (std::size_t colon = authority.rfind(':'); colon != std::string_view::npos) {
    host = authority.substr(0, colon);
    port = authority.substr(colon + 1);
    if (port.empty()) fail(url, "port is empty");
  }
  return {host, port};
}

void read_host_and_port(std::string_view url, const UrlParts& parts, RedisUrl& r) {
  const auto [host, port] = split_host_port(url, parts.authority);
  if (host.empty()) fail(url, "host is missing");
  for (char c : host)
    if (!(std::isalnum(static_cast<unsigned char>(c)) || c == '.' || c == '-' || c == '_' || c == ':'))
      fail(url, "host '" + std::string(host) + "' holds the character '" + std::string(1, c) + "'");
  r.host = std::string(host);
  if (port.empty()) return;
  long p = parse_number(port, 1, 65535);
  if (p < 0) fail(url, "port '" + std::string(port) + "' is not a number in 1..65535");
  r.port = int(p);
}

void read_db(std::string_view url, const UrlParts& parts, RedisUrl& r) {
  if (parts.path.empty()) return;
  if (parts.path.find_first_of("?#") != std::string_view::npos) fail(url, "db: query and fragment are not supported");
  long d = parse_number(parts.path, 0, 1'000'000);
  if (d < 0) fail(url, "db '" + std::string(parts.path) + "' is not a database number (0, 1, ...)");
  r.db = int(d);
}

constexpr PartReader kPartReaders[] = {read_credentials, read_host_and_port, read_db};

}  // namespace

std::string redact_redis_url(std::string_view url) {
  // The password sits between the first ':' after the scheme and the last '@' of the
  // authority; redact everything in between, whatever it holds.
  std::size_t start = url.find("://");
  start = start == std::string_view::npos ? 0 : start + 3;
  std::size_t end = url.find('/', start);
  std::string_view authority = url.substr(start, end == std::string_view::npos ? url.npos : end - start);
  std::size_t at = authority.rfind('@');
  if (at == std::string_view::npos) return std::string(url);
  // Without ':' the text before '@' may well be a password written in the wrong place:
  // redact all of it.
  std::size_t colon = authority.find(':');
  bool has_user = colon != std::string_view::npos && colon < at;
  std::string out(url.substr(0, has_user ? start + colon + 1 : start));
  out += "***";
  out += url.substr(start + at);
  return out;
}

RedisUrl RedisUrl::parse(std::string_view url) {
  check_scheme(url);
  const UrlParts parts = cut_url(url.substr(kScheme.size()));
  RedisUrl r;
  for (PartReader read : kPartReaders) read(url, parts, r);
  return r;
}

std::string RedisUrl::to_string() const {
  std::string out(kScheme);
  if (!password.empty()) out += user + ":***@";
  if (host.find(':') != std::string::npos)
    out += "[" + host + "]";
  else
    out += host;
  out += ":" + std::to_string(port) + "/" + std::to_string(db);
  return out;
}

}  // namespace bh
