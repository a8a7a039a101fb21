// broker_bench — how many chunks one trainer can take in through one Redis.
//
// For each chunk size it starts a private redis-server (AOF, fsync every second: the
// README's production setting), then
//   1. publish: P producer threads, each with its own connection, push N chunks of
//      incompressible bytes (as zstd chunks are) through ChunkProducer;
//   2. ingest: one consumer drains them the way the trainer does: consumer-group read,
//      write each chunk to its file (temp + fsync + rename + directory fsync), XACK;
//   3. the same drain without the disk (read + XACK only): the broker's own limit.
// and prints chunks/s and MB/s for each. Finally it publishes and fetches one net of
// --net-mb megabytes (SHA-256 verified), the cost of a worker picking up a new net.
//
//   broker_bench [--sizes 100000,300000,1000000] [--megabytes 200] [--producers 4]
//                [--batch 32] [--net-mb 50] [--no-dedup]
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <random>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "../training/broker/redis_server.h"
#include "../training/broker/temp_dir.h"
#include "training/broker/chunk_ingest.h"
#include "training/broker/model_store.h"

namespace {

using Clock = std::chrono::steady_clock;
using std::chrono::milliseconds;

struct Args {
  std::vector<std::size_t> sizes = {100'000, 300'000, 1'000'000};
  double megabytes = 200;
  int producers = 4;
  std::size_t batch = 32;
  double net_mb = 50;
  bool dedup = true;
};

Args parse_args(int argc, char** argv) {
  Args a;
  for (int i = 1; i < argc; ++i) {
    std::string k = argv[i];
    auto value = [&]() -> std::string {
      if (i + 1 >= argc) throw std::invalid_argument(k + " needs a value");
      return argv[++i];
    };
    if (k == "--sizes") {
      a.sizes.clear();
      std::stringstream ss(value());
      for (std::string s; std::getline(ss, s, ',');) a.sizes.push_back(std::stoul(s));
    } else if (k == "--megabytes") {
      a.megabytes = std::stod(value());
    } else if (k == "--producers") {
      a.producers = std::stoi(value());
    } else if (k == "--batch") {
      a.batch = std::stoul(value());
    } else if (k == "--no-dedup") {
      a.dedup = false;
    } else if (k == "--net-mb") {
      a.net_mb = std::stod(value());
    } else {
      throw std::invalid_argument("unknown option " + k);
    }
  }
  return a;
}

std::vector<std::uint8_t> random_bytes(std::size_t n, std::uint64_t seed) {
  std::vector<std::uint8_t> v(n);
  std::mt19937_64 rng(seed);
  for (std::size_t i = 0; i < n; i += 8) {
    std::uint64_t r = rng();
    std::memcpy(v.data() + i, &r, std::min<std::size_t>(8, n - i));
  }
  return v;
}

double seconds_since(Clock::time_point t) { return std::chrono::duration<double>(Clock::now() - t).count(); }

void report(const char* what, std::size_t size, std::size_t n, double s) {
  std::printf("  %-34s %8zu KB  %6zu chunks  %7.2f s  %8.1f chunks/s  %8.1f MB/s\n", what, size / 1000, n, s, n / s,
              n * double(size) / 1e6 / s);
  std::fflush(stdout);
}

// Pushes n chunks from P threads; returns seconds.
double publish(const bh::test::RedisServer& server, const Args& a, std::size_t size, std::size_t n) {
  std::vector<std::vector<std::uint8_t>> pool;
  for (int i = 0; i < 4; ++i) pool.push_back(random_bytes(size, 1000 + i));
  bh::RedisOptions quiet;
  quiet.log = {};
  std::vector<bh::RedisConnection> conns;
  for (int p = 0; p < a.producers; ++p) conns.emplace_back(server.url(), quiet);
  bh::ChunkStreamOptions o;
  o.max_len = std::int64_t(n) * 2 + 1000;  // nothing trimmed: we measure transport, not loss
  if (!a.dedup) o.dedup_ttl = std::chrono::seconds(0);
  auto start = Clock::now();
  std::vector<std::thread> threads;
  for (int p = 0; p < a.producers; ++p) {
    threads.emplace_back([&, p] {
      bh::ChunkProducer producer(conns[p], o);
      const std::string name = "bench-" + std::to_string(p);
      for (std::size_t i = p; i < n; i += a.producers) producer.publish(pool[i % pool.size()], {name, 1, 500});
    });
  }
  for (std::thread& t : threads) t.join();
  return seconds_since(start);
}

}  // namespace

int main(int argc, char** argv) {
  Args a;
  try {
    a = parse_args(argc, argv);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "broker_bench: %s\n", e.what());
    return 2;
  }
  if (!bh::test::RedisServer::binary()) {
    std::fprintf(stderr, "broker_bench: redis-server not found\n");
    return 2;
  }
  std::printf("broker_bench: %d producer threads, consumer batches of %zu, %u cores\n", a.producers, a.batch,
              std::thread::hardware_concurrency());
  try {
    for (std::size_t size : a.sizes) {
      const std::size_t n = std::max<std::size_t>(50, std::size_t(a.megabytes * 1e6 / double(size)));
      bh::test::RedisServer server({.persistent = true, .appendfsync = "everysec"});
      bh::RedisOptions quiet;
      quiet.log = {};
      bh::RedisConnection cc(server.url(), quiet);
      bh::ChunkConsumerOptions co;
      co.log = {};
      bh::ChunkConsumer consumer(cc, co);

      report("publish (producers -> broker)", size, n, publish(server, a, size, n));

      bh::test::TempDir run;
      bh::ChunkFileSink sink(run.path(), true);
      auto start = Clock::now();
      std::size_t written = 0;
      while (written < n) written += bh::ingest_batch(consumer, sink, a.batch, milliseconds(1000)).written.size();
      report("ingest (read, write+fsync, ack)", size, n, seconds_since(start));

      publish(server, a, size, n);
      start = Clock::now();
      std::size_t read = 0;
      while (read < n) {
        std::vector<bh::ChunkEntry> got = consumer.read(a.batch, milliseconds(1000));
        std::vector<std::string> ids;
        for (const bh::ChunkEntry& e : got) ids.push_back(e.id);
        consumer.ack(ids);
        read += got.size();
      }
      report("ingest without disk (read, ack)", size, n, seconds_since(start));
    }

    bh::test::RedisServer server({.persistent = true, .appendfsync = "everysec"});
    bh::RedisOptions quiet;
    quiet.log = {};
    bh::RedisConnection tc(server.url(), quiet), wc(server.url(), quiet);
    std::vector<std::uint8_t> net = random_bytes(std::size_t(a.net_mb * 1e6), 7);
    auto start = Clock::now();
    bh::ModelStore(tc).publish(1, net);
    double pub = seconds_since(start);
    start = Clock::now();
    std::optional<bh::NetBlob> got = bh::ModelStore(wc).fetch_if_newer(-1);
    double fetch = seconds_since(start);
    if (!got || got->bytes != net) throw std::runtime_error("net round trip failed");
    std::printf("  net of %.0f MB: publish %.2f s, fetch + SHA-256 verify %.2f s (%.0f MB/s)\n", a.net_mb, pub, fetch,
                a.net_mb / fetch);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "broker_bench: %s\n", e.what());
    return 1;
  }
  return 0;
}
