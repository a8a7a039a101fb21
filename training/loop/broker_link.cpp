// broker_link.cpp — publishing nets, collecting chunks, counting a generation's matches.
#include "training/loop/broker_link.h"

#include <algorithm>
#include <charconv>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <iterator>
#include <utility>

#include "nn/checkpoint.h"
#include "training/loop/revision.h"

namespace bh {

namespace {

using Clock = std::chrono::steady_clock;

RedisOptions trainer_options(InterruptWatch& interrupt) {
  RedisOptions o;
  o.client_name = "trainer";
  o.retry.give_up_after = std::chrono::hours(1);  // ride out a broker restart ...
  o.wait_before_retry = [&interrupt](std::chrono::milliseconds delay) {  // ... unless stopped
    return !interrupt.poll(delay);
  };
  return o;
}

ChunkConsumerOptions consumer_options() {
  ChunkConsumerOptions o;
  o.consumer = "trainer";  // the same name across restarts: pending entries come back to it
  return o;
}

// A stream id "<ms>-<seq>" as a pair that orders like the stream; (0, 0) for anything else.
std::pair<std::uint64_t, std::uint64_t> entry_order(const std::string& id) {
  std::pair<std::uint64_t, std::uint64_t> key{0, 0};
  const auto dash = id.find('-');
  if (dash == std::string::npos) return key;
  std::from_chars(id.data(), id.data() + dash, key.first);
  std::from_chars(id.data() + dash + 1, id.data() + id.size(), key.second);
  return key;
}

// Matches in the chunk files after entry `after`, from their headers, and the newest id.
std::pair<std::int64_t, std::string> matches_after(const ChunkFileSink& sink, const std::string& after) {
  std::int64_t matches = 0;
  std::string newest = after;
  for (const std::string& id : sink.entry_ids()) {
    if (entry_order(id) <= entry_order(after)) continue;
    try {
      matches += std::max<std::int64_t>(1, read_chunk_header(sink.path_for(id)).provenance.matches);
    } catch (const ChunkError&) {
      continue;  // the replay window skips it with a warning too
    }
    if (entry_order(id) > entry_order(newest)) newest = id;
  }
  return {matches, newest};
}

std::string progress_text(RunContext& run, std::int64_t g, std::int64_t matches, std::int64_t chunks,
                          std::int64_t samples, std::uint64_t rejected, std::size_t workers) {
  char line[320];
  std::snprintf(line, sizeof line, "gen %lld broker: %lld/%lld matches, %lld chunks, %lld samples, %llu rejected, %zu workers, %s",
                static_cast<long long>(g), static_cast<long long>(matches),
                static_cast<long long>(run.config.run.matches_per_generation), static_cast<long long>(chunks),
                static_cast<long long>(samples), static_cast<unsigned long long>(rejected), workers, run.clock_text().c_str());
  return line;
}

}  // namespace

BrokerLink::BrokerLink(const std::string& url, const Config& config, const RunDirectory& dir, InterruptWatch& interrupt)
    : connection_(RedisUrl::parse(url), trainer_options(interrupt)),
      nets_(connection_),
      consumer_(connection_, consumer_options()),
      sink_(dir.chunks()),
      registry_(connection_),
      policy_{config.rules, 0, config.broker.max_net_lag} {
  consumer_.set_validator([this](std::span<const std::uint8_t> bytes) { return validate_chunk(bytes, policy_); });
}

void BrokerLink::publish(RunContext& run, std::int64_t version) {
  const auto file = run.dir.published_checkpoint();
  save_checkpoint(file, run.trainer.player(), run.config.rules, run.state.meta(run.config.text, BUGHOUSE_REVISION));
  std::ifstream in(file, std::ios::binary);
  const std::vector<std::uint8_t> bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  try {
    const std::string digest = nets_.publish(version, bytes);
    run.progress.say("broker: published net " + std::to_string(version) + " (" + std::to_string(bytes.size() / 1024) +
                     " KB, sha256 " + digest.substr(0, 12) + "...)");
  } catch (const ModelStoreError& e) {
    // A resumed trainer finds its last net already there (the same weights, other bytes).
    run.progress.say(std::string("broker: keeping the published net: ") + e.what());
  }
  policy_.current_net = version;
}

bool BrokerLink::collect(RunContext& run, std::int64_t g) {
  auto [matches, newest] = matches_after(sink_, run.state.broker_entry);
  const std::int64_t before = matches;
  std::int64_t samples = 0, chunks = 0;
  const auto start = Clock::now();
  auto last_workers = Clock::now() - std::chrono::hours(1);
  std::size_t live = 0;
  while (matches < run.config.run.matches_per_generation) {
    if (run.stopping()) return false;
    IngestBatch batch = ingest_batch(consumer_, sink_, 32, std::chrono::milliseconds(500));
    for (const ChunkEntry& e : batch.written) {
      matches += std::max<std::int64_t>(1, e.meta.matches);
      samples += e.meta.samples;
      ++chunks;
      if (entry_order(e.id) > entry_order(newest)) newest = e.id;
    }
    if (Clock::now() - last_workers > std::chrono::seconds(10)) {
      live = registry_.live().size();
      last_workers = Clock::now();
    }
    run.progress.show(progress_text(run, g, matches, chunks, samples, consumer_.stats().ingest.total_rejected(), live));
  }
  run.state.broker_entry = newest;
  const ConsumerStats& st = consumer_.stats();
  const double s = std::max(1e-9, std::chrono::duration<double>(Clock::now() - start).count());
  JsonLine line;
  line.set("kind", "broker").set("generation", g).set("session", run.state.session).set("matches", matches - before)
      .set("chunks", chunks).set("samples", samples).set("samples_per_s", double(samples) / s)
      .set("rejected_total", std::int64_t(st.ingest.total_rejected())).set("redelivered", std::int64_t(st.redelivered))
      .set("claimed", std::int64_t(st.claimed)).set("rejections", st.ingest.to_string()).set("seconds", s);
  run.metrics.write(line);
  return true;
}

}  // namespace bh
