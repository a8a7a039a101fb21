// The connection against a real redis-server: typed replies, clear errors, authentication,
// and surviving a broker that goes away and comes back.
#include <gtest/gtest.h>

#include <thread>

#include "broker_test_util.h"

namespace bh {
namespace {

using std::chrono::milliseconds;
using test::RedisServer;

TEST(RedisConnection, CommandsReturnTypedReplies) {
  BH_REQUIRE_REDIS_SERVER();
  RedisServer server;
  RedisConnection c(server.url(), test::quick_options());
  EXPECT_EQ(c.command({"SET", "k", "v"}).str(), "OK");
  EXPECT_EQ(c.command({"GET", "k"}).str(), "v");
  EXPECT_TRUE(c.command({"GET", "missing"}).is_nil());
  EXPECT_EQ(c.command({"INCRBY", "n", "41"}).integer(), 41);
  EXPECT_EQ(c.command({"GET", "n"}).as_int(), 41);
  RedisReply list = c.command({"MGET", "k", "missing", "n"});
  ASSERT_EQ(list.size(), 3u);
  EXPECT_EQ(list[0].str(), "v");
  EXPECT_TRUE(list[1].is_nil());
  EXPECT_THROW(list[3], RedisProtocolError);
  EXPECT_THROW(list.integer(), RedisProtocolError);
  // Binary values with NULs round-trip.
  std::string blob("a\0b\xff", 4);
  c.command({"SET", "bin", blob});
  EXPECT_EQ(c.command({"GET", "bin"}).string(), blob);
}

TEST(RedisConnection, ErrorRepliesThrowWithTheCodeAndTheCommandName) {
  BH_REQUIRE_REDIS_SERVER();
  RedisServer server;
  RedisConnection c(server.url(), test::quick_options());
  c.command({"SET", "k", "v"});
  try {
    c.command({"LPUSH", "k", "x"});
    FAIL() << "no throw";
  } catch (const RedisReplyError& e) {
    EXPECT_EQ(e.code(), "WRONGTYPE");
    EXPECT_NE(std::string(e.what()).find("LPUSH"), std::string::npos) << e.what();
    EXPECT_EQ(std::string(e.what()).find(server.password()), std::string::npos) << e.what();
  }
  // The connection is still good after an error reply.
  EXPECT_EQ(c.command({"GET", "k"}).str(), "v");
  EXPECT_EQ(c.reconnects(), 0u);
}

TEST(RedisConnection, WrongPasswordIsAClearAuthErrorThatNeverShowsThePassword) {
  BH_REQUIRE_REDIS_SERVER();
  RedisServer server;
  RedisUrl url = server.url();
  url.password = "WrongPassword123";
  try {
    RedisConnection c(url, test::quick_options());
    FAIL() << "connected with a wrong password";
  } catch (const RedisAuthError& e) {
    std::string what = e.what();
    EXPECT_NE(what.find("authentication failed"), std::string::npos) << what;
    EXPECT_NE(what.find("WRONGPASS"), std::string::npos) << what;
    EXPECT_NE(what.find("127.0.0.1:" + std::to_string(server.port())), std::string::npos) << what;
    EXPECT_EQ(what.find("WrongPassword123"), std::string::npos) << what;
  }
}

TEST(RedisConnection, MissingPasswordSaysTheBrokerWantsOne) {
  BH_REQUIRE_REDIS_SERVER();
  RedisServer server;
  RedisUrl url = server.url();
  url.password.clear();
  try {
    RedisConnection c(url, test::quick_options());
    FAIL() << "connected without a password";
  } catch (const RedisAuthError& e) {
    EXPECT_NE(std::string(e.what()).find("requires a password"), std::string::npos) << e.what();
  }
}

TEST(RedisConnection, AclUserAuthenticatesAndDatabaseIsSelected) {
  BH_REQUIRE_REDIS_SERVER();
  RedisServer server;
  RedisConnection admin(server.url(), test::quick_options());
  admin.command({"ACL", "SETUSER", "alice", "on", ">alice-pw", "~*", "+@all"});
  RedisUrl url = server.url();
  url.user = "alice";
  url.password = "alice-pw";
  url.db = 3;
  RedisConnection c(url, test::quick_options());
  EXPECT_EQ(c.command({"ACL", "WHOAMI"}).str(), "alice");
  c.command({"SET", "in-db-3", "1"});
  EXPECT_TRUE(admin.command({"GET", "in-db-3"}).is_nil());  // admin is in db 0
  admin.command({"SELECT", "3"});
  EXPECT_EQ(admin.command({"GET", "in-db-3"}).str(), "1");
  url.password = "not-alices";
  EXPECT_THROW(RedisConnection(url, test::quick_options()), RedisAuthError);
}

TEST(RedisConnection, PipelineAndTransactionRunInOrder) {
  BH_REQUIRE_REDIS_SERVER();
  RedisServer server;
  RedisConnection c(server.url(), test::quick_options());
  std::vector<RedisReply> r = c.pipeline({{"SET", "a", "1"}, {"INCR", "a"}, {"GET", "a"}});
  ASSERT_EQ(r.size(), 3u);
  EXPECT_EQ(r[2].str(), "2");
  RedisReply t = c.transaction({{"INCR", "a"}, {"RPUSH", "l", "x", "y"}, {"GET", "a"}});
  ASSERT_EQ(t.size(), 3u);
  EXPECT_EQ(t[0].integer(), 3);
  EXPECT_EQ(t[1].integer(), 2);
  EXPECT_EQ(t[2].str(), "3");
  // A command refused while queueing aborts the whole transaction.
  EXPECT_THROW(c.transaction({{"INCR", "a"}, {"NOSUCHCOMMAND"}}), RedisReplyError);
  EXPECT_EQ(c.command({"GET", "a"}).str(), "3");
}

TEST(RedisConnection, SurvivesANetworkCutByReconnecting) {
  BH_REQUIRE_REDIS_SERVER();
  RedisServer server;
  RedisConnection c(server.url(), test::quick_options());
  c.command({"SET", "k", "v"});
  // The server drops us (as a restarted NAT or a CLIENT KILL would).
  RedisConnection admin(server.url(), test::quick_options());
  admin.command({"CLIENT", "KILL", "TYPE", "normal", "SKIPME", "yes"});
  EXPECT_EQ(c.command({"GET", "k"}).str(), "v");
  EXPECT_EQ(c.reconnects(), 1u);
  c.disconnect();
  EXPECT_FALSE(c.connected());
  EXPECT_EQ(c.command({"GET", "k"}).str(), "v");
  EXPECT_EQ(c.reconnects(), 2u);
}

TEST(RedisConnection, BrokerRestartIsBridgedWithBackoffAndLogged) {
  BH_REQUIRE_REDIS_SERVER();
  RedisServer server({.persistent = true});
  test::CapturedLog log;
  RedisConnection c(server.url(), test::quick_options(log.sink()));
  c.command({"SET", "survives", "yes"});
  server.kill();
  // The broker is down when the command starts; it comes back while we back off.
  std::thread restart([&] {
    std::this_thread::sleep_for(milliseconds(300));
    server.start();
  });
  RedisReply r = c.command({"GET", "survives"});
  restart.join();
  EXPECT_EQ(r.str(), "yes");  // from the AOF
  EXPECT_EQ(c.reconnects(), 1u);
  EXPECT_TRUE(log.contains("retrying in")) << (log.lines().empty() ? "" : log.lines()[0]);
  // Log lines name the broker without its password.
  for (const std::string& l : log.lines()) EXPECT_EQ(l.find(server.password()), std::string::npos) << l;
}

TEST(RedisConnection, GivesUpWithAConnectionErrorWhenTheBrokerStaysDown) {
  BH_REQUIRE_REDIS_SERVER();
  RedisServer server;
  RedisOptions o = test::quick_options();
  o.retry.give_up_after = milliseconds(300);
  RedisConnection c(server.url(), o);
  server.kill();
  try {
    c.command({"PING"});
    FAIL() << "no throw";
  } catch (const RedisConnectionError& e) {
    std::string what = e.what();
    EXPECT_NE(what.find("gave up after"), std::string::npos) << what;
    EXPECT_NE(what.find("cannot connect"), std::string::npos) << what;
  }
  // And a connection to a broker that never was fails the same way at construction.
  o.retry = RetryPolicy::none();
  EXPECT_THROW(RedisConnection(server.url(), o), RedisConnectionError);
}

TEST(RedisConnection, TheCallersWaitHookCanStopTheRetries) {
  // A program's Ctrl-C: the hook is asked before each retry and says stop on the third.
  BH_REQUIRE_REDIS_SERVER();
  RedisServer server;
  RedisOptions o = test::quick_options();
  o.retry.give_up_after = std::chrono::hours(1);
  int asked = 0;
  o.wait_before_retry = [&](milliseconds) { return ++asked < 3; };
  RedisConnection c(server.url(), o);
  server.kill();
  try {
    c.command({"PING"});
    FAIL() << "no throw";
  } catch (const RedisConnectionError& e) {
    EXPECT_NE(std::string(e.what()).find("stopped while retrying, after 3 attempts"), std::string::npos) << e.what();
  }
  EXPECT_EQ(asked, 3);
}

TEST(RedisConnection, ABlockingCommandGetsItsBlockTimeOnTopOfTheReplyTimeout) {
  BH_REQUIRE_REDIS_SERVER();
  RedisServer server;
  RedisOptions o = test::quick_options();
  o.command_timeout = milliseconds(1000);
  RedisConnection c(server.url(), o);
  // BLPOP for 2 s on an empty list: longer than the reply timeout, so without the extra
  // wait the socket would time out and the command be retried. The server ends a block on
  // its own timer (about 0.1 s steps), late under load: the reply timeout, a second on
  // top of the block, leaves it that margin; 0.1 s was too little on a busy CI machine.
  RedisReply r = c.command(std::vector<std::string_view>{"BLPOP", "nothing", "2"}, milliseconds(2000));
  EXPECT_TRUE(r.is_nil());
  EXPECT_EQ(c.reconnects(), 0u);
}

}  // namespace
}  // namespace bh
