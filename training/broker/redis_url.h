// redis_url.h — where the broker is and who we are to it:
//   redis://[[user]:password@]host[:port][/db]
// `redis://host` means port 6379, database 0. A password alone (`redis://:pw@host`) is the
// classic requirepass AUTH; user and password is an ACL user (Redis 6+). User and password
// may be percent-encoded (`%40` for '@'), so any password can be written.
//
// The password never leaves this object in text form except through `password`:
// `to_string()` and every parse error write it as "***".
#pragma once

#include <string>
#include <string_view>

namespace bh {

struct RedisUrl {
  std::string host;
  int port = 6379;
  int db = 0;
  std::string user;      // empty: the default user
  std::string password;  // empty: no AUTH

  // Throws std::invalid_argument naming the part that is wrong (scheme, user, password,
  // host, port, db); the message shows the URL with its password redacted.
  static RedisUrl parse(std::string_view url);
  // The URL with the password as "***": safe for logs and error messages.
  std::string to_string() const;
  bool operator==(const RedisUrl&) const = default;
};

// `url` with any password replaced by "***", for text that may not even parse.
std::string redact_redis_url(std::string_view url);

}  // namespace bh
