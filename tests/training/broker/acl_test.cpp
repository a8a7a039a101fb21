// The ACL users that training/broker/README.md recommends, tested for real: a worker can
// publish chunks, heartbeat and read nets but cannot touch the stream, the group or the
// nets otherwise; the trainer can run the consumer group and publish nets but cannot
// flush or reconfigure the broker. Keep these rules and the README's in step.
#include <gtest/gtest.h>

#include "broker_test_util.h"
#include "training/broker/chunk_stream.h"
#include "training/broker/model_store.h"
#include "training/broker/worker_registry.h"

namespace bh {
namespace {

using test::RedisServer;

// As in the README, one argument per word.
const std::vector<std::string_view> kWorkerAcl = {
    "ACL", "SETUSER", "bh-worker", "reset", "on", ">worker-pw",
    "+ping", "+select", "+client|setname", "+multi", "+exec",
    "%R~bh:net:*", "+get", "+hgetall",
    "(~bh:chunks ~bh:chunks:cid:* +eval)",
    "(~bh:chunks +xadd)",
    "(~bh:chunks:cid:* +get +set)",
    "(~bh:worker:* ~bh:workers +hset +expire +sadd +srem +del)",
};
const std::vector<std::string_view> kTrainerAcl = {
    "ACL", "SETUSER", "bh-trainer", "reset", "on", ">trainer-pw", "~bh:*",
    "+@read", "+@write", "+@stream", "+@transaction", "+@connection", "+eval", "-@dangerous",
};

RedisUrl as(const RedisServer& s, std::string user, std::string password) {
  RedisUrl u = s.url();
  u.user = std::move(user);
  u.password = std::move(password);
  return u;
}

std::string code_of(RedisConnection& c, std::initializer_list<std::string_view> args) {
  try {
    c.command(args);
  } catch (const RedisReplyError& e) {
    return e.code();
  }
  return "OK";
}

TEST(BrokerAcl, TheReadmeUsersCanDoTheirJobAndNothingMore) {
  BH_REQUIRE_REDIS_SERVER();
  RedisServer server;
  {
    RedisConnection admin(server.url(), test::quick_options());
    admin.command(kWorkerAcl);
    admin.command(kTrainerAcl);
  }
  RedisConnection tc(as(server, "bh-trainer", "trainer-pw"), test::quick_options());
  RedisConnection wc(as(server, "bh-worker", "worker-pw"), test::quick_options());

  // The trainer sets up the group and publishes a net.
  ChunkConsumerOptions co;
  co.log = {};
  ChunkConsumer consumer(tc, co);
  ModelStore(tc).publish(1, std::vector<std::uint8_t>(1000, 7));
  ModelStore(tc).publish(2, std::vector<std::uint8_t>(1000, 8));

  // The worker does its whole job.
  std::optional<NetBlob> net = ModelStore(wc).fetch_if_newer(-1);
  ASSERT_TRUE(net);
  EXPECT_EQ(net->version, 2);
  ChunkProducer producer(wc);
  std::string id = producer.publish(test::bytes_of("chunk"), {"w1", 2, 3});
  EXPECT_EQ(producer.publish(test::bytes_of("chunk"), {"w1", 2, 3}, "w1-x-1"),
            producer.publish(test::bytes_of("chunk"), {"w1", 2, 3}, "w1-x-1"));
  WorkerRegistry(wc).heartbeat({"w1", "h", 1, 10, 2, 0});
  WorkerRegistry(wc).remove("w1");
  WorkerRegistry(wc).heartbeat({"w1", "h", 2, 10, 2, 0});

  // ...and cannot do harm beyond it.
  EXPECT_EQ(code_of(wc, {"SET", "bh:net:version", "99"}), "NOPERM");
  EXPECT_EQ(code_of(wc, {"SET", "bh:net:blob:2", "evil"}), "NOPERM");
  EXPECT_EQ(code_of(wc, {"SET", "bh:chunks", "x"}), "NOPERM");
  EXPECT_EQ(code_of(wc, {"DEL", "bh:chunks"}), "NOPERM");
  EXPECT_EQ(code_of(wc, {"XTRIM", "bh:chunks", "MAXLEN", "0"}), "NOPERM");
  EXPECT_EQ(code_of(wc, {"XREADGROUP", "GROUP", "trainers", "x", "STREAMS", "bh:chunks", ">"}), "NOPERM");
  EXPECT_EQ(code_of(wc, {"XGROUP", "DESTROY", "bh:chunks", "trainers"}), "NOPERM");
  EXPECT_EQ(code_of(wc, {"FLUSHALL"}), "NOPERM");
  EXPECT_EQ(code_of(wc, {"GET", "elsewhere"}), "NOPERM");
  // A script runs with the worker's rights: a DEL inside it is refused too.
  try {
    wc.command({"EVAL", "return redis.call('DEL', KEYS[1])", "1", "bh:chunks"});
    ADD_FAILURE() << "a worker's script deleted the stream";
  } catch (const RedisReplyError& e) {
    EXPECT_NE(std::string(e.what()).find("The user executing the script can't"), std::string::npos) << e.what();
  }
  EXPECT_EQ(tc.command({"EXISTS", "bh:chunks"}).integer(), 1);

  // The trainer reads the chunks and lists the workers.
  std::vector<ChunkEntry> got = consumer.read(10, std::chrono::milliseconds(10));
  ASSERT_EQ(got.size(), 2u);
  EXPECT_EQ(got[0].id, id);
  consumer.ack(got[0].id);
  consumer.ack(got[1].id);
  EXPECT_EQ(WorkerRegistry(tc).live().size(), 1u);
  EXPECT_EQ(code_of(tc, {"FLUSHALL"}), "NOPERM");
  EXPECT_EQ(code_of(tc, {"CONFIG", "SET", "requirepass", "x"}), "NOPERM");
  EXPECT_EQ(code_of(tc, {"SET", "elsewhere", "x"}), "NOPERM");
}

}  // namespace
}  // namespace bh
