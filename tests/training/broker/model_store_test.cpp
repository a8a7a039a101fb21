// The model store against a real redis-server: versions only move forward, a reader never
// sees a version without its blob, and a blob that does not match its digest is refused.
#include <gtest/gtest.h>

#include "broker_test_util.h"
#include "training/broker/model_store.h"
#include "training/broker/sha256.h"

namespace bh {
namespace {

using test::RedisServer;

std::vector<std::uint8_t> net_bytes(int seed, std::size_t size = 100'000) {
  std::vector<std::uint8_t> v(size);
  for (std::size_t i = 0; i < size; ++i) v[i] = std::uint8_t(i * 31 + seed);
  return v;
}

TEST(ModelStore, WorkersFetchTheNewestNetOnlyWhenItIsNewer) {
  BH_REQUIRE_REDIS_SERVER();
  RedisServer server;
  RedisConnection tc(server.url(), test::quick_options()), wc(server.url(), test::quick_options());
  ModelStore trainer(tc), worker(wc);
  EXPECT_EQ(worker.current_version(), std::nullopt);
  EXPECT_EQ(worker.fetch_if_newer(-1), std::nullopt);

  std::vector<std::uint8_t> v1 = net_bytes(1);
  std::string digest = trainer.publish(1, v1);
  EXPECT_EQ(digest, sha256_hex(v1));
  EXPECT_EQ(worker.current_version(), 1);
  std::optional<NetBlob> got = worker.fetch_if_newer(-1);
  ASSERT_TRUE(got);
  EXPECT_EQ(got->version, 1);
  EXPECT_EQ(got->sha256, digest);
  EXPECT_EQ(got->bytes, v1);
  EXPECT_GT(got->published_ms, 0);
  EXPECT_EQ(worker.fetch_if_newer(1), std::nullopt);  // nothing newer: one GET, no download

  std::vector<std::uint8_t> v2 = net_bytes(2);
  trainer.publish(2, v2);
  got = worker.fetch_if_newer(1);
  ASSERT_TRUE(got);
  EXPECT_EQ(got->version, 2);
  EXPECT_EQ(got->bytes, v2);
  // The replaced version stays downloadable for a grace period, then goes.
  EXPECT_EQ(worker.fetch(1).bytes, v1);
  std::int64_t ttl = tc.command({"TTL", trainer.blob_key(1)}).integer();
  EXPECT_GT(ttl, 0);
  EXPECT_LE(ttl, 600);
  EXPECT_EQ(tc.command({"TTL", trainer.blob_key(2)}).integer(), -1);  // the current one never expires
}

TEST(ModelStore, VersionsOnlyMoveForward) {
  BH_REQUIRE_REDIS_SERVER();
  RedisServer server;
  RedisConnection c(server.url(), test::quick_options());
  ModelStore store(c);
  store.publish(5, net_bytes(5));
  EXPECT_THROW(store.publish(4, net_bytes(4)), ModelStoreError);
  EXPECT_THROW(store.publish(5, net_bytes(6)), ModelStoreError);  // same version, other bytes
  EXPECT_NO_THROW(store.publish(5, net_bytes(5)));                // same bytes: restores, harmless
  EXPECT_THROW(store.publish(-1, net_bytes(1)), std::invalid_argument);
  EXPECT_THROW(store.publish(6, {}), std::invalid_argument);
  EXPECT_EQ(store.current_version(), 5);
}

TEST(ModelStore, ACorruptedBlobIsRefusedWithBothDigests) {
  BH_REQUIRE_REDIS_SERVER();
  RedisServer server;
  RedisConnection c(server.url(), test::quick_options());
  ModelStore store(c);
  std::vector<std::uint8_t> net = net_bytes(3);
  std::string digest = store.publish(3, net);
  c.command({"SETRANGE", store.blob_key(3), "500", "X"});  // one byte flipped in the broker
  try {
    store.fetch(3);
    FAIL() << "no throw";
  } catch (const ModelIntegrityError& e) {
    std::string what = e.what();
    EXPECT_NE(what.find("net version 3"), std::string::npos) << what;
    EXPECT_NE(what.find("sha256 mismatch"), std::string::npos) << what;
    EXPECT_NE(what.find(digest), std::string::npos) << what;
  }
  EXPECT_THROW(store.fetch_if_newer(-1), ModelIntegrityError);
  // A truncated blob is caught by its size before hashing.
  c.command({"SET", store.blob_key(3), "short"});
  EXPECT_THROW(store.fetch(3), ModelIntegrityError);
}

TEST(ModelStore, AVersionThatIsNotThereIsAClearError) {
  BH_REQUIRE_REDIS_SERVER();
  RedisServer server;
  RedisConnection c(server.url(), test::quick_options());
  ModelStore store(c);
  try {
    store.fetch(9);
    FAIL() << "no throw";
  } catch (const ModelStoreError& e) {
    EXPECT_NE(std::string(e.what()).find("net version 9 is not in the broker"), std::string::npos) << e.what();
  }
}

TEST(ModelStore, AReaderNeverSeesAVersionWithoutItsBlob) {
  BH_REQUIRE_REDIS_SERVER();
  RedisServer server;
  RedisConnection tc(server.url(), test::quick_options()), wc(server.url(), test::quick_options());
  ModelStore trainer(tc), worker(wc);
  // The trainer publishes version after version while the worker polls; whatever version
  // the worker sees, the download verifies (or the worker already has it).
  std::int64_t have = -1;
  for (int v = 0; v < 30; ++v) {
    trainer.publish(v, net_bytes(v, 20'000));
    std::optional<NetBlob> got = worker.fetch_if_newer(have);
    ASSERT_TRUE(got);
    EXPECT_EQ(got->version, v);
    EXPECT_EQ(got->bytes, net_bytes(v, 20'000));
    have = got->version;
  }
}

}  // namespace
}  // namespace bh
