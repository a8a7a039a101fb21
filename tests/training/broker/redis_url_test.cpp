// Broker URLs: the accepted forms, defaults, errors naming the wrong part, and passwords
// that never show up in any text.
#include <gtest/gtest.h>

#include "training/broker/redis_url.h"

namespace bh {
namespace {

std::string error_of(std::string_view url) {
  try {
    RedisUrl::parse(url);
  } catch (const std::invalid_argument& e) {
    return e.what();
  }
  return "(parsed)";
}

TEST(RedisUrl, HostAloneMeansPort6379AndDatabase0) {
  RedisUrl u = RedisUrl::parse("redis://broker.lan");
  EXPECT_EQ(u.host, "broker.lan");
  EXPECT_EQ(u.port, 6379);
  EXPECT_EQ(u.db, 0);
  EXPECT_TRUE(u.user.empty());
  EXPECT_TRUE(u.password.empty());
  EXPECT_EQ(u.to_string(), "redis://broker.lan:6379/0");
}

TEST(RedisUrl, FullFormWithAclUser) {
  RedisUrl u = RedisUrl::parse("redis://worker:s3cret@10.0.0.5:6380/2");
  EXPECT_EQ(u.user, "worker");
  EXPECT_EQ(u.password, "s3cret");
  EXPECT_EQ(u.host, "10.0.0.5");
  EXPECT_EQ(u.port, 6380);
  EXPECT_EQ(u.db, 2);
  EXPECT_EQ(u.to_string(), "redis://worker:***@10.0.0.5:6380/2");
}

TEST(RedisUrl, PasswordOnlyIsRequirepassAuth) {
  RedisUrl u = RedisUrl::parse("redis://:pw@localhost:7000/");
  EXPECT_TRUE(u.user.empty());
  EXPECT_EQ(u.password, "pw");
  EXPECT_EQ(u.port, 7000);
  EXPECT_EQ(u.db, 0);
  EXPECT_EQ(u.to_string(), "redis://:***@localhost:7000/0");
}

TEST(RedisUrl, PercentEncodedPasswordMayHoldAtSignsAndSlashes) {
  RedisUrl u = RedisUrl::parse("redis://w:p%40ss%2Fw%3Ard@h");
  EXPECT_EQ(u.password, "p@ss/w:rd");
  // A raw '@' in the password works too: the last '@' ends the user part.
  EXPECT_EQ(RedisUrl::parse("redis://w:a@b@h:1").password, "a@b");
  EXPECT_EQ(RedisUrl::parse("redis://w:a@b@h:1").host, "h");
}

TEST(RedisUrl, Ipv6InBrackets) {
  RedisUrl u = RedisUrl::parse("redis://[::1]:6400/1");
  EXPECT_EQ(u.host, "::1");
  EXPECT_EQ(u.port, 6400);
  EXPECT_EQ(u.to_string(), "redis://[::1]:6400/1");
}

TEST(RedisUrl, ErrorsNameThePartThatIsWrong) {
  EXPECT_NE(error_of("http://h").find("scheme 'http'"), std::string::npos);
  EXPECT_NE(error_of("broker:6379").find("scheme missing"), std::string::npos);
  EXPECT_NE(error_of("rediss://h").find("TLS"), std::string::npos);
  EXPECT_NE(error_of("redis://").find("host is missing"), std::string::npos);
  EXPECT_NE(error_of("redis://:6379").find("host is missing"), std::string::npos);
  EXPECT_NE(error_of("redis://h:").find("port is empty"), std::string::npos);
  EXPECT_NE(error_of("redis://h:70000").find("port '70000'"), std::string::npos);
  EXPECT_NE(error_of("redis://h:0").find("port '0'"), std::string::npos);
  EXPECT_NE(error_of("redis://h:12ab").find("port '12ab'"), std::string::npos);
  EXPECT_NE(error_of("redis://h/x").find("db 'x'"), std::string::npos);
  EXPECT_NE(error_of("redis://h/-1").find("db '-1'"), std::string::npos);
  EXPECT_NE(error_of("redis://h/0?timeout=1").find("query"), std::string::npos);
  EXPECT_NE(error_of("redis://u:@h").find("password is empty"), std::string::npos);
  EXPECT_NE(error_of("redis://u:p%4@h").find("password: '%'"), std::string::npos);
  EXPECT_NE(error_of("redis://h o/0").find("host 'h o'"), std::string::npos);
  EXPECT_NE(error_of("redis://[::1:80").find("IPv6"), std::string::npos);
}

TEST(RedisUrl, PasswordsNeverAppearInErrorsOrText) {
  const std::string secret = "Hunter2Secret";
  for (std::string url : {"redis://u:" + secret + "@h:99999", "redis://u:" + secret + "@h/db",
                          "redis://:" + secret + "@:1", "redis://" + secret + "@h", "http://u:" + secret + "@h",
                          "redis://u:" + secret + "%zz@h"}) {
    std::string e = error_of(url);
    EXPECT_EQ(e.find(secret), std::string::npos) << e;
    EXPECT_NE(e.find("***"), std::string::npos) << e;
  }
  EXPECT_EQ(RedisUrl::parse("redis://u:" + secret + "@h").to_string().find(secret), std::string::npos);
  EXPECT_EQ(redact_redis_url("redis://u:" + secret + "@h:1/0"), "redis://u:***@h:1/0");
  EXPECT_EQ(redact_redis_url("redis://h:1/0"), "redis://h:1/0");
}

}  // namespace
}  // namespace bh
