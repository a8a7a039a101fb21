// The chunk stream against a real redis-server: what a publish puts in, what a consumer
// group gets out, and the pending-entry bookkeeping that recovery relies on.
#include <gtest/gtest.h>

#include <thread>

#include "broker_test_util.h"
#include "training/broker/chunk_stream.h"

namespace bh {
namespace {

using std::chrono::milliseconds;
using test::RedisServer;

ChunkMeta meta(std::string worker = "w1", std::int64_t net = 1, std::int64_t samples = 10) {
  return {std::move(worker), net, samples};
}

ChunkConsumerOptions consumer_options(std::string name = "trainer") {
  ChunkConsumerOptions o;
  o.consumer = std::move(name);
  o.log = {};
  return o;
}

std::vector<std::string> texts(const std::vector<ChunkEntry>& entries) {
  std::vector<std::string> out;
  for (const ChunkEntry& e : entries) out.push_back(test::text_of(e.bytes()));
  return out;
}

TEST(ChunkStream, PublishedBytesAndMetadataArriveThroughTheGroup) {
  BH_REQUIRE_REDIS_SERVER();
  RedisServer server;
  RedisConnection pc(server.url(), test::quick_options()), cc(server.url(), test::quick_options());
  ChunkProducer producer(pc);
  std::string binary("\0\x01zstd\xff", 7);
  std::string id = producer.publish(test::bytes_of(binary), meta("worker-7", 12, 345));
  EXPECT_TRUE(valid_stream_id(id));
  EXPECT_EQ(producer.published(), 1u);

  ChunkConsumer consumer(cc, consumer_options());
  std::vector<ChunkEntry> got = consumer.read(10, milliseconds(100));
  ASSERT_EQ(got.size(), 1u);  // the group starts at 0: chunks from before it existed count
  EXPECT_EQ(got[0].id, id);
  EXPECT_EQ(test::text_of(got[0].bytes()), binary);
  EXPECT_EQ(got[0].meta.worker, "worker-7");
  EXPECT_EQ(got[0].meta.net_version, 12);
  EXPECT_EQ(got[0].meta.samples, 345);
  EXPECT_FALSE(got[0].chunk_id.empty());
  EXPECT_EQ(consumer.pending(), 1);
  consumer.ack(id);
  EXPECT_EQ(consumer.pending(), 0);
  EXPECT_EQ(consumer.stats().acked, 1u);
  EXPECT_TRUE(consumer.read(10, milliseconds(10)).empty());  // nothing new: BLOCK times out
  EXPECT_EQ(consumer.lag(), 0);
}

TEST(ChunkStream, ABlockedReadWakesForAChunkPublishedMeanwhile) {
  BH_REQUIRE_REDIS_SERVER();
  RedisServer server;
  RedisConnection pc(server.url(), test::quick_options()), cc(server.url(), test::quick_options());
  ChunkConsumer consumer(cc, consumer_options());
  EXPECT_TRUE(consumer.read(1, milliseconds(0)).empty());  // pending and claim scans are empty
  std::thread late([&] {
    std::this_thread::sleep_for(milliseconds(100));
    ChunkProducer(pc).publish(test::bytes_of("late"), meta());
  });
  std::vector<ChunkEntry> got;
  test::wait_until([&] { return !(got = consumer.read(1, milliseconds(5'000))).empty(); });
  late.join();
  EXPECT_EQ(texts(got), std::vector<std::string>{"late"});
}

TEST(ChunkStream, ARetriedPublishWithTheSameChunkIdAddsNothing) {
  BH_REQUIRE_REDIS_SERVER();
  RedisServer server;
  RedisConnection c(server.url(), test::quick_options());
  ChunkProducer producer(c);
  // What the connection does when a reply is lost: send the same publish again.
  std::string first = producer.publish(test::bytes_of("once"), meta(), "w1-boot1-0");
  std::string again = producer.publish(test::bytes_of("once"), meta(), "w1-boot1-0");
  EXPECT_EQ(first, again);
  EXPECT_EQ(c.command({"XLEN", "bh:chunks"}).integer(), 1);
  EXPECT_GT(c.command({"TTL", "bh:chunks:cid:w1-boot1-0"}).integer(), 0);  // the memory is bounded
  // Generated ids differ per chunk.
  std::string a = producer.publish(test::bytes_of("a"), meta());
  std::string b = producer.publish(test::bytes_of("b"), meta());
  EXPECT_NE(a, b);
  EXPECT_EQ(c.command({"XLEN", "bh:chunks"}).integer(), 3);
}

TEST(ChunkStream, PublishRefusesWhatNoTrainerCouldUse) {
  BH_REQUIRE_REDIS_SERVER();
  RedisServer server;
  RedisConnection c(server.url(), test::quick_options());
  ChunkProducer producer(c);
  EXPECT_THROW(producer.publish(test::bytes_of("x"), meta("bad name")), std::invalid_argument);
  EXPECT_THROW(producer.publish(test::bytes_of(""), meta()), std::invalid_argument);
  EXPECT_THROW(producer.publish(test::bytes_of("x"), meta("w", -1)), std::invalid_argument);
  EXPECT_THROW(producer.publish(test::bytes_of("x"), meta("w", 1, 0)), std::invalid_argument);
  EXPECT_THROW(producer.publish(test::bytes_of("x"), meta(), "has space"), std::invalid_argument);
  EXPECT_EQ(c.command({"EXISTS", "bh:chunks"}).integer(), 0);
}

TEST(ChunkStream, TheCapKeepsTheStreamNearMaxLen) {
  BH_REQUIRE_REDIS_SERVER();
  RedisServer server;
  RedisConnection c(server.url(), test::quick_options());
  ChunkStreamOptions o;
  o.max_len = 100;
  ChunkProducer producer(c, o);
  for (int i = 0; i < 1000; ++i) producer.publish(test::bytes_of("c" + std::to_string(i)), meta());
  std::int64_t len = c.command({"XLEN", "bh:chunks"}).integer();
  // "~": Redis trims whole macro nodes (stream-node-max-entries, 100 by default).
  EXPECT_GE(len, 100);
  EXPECT_LE(len, 200);
}

TEST(ChunkStream, UnacknowledgedEntriesComeBackFirstToTheSameConsumerName) {
  BH_REQUIRE_REDIS_SERVER();
  RedisServer server;
  RedisConnection pc(server.url(), test::quick_options()), cc(server.url(), test::quick_options());
  ChunkProducer producer(pc);
  for (int i = 0; i < 6; ++i) producer.publish(test::bytes_of("c" + std::to_string(i)), meta());
  {
    ChunkConsumer first(cc, consumer_options());
    std::vector<ChunkEntry> got = first.read(4, milliseconds(10));
    ASSERT_EQ(got.size(), 4u);
    first.ack(got[0].id);
    first.ack(got[2].id);
  }  // "crash": c1 and c3 stay pending
  ChunkConsumer second(cc, consumer_options());
  EXPECT_EQ(texts(second.read(10, milliseconds(10))), (std::vector<std::string>{"c1", "c3"}));
  EXPECT_EQ(second.stats().redelivered, 2u);
  EXPECT_EQ(texts(second.read(10, milliseconds(10))), (std::vector<std::string>{"c4", "c5"}));
}

TEST(ChunkStream, EntriesOfADeadConsumerAreClaimedOnlyAfterTheIdleThreshold) {
  BH_REQUIRE_REDIS_SERVER();
  RedisServer server;
  RedisConnection pc(server.url(), test::quick_options()), cc(server.url(), test::quick_options());
  ChunkProducer producer(pc);
  for (int i = 0; i < 3; ++i) producer.publish(test::bytes_of("c" + std::to_string(i)), meta());
  {
    ChunkConsumer dead(cc, consumer_options("trainer-old"));
    ASSERT_EQ(dead.read(3, milliseconds(10)).size(), 3u);
  }
  ChunkConsumerOptions patient = consumer_options("trainer-new");
  patient.claim_min_idle = std::chrono::hours(1);
  ChunkConsumer not_yet(cc, patient);
  EXPECT_TRUE(not_yet.read(10, milliseconds(10)).empty());
  EXPECT_EQ(not_yet.pending(), 3);

  std::this_thread::sleep_for(milliseconds(60));  // the entries are now idle > 50 ms
  ChunkConsumerOptions eager = consumer_options("trainer-new");
  eager.claim_min_idle = milliseconds(50);
  ChunkConsumer taker(cc, eager);
  std::vector<ChunkEntry> got = taker.read(10, milliseconds(10));
  EXPECT_EQ(texts(got), (std::vector<std::string>{"c0", "c1", "c2"}));
  EXPECT_EQ(taker.stats().claimed, 3u);
  for (const ChunkEntry& e : got) taker.ack(e.id);
  EXPECT_EQ(taker.pending(), 0);
}

TEST(ChunkStream, PendingEntriesTrimmedBeforeTheyWereReadAreCountedAndDropped) {
  BH_REQUIRE_REDIS_SERVER();
  RedisServer server;
  RedisConnection pc(server.url(), test::quick_options()), cc(server.url(), test::quick_options());
  ChunkProducer producer(pc);
  for (int i = 0; i < 5; ++i) producer.publish(test::bytes_of("c" + std::to_string(i)), meta());
  {
    ChunkConsumer first(cc, consumer_options());
    ASSERT_EQ(first.read(5, milliseconds(10)).size(), 5u);
  }
  pc.command({"XTRIM", "bh:chunks", "MAXLEN", "0"});  // the cap overtook the trainer
  ChunkConsumer second(cc, consumer_options());
  EXPECT_TRUE(second.read(10, milliseconds(10)).empty());
  EXPECT_EQ(second.stats().trimmed, 5u);
  EXPECT_EQ(second.pending(), 0);
}

TEST(ChunkStream, AConsumerGroupThatVanishedIsCreatedAgain) {
  BH_REQUIRE_REDIS_SERVER();
  RedisServer server;
  RedisConnection pc(server.url(), test::quick_options()), cc(server.url(), test::quick_options());
  test::CapturedLog log;
  ChunkConsumerOptions o = consumer_options();
  o.log = log.sink();
  ChunkConsumer consumer(cc, o);
  EXPECT_TRUE(consumer.read(1, milliseconds(0)).empty());
  pc.command({"DEL", "bh:chunks"});  // as after a restart of a broker without persistence
  ChunkProducer(pc).publish(test::bytes_of("after"), meta());
  EXPECT_EQ(texts(consumer.read(1, milliseconds(10))), std::vector<std::string>{"after"});
  EXPECT_EQ(consumer.stats().group_recreated, 1u);
  EXPECT_TRUE(log.contains("vanished"));
}

TEST(ChunkStream, LagCountsWhatTheGroupHasNotRead) {
  BH_REQUIRE_REDIS_SERVER();
  RedisServer server;
  RedisConnection pc(server.url(), test::quick_options()), cc(server.url(), test::quick_options());
  ChunkConsumer consumer(cc, consumer_options());
  ChunkProducer producer(pc);
  for (int i = 0; i < 7; ++i) producer.publish(test::bytes_of("c"), meta());
  EXPECT_EQ(consumer.lag(), 7);
  consumer.read(3, milliseconds(10));
  EXPECT_EQ(consumer.lag(), 4);
  EXPECT_EQ(consumer.pending(), 3);
}

}  // namespace
}  // namespace bh
