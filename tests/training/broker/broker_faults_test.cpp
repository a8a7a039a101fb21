// The faults distributed self-play must survive, on the transport level, against a real redis-server:
//   - the trainer killed between read and acknowledge: every chunk ends up in the run
//     directory exactly once;
//   - a worker killed mid-way: nothing the broker acknowledged is lost, the restarted
//     worker publishes again and shows up in the registry;
//   - the broker restarted: producer and consumer reconnect with backoff and continue;
//   - garbage entries and bad chunks: rejected, counted, acknowledged, consumer alive.
// Crashes are real processes ended by SIGKILL (fork), at a chosen point where the point
// matters and at a random one where any point must do.
#include <gtest/gtest.h>
#include <signal.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <fstream>
#include <iterator>
#include <map>
#include <set>
#include <thread>

#include "broker_test_util.h"
#include "core/platform/child_process.h"
#include "temp_dir.h"
#include "training/broker/chunk_ingest.h"
#include "training/broker/worker_registry.h"

namespace bh {
namespace {

using std::chrono::milliseconds;
using test::RedisServer;

// A chunk whose text says which one it is, padded to a realistic-ish size.
std::string chunk_text(const std::string& tag, std::size_t size = 2000) {
  std::string s = "chunk:" + tag + ":";
  s.resize(std::max(size, s.size()), '.');
  return s;
}

std::string tag_of(const std::string& text) {
  std::size_t a = text.find(':') + 1, b = text.find(':', a);
  return text.substr(a, b - a);
}

// The tags of every chunk file in the directory, counted: exactly-once means all ones.
std::map<std::string, int> tags_in(const ChunkFileSink& sink) {
  std::map<std::string, int> tags;
  for (const std::string& id : sink.entry_ids()) {
    std::ifstream in(sink.path_for(id), std::ios::binary);
    ++tags[tag_of(std::string(std::istreambuf_iterator<char>(in), {}))];
  }
  return tags;
}

ChunkConsumerOptions trainer(std::string name = "trainer") {
  ChunkConsumerOptions o;
  o.consumer = std::move(name);
  o.log = {};
  return o;
}

// Runs ingest batches until the directory holds `n` chunks (or a generous deadline).
// Ingests until every tag of `wanted` is in the sink (a count would stop early when a
// chunk nobody reported arrived too).
void ingest_until_all(ChunkConsumer& consumer, ChunkFileSink& sink, const std::set<std::string>& wanted) {
  auto missing = [&] {
    const std::map<std::string, int> tags = tags_in(sink);
    return std::ranges::count_if(wanted, [&](const std::string& t) { return !tags.contains(t); });
  };
  ASSERT_TRUE(test::wait_until([&] {
    ingest_batch(consumer, sink, 16, milliseconds(50));
    return missing() == 0;
  })) << missing() << " of " << wanted.size() << " acknowledged chunks never arrived";
}

void ingest_until(ChunkConsumer& consumer, ChunkFileSink& sink, std::size_t n, IngestBatch* total = nullptr) {
  ASSERT_TRUE(test::wait_until([&] {
    IngestBatch b = ingest_batch(consumer, sink, 16, milliseconds(50));
    if (total) {
      total->already_written += b.already_written;
      for (ChunkEntry& e : b.written) total->written.push_back(std::move(e));
    }
    return sink.entry_ids().size() >= n;
  })) << "only " << sink.entry_ids().size() << " of " << n << " chunks arrived";
}

TEST(BrokerFaults, TrainerKilledBetweenReadAndAckWritesEveryChunkExactlyOnce) {
  BH_REQUIRE_REDIS_SERVER();
  RedisServer server;
  test::TempDir run;
  {
    RedisConnection c(server.url(), test::quick_options());
    ChunkProducer producer(c);
    for (int i = 0; i < 20; ++i) producer.publish(test::bytes_of(chunk_text(std::to_string(i))), {"w1", 1, 10});
  }
  // The trainer reads 10, writes and acknowledges 5, writes 3 more without acknowledging,
  // has 2 read but unwritten, and dies.
  ChildProcess child = ChildProcess::fork([&] {
    RedisConnection c(server.url(), test::quick_options());
    ChunkConsumer consumer(c, trainer());
    ChunkFileSink sink(run.path());
    std::vector<ChunkEntry> got = consumer.read(10, milliseconds(100));
    if (got.size() != 10) std::_Exit(3);
    for (int i = 0; i < 8; ++i) {
      sink.write(got[i].id, got[i].bytes());
      if (i < 5) consumer.ack(got[i].id);
    }
    raise(SIGKILL);
  });
  const ExitStatus status = child.wait();
  ASSERT_TRUE(status.signaled() && status.signal() == SIGKILL) << "child " << status.describe();

  RedisConnection c(server.url(), test::quick_options());
  ChunkConsumer consumer(c, trainer());
  EXPECT_EQ(consumer.pending(), 5);
  ChunkFileSink sink(run.path());
  EXPECT_EQ(sink.entry_ids().size(), 8u);
  IngestBatch total;
  ingest_until(consumer, sink, 20, &total);
  EXPECT_EQ(total.already_written, 3u);     // written before the crash: only acknowledged now
  EXPECT_EQ(total.written.size(), 12u);     // 2 read-but-unwritten + 10 never read
  EXPECT_EQ(consumer.stats().redelivered, 5u);
  EXPECT_EQ(consumer.pending(), 0);
  std::map<std::string, int> tags = tags_in(sink);
  ASSERT_EQ(tags.size(), 20u);
  for (const auto& [tag, n] : tags) EXPECT_EQ(n, 1) << "chunk " << tag;
}

TEST(BrokerFaults, ATrainerUnderANewNameTakesOverTheDeadOnesPendingChunks) {
  BH_REQUIRE_REDIS_SERVER();
  RedisServer server;
  test::TempDir run;
  {
    RedisConnection c(server.url(), test::quick_options());
    ChunkProducer producer(c);
    for (int i = 0; i < 6; ++i) producer.publish(test::bytes_of(chunk_text(std::to_string(i))), {"w1", 1, 10});
  }
  ChildProcess child = ChildProcess::fork([&] {
    RedisConnection c(server.url(), test::quick_options());
    ChunkConsumer consumer(c, trainer("trainer-host-a"));
    ChunkFileSink sink(run.path());
    std::vector<ChunkEntry> got = consumer.read(6, milliseconds(100));
    for (std::size_t i = 0; i < got.size() && i < 2; ++i) sink.write(got[i].id, got[i].bytes());
    raise(SIGKILL);  // nothing acknowledged
  });
  child.wait();
  std::this_thread::sleep_for(milliseconds(60));  // the dead trainer's entries idle > 50 ms
  RedisConnection c(server.url(), test::quick_options());
  ChunkConsumerOptions o = trainer("trainer-host-b");
  o.claim_min_idle = milliseconds(50);
  ChunkConsumer consumer(c, o);
  ChunkFileSink sink(run.path());
  IngestBatch total;
  ingest_until(consumer, sink, 6, &total);
  EXPECT_EQ(consumer.stats().claimed, 6u);
  EXPECT_EQ(total.already_written, 2u);
  EXPECT_EQ(consumer.pending(), 0);
  for (const auto& [tag, n] : tags_in(sink)) EXPECT_EQ(n, 1) << "chunk " << tag;
}

TEST(BrokerFaults, WorkerKilledMidwayLosesNothingAcknowledgedAndJoinsAgain) {
  BH_REQUIRE_REDIS_SERVER();
  RedisServer server;
  test::TempDir run;
  RedisConnection c(server.url(), test::quick_options());
  ChunkConsumer consumer(c, trainer());  // the trainer is up before and after
  ChunkFileSink sink(run.path(), false);

  // The worker publishes without end and reports each chunk the broker acknowledged.
  int fds[2];
  ASSERT_EQ(pipe(fds), 0);
  ChildProcess worker = ChildProcess::fork([&] {
    close(fds[0]);
    RedisConnection wc(server.url(), test::quick_options());
    ChunkProducer producer(wc);
    WorkerRegistry registry(wc);
    for (int i = 0;; ++i) {
      producer.publish(test::bytes_of(chunk_text("a" + std::to_string(i))), {"w1", 1, 10});
      if (i % 10 == 0) registry.heartbeat({"w1", "host-a", i, 100.0, 1, 0});
      std::int32_t n = i;
      if (write(fds[1], &n, sizeof n) != sizeof n) std::_Exit(4);
    }
  });
  close(fds[1]);
  std::set<std::string> acknowledged;
  std::int32_t n = 0;
  while (acknowledged.size() < 40 && read(fds[0], &n, sizeof n) == sizeof n) acknowledged.insert("a" + std::to_string(n));
  worker.kill();  // somewhere in the middle of a publish, or between two
  while (read(fds[0], &n, sizeof n) == sizeof n) acknowledged.insert("a" + std::to_string(n));
  close(fds[0]);
  ASSERT_GE(acknowledged.size(), 40u);

  // The restarted worker (new process, same name) publishes again and heartbeats.
  {
    RedisConnection wc(server.url(), test::quick_options());
    ChunkProducer producer(wc);
    for (int i = 0; i < 10; ++i) {
      producer.publish(test::bytes_of(chunk_text("b" + std::to_string(i))), {"w1", 2, 10});
      acknowledged.insert("b" + std::to_string(i));
    }
    WorkerRegistry(wc).heartbeat({"w1", "host-a", 10, 120.0, 2, 0});
  }
  ingest_until_all(consumer, sink, acknowledged);
  std::map<std::string, int> tags = tags_in(sink);
  for (const std::string& t : acknowledged) EXPECT_EQ(tags[t], 1) << "acknowledged chunk " << t;
  // At most the one chunk whose acknowledgement the kill cut off is there unreported.
  EXPECT_LE(tags.size(), acknowledged.size() + 1);
  std::vector<WorkerStatus> live = WorkerRegistry(c).live();
  ASSERT_EQ(live.size(), 1u);
  EXPECT_EQ(live[0].net_version, 2);
}

TEST(BrokerFaults, BrokerRestartedProducerAndConsumerReconnectAndContinue) {
  BH_REQUIRE_REDIS_SERVER();
  RedisServer server({.persistent = true});  // AOF: the stream and the group survive
  test::TempDir run;
  test::CapturedLog log;
  constexpr int kChunks = 60;
  RedisConnection pc(server.url(), test::quick_options(log.sink()));
  RedisConnection cc(server.url(), test::quick_options(log.sink()));
  ChunkProducer producer(pc);
  ChunkConsumer consumer(cc, trainer());
  ChunkFileSink sink(run.path(), false);

  std::atomic<int> published = 0;
  std::thread worker([&] {
    for (int i = 0; i < kChunks; ++i) {
      producer.publish(test::bytes_of(chunk_text(std::to_string(i))), {"w1", 1, 10});
      published = i + 1;
      std::this_thread::sleep_for(milliseconds(3));
    }
  });
  std::atomic<bool> consumer_failed = false;
  std::thread trainer_loop([&] {
    try {
      ingest_until(consumer, sink, kChunks);
    } catch (...) {
      consumer_failed = true;
    }
  });
  ASSERT_TRUE(test::wait_until([&] { return published >= kChunks / 3; }));
  server.kill();
  std::this_thread::sleep_for(milliseconds(250));  // down long enough for both to notice
  server.start();
  worker.join();
  trainer_loop.join();
  EXPECT_FALSE(consumer_failed);

  std::map<std::string, int> tags = tags_in(sink);
  EXPECT_EQ(tags.size(), std::size_t(kChunks));
  for (const auto& [tag, n] : tags) EXPECT_EQ(n, 1) << "chunk " << tag;
  EXPECT_GE(pc.reconnects() + cc.reconnects(), 1u);
  EXPECT_TRUE(log.contains("retrying in"));
  EXPECT_EQ(consumer.pending(), 0);
}

TEST(BrokerFaults, GarbageAndBadChunksAreRejectedCountedAndTheTrainerLives) {
  BH_REQUIRE_REDIS_SERVER();
  RedisServer server;
  test::TempDir run;
  RedisConnection c(server.url(), test::quick_options());
  // A stand-in for the real chunk validator: magic "BHC1", then a one-byte sum of the rest.
  auto make_chunk = [](const std::string& body, bool good_sum = true) {
    std::uint8_t sum = 0;
    for (char ch : body) sum = std::uint8_t(sum + std::uint8_t(ch));
    return "BHC1" + std::string(1, char(good_sum ? sum : sum + 1)) + body;
  };
  test::CapturedLog log;
  ChunkConsumerOptions o = trainer();
  o.limits.max_chunk_bytes = 10'000;
  o.log = log.sink();
  o.validator = [](std::span<const std::uint8_t> b) -> std::string {
    std::string s(b.begin(), b.end());
    if (s.size() < 5 || s.compare(0, 4, "BHC1") != 0) return "bad magic";
    if (s.substr(5) == "explode") throw std::runtime_error("decoder crashed");
    std::uint8_t sum = 0;
    for (std::size_t i = 5; i < s.size(); ++i) sum = std::uint8_t(sum + std::uint8_t(s[i]));
    return std::uint8_t(s[4]) == sum ? "" : "checksum mismatch";
  };
  ChunkConsumer consumer(c, o);

  ChunkProducer producer(c);
  producer.publish(test::bytes_of(make_chunk("good-1")), {"w1", 1, 5});
  // A misbehaving worker: raw entries, as anything with the password could write them.
  std::string noise(300, '\0');
  for (std::size_t i = 0; i < noise.size(); ++i) noise[i] = char(i * 37 + 11);
  c.command({"XADD", "bh:chunks", "*", "garbage", noise});
  c.command({"XADD", "bh:chunks", "*", noise.substr(0, 7), noise.substr(7, 50), "data", noise});
  c.command({"XADD", "bh:chunks", "*", "worker", "w\nfake log line", "net", "1", "samples", "1", "data", "x"});
  c.command({"XADD", "bh:chunks", "*", "worker", "w2", "net", "one", "samples", "1", "data", make_chunk("a")});
  c.command({"XADD", "bh:chunks", "*", "worker", "w2", "net", "1", "samples", "1", "data", std::string(20'000, 'x')});
  producer.publish(test::bytes_of(noise), {"w2", 1, 5});                          // garbage bytes
  producer.publish(test::bytes_of(make_chunk("tampered", false)), {"w2", 1, 5});  // wrong checksum
  producer.publish(test::bytes_of(make_chunk("explode")), {"w2", 1, 5});          // validator throws
  producer.publish(test::bytes_of(make_chunk("good-2")), {"w1", 1, 5});

  ChunkFileSink sink(run.path(), false);
  ingest_until(consumer, sink, 2);
  EXPECT_TRUE(consumer.read(16, milliseconds(10)).empty());  // all read, nothing else accepted
  ConsumerStats s = consumer.stats();
  EXPECT_EQ(s.ingest.accepted, 2u);
  EXPECT_EQ(s.ingest.rejected_for(RejectReason::MissingField), 2u);
  EXPECT_EQ(s.ingest.rejected_for(RejectReason::BadWorkerName), 1u);
  EXPECT_EQ(s.ingest.rejected_for(RejectReason::BadField), 1u);
  EXPECT_EQ(s.ingest.rejected_for(RejectReason::ChunkTooLarge), 1u);
  EXPECT_EQ(s.ingest.rejected_for(RejectReason::Validator), 2u);
  EXPECT_EQ(s.ingest.rejected_for(RejectReason::ValidatorError), 1u);
  EXPECT_EQ(s.ingest.rejected_by_worker.at("w2"), 5u);
  EXPECT_EQ(consumer.pending(), 0);  // rejected entries were acknowledged: no redelivery loop
  EXPECT_TRUE(log.contains("from worker 'w2': validator: checksum mismatch"));
  EXPECT_TRUE(log.contains("decoder crashed"));
  for (const std::string& l : log.lines()) EXPECT_EQ(l.find('\n'), std::string::npos) << "log line with a newline";
  std::map<std::string, int> tags;
  for (const std::string& id : sink.entry_ids()) {
    std::ifstream in(sink.path_for(id), std::ios::binary);
    ++tags[std::string(std::istreambuf_iterator<char>(in), {}).substr(5)];
  }
  EXPECT_EQ(tags, (std::map<std::string, int>{{"good-1", 1}, {"good-2", 1}}));
}

TEST(BrokerFaults, AConnectionCutWhileEntriesAreUnacknowledgedRedeliversThemOnce) {
  BH_REQUIRE_REDIS_SERVER();
  RedisServer server;
  test::TempDir run;
  RedisConnection pc(server.url(), test::quick_options()), cc(server.url(), test::quick_options());
  ChunkProducer producer(pc);
  for (int i = 0; i < 4; ++i) producer.publish(test::bytes_of(chunk_text(std::to_string(i))), {"w1", 1, 10});
  ChunkConsumer consumer(cc, trainer());
  ChunkFileSink sink(run.path(), false);
  std::vector<ChunkEntry> got = consumer.read(2, milliseconds(10));
  ASSERT_EQ(got.size(), 2u);
  sink.write(got[0].id, got[0].bytes());  // written, not acknowledged; got[1] not written
  // The network drops every client: the consumer cannot tell which replies got through.
  pc.command({"CLIENT", "KILL", "TYPE", "normal", "SKIPME", "yes"});
  IngestBatch total;
  ingest_until(consumer, sink, 4, &total);
  EXPECT_EQ(cc.reconnects(), 1u);
  EXPECT_EQ(consumer.stats().redelivered, 2u);
  EXPECT_EQ(total.already_written, 1u);
  for (const auto& [tag, n] : tags_in(sink)) EXPECT_EQ(n, 1) << "chunk " << tag;
  EXPECT_EQ(tags_in(sink).size(), 4u);
}

}  // namespace
}  // namespace bh
