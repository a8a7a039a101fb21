// Worker heartbeats against a real redis-server: listed while alive, gone after the TTL
// without anyone cleaning up, gone at once after a clean exit.
#include <gtest/gtest.h>

#include <thread>

#include "broker_test_util.h"
#include "training/broker/worker_registry.h"

namespace bh {
namespace {

using test::RedisServer;

TEST(WorkerRegistry, LiveWorkersAreListedWithTheirRates) {
  BH_REQUIRE_REDIS_SERVER();
  RedisServer server;
  RedisConnection c(server.url(), test::quick_options());
  WorkerRegistry registry(c);
  registry.heartbeat({"w2", "gpu-box", 12, 850.5, 3, 0});
  registry.heartbeat({"w1", "laptop", 4, 120.0, 2, 0});
  registry.heartbeat({"w2", "gpu-box", 13, 900.0, 3, 0});  // an update, not a second worker
  std::vector<WorkerStatus> live = registry.live();
  ASSERT_EQ(live.size(), 2u);
  EXPECT_EQ(live[0].name, "w1");
  EXPECT_EQ(live[1].name, "w2");
  EXPECT_EQ(live[1].host, "gpu-box");
  EXPECT_EQ(live[1].games, 13);
  EXPECT_DOUBLE_EQ(live[1].evals_per_s, 900.0);
  EXPECT_EQ(live[1].net_version, 3);
  EXPECT_GT(live[1].last_seen_ms, 0);
  std::int64_t ttl = c.command({"TTL", registry.key("w2")}).integer();
  EXPECT_GT(ttl, 0);
  EXPECT_LE(ttl, 30);
  std::string table = WorkerRegistry::format(live, live[1].last_seen_ms);
  EXPECT_NE(table.find("gpu-box"), std::string::npos) << table;
  EXPECT_NE(table.find("2 workers, 17 games, 1020 evals/s"), std::string::npos) << table;
  EXPECT_THROW(registry.heartbeat({"bad name", "h", 0, 0, 0, 0}), std::invalid_argument);
}

TEST(WorkerRegistry, ASilentWorkerDropsOutWhenItsHeartbeatExpires) {
  BH_REQUIRE_REDIS_SERVER();
  RedisServer server;
  RedisConnection c(server.url(), test::quick_options());
  WorkerRegistry registry(c, {.prefix = "bh:worker", .ttl = std::chrono::seconds(1)});
  registry.heartbeat({"crashed", "h", 1, 1, 1, 0});
  WorkerRegistry long_lived(c);  // same keys, default 30 s TTL
  long_lived.heartbeat({"alive", "h", 1, 1, 1, 0});
  EXPECT_EQ(registry.live().size(), 2u);
  ASSERT_TRUE(test::wait_until([&] { return registry.live().size() == 1; }, std::chrono::seconds(10)));
  EXPECT_EQ(registry.live()[0].name, "alive");
  EXPECT_EQ(c.command({"SISMEMBER", registry.set_key(), "crashed"}).integer(), 0);  // pruned
}

TEST(WorkerRegistry, ACleanExitLeavesAtOnce) {
  BH_REQUIRE_REDIS_SERVER();
  RedisServer server;
  RedisConnection c(server.url(), test::quick_options());
  WorkerRegistry registry(c);
  registry.heartbeat({"w1", "h", 1, 1, 1, 0});
  registry.remove("w1");
  EXPECT_TRUE(registry.live().empty());
}

}  // namespace
}  // namespace bh
