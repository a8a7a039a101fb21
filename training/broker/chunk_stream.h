// chunk_stream.h — training chunks from many workers to one trainer through a Redis
// stream and a consumer group.
//
// Producer (worker): publish() appends one entry (XADD with an approximate MAXLEN cap).
// Each chunk carries a producer-made chunk id; the XADD runs in a small script that first
// looks the id up, so a publish retried after a lost reply returns the first entry's id
// instead of adding the chunk twice.
//
// Consumer (trainer): reads through a consumer group (XREADGROUP). Delivery is
// at-least-once; the trainer makes it exactly-once in its run directory:
//   1. read() returns entries; each stays pending in the group until acknowledged.
//   2. For each entry the caller writes the bytes to a file named by the entry id,
//      atomically (temp file, fsync, rename, fsync of the directory: ChunkFileSink). If
//      that file already exists the chunk was written before: skip the write.
//   3. Only then ack(id).
// A trainer that dies between 2 and 3 (or between 1 and 2) gets the entry again when it
// restarts under the same consumer name: read() first re-reads this consumer's pending
// entries (XREADGROUP from id 0), then takes over entries left pending by other, dead
// consumers for longer than claim_min_idle (XAUTOCLAIM), and only then reads new ones.
// The re-delivered entry finds its file and is just acknowledged. So every chunk the
// broker accepted ends up in the run directory once, unless the stream's cap trimmed it
// before the trainer read it (the trainer was more than max_len entries behind).
//
// Entries that fail IngestValidation are logged, counted, acknowledged and never returned.
// Neither class is thread-safe; each uses the connection it is given (which must outlive
// it) and no other state.
#pragma once

#include <chrono>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "training/broker/chunk_entry.h"
#include "training/broker/ingest_validation.h"
#include "training/broker/redis_connection.h"

namespace bh {

struct ChunkStreamOptions {
  std::string stream = "bh:chunks";
  // Approximate length cap (XADD MAXLEN ~). When the trainer falls this many entries
  // behind, the oldest go. Size it from broker memory: cap x chunk size must fit.
  std::int64_t max_len = 2'000;
  // How long the broker remembers a chunk id to make a retried publish a no-op (one small
  // key per chunk). Zero publishes with a plain XADD: a retry after a lost reply may then
  // add the chunk twice.
  std::chrono::seconds dedup_ttl{3'600};
};

class ChunkProducer {
 public:
  explicit ChunkProducer(RedisConnection& conn, ChunkStreamOptions options = {});

  // Appends the chunk; returns its stream entry id once the broker has it. Throws
  // std::invalid_argument for a bad worker name or an empty chunk, RedisError when the
  // broker stays unreachable past the connection's retry budget.
  std::string publish(std::span<const std::uint8_t> chunk, const ChunkMeta& meta);
  // As above with the caller's chunk id (unique per chunk, at most 200 characters), for a
  // worker that keeps chunks on disk and republishes them after its own restart.
  std::string publish(std::span<const std::uint8_t> chunk, const ChunkMeta& meta, std::string_view chunk_id);
  std::uint64_t published() const { return published_; }

 private:
  RedisConnection& conn_;
  ChunkStreamOptions options_;
  std::string instance_;  // random per producer: chunk ids of a restarted worker differ
  std::uint64_t sequence_ = 0;
  std::uint64_t published_ = 0;
};

struct ChunkConsumerOptions {
  ChunkStreamOptions stream;
  std::string group = "trainers";
  // Keep it the same across restarts: the restarted trainer finds its own pending
  // entries under this name.
  std::string consumer = "trainer";
  // Entries pending at another consumer for this long are taken over (that consumer is
  // presumed dead). Longer than the slowest write-and-ack of one batch.
  std::chrono::milliseconds claim_min_idle{60'000};
  // How often, while running, to look for such entries again.
  std::chrono::milliseconds claim_interval{30'000};
  IngestLimits limits;
  ChunkValidator validator;
  LogSink log = stderr_log();
};

struct ConsumerStats {
  std::uint64_t delivered = 0;  // entries returned by read()
  std::uint64_t acked = 0;      // acknowledgements the broker counted (rejected entries included)
  std::uint64_t redelivered = 0;  // entries re-read from this consumer's pending list
  std::uint64_t claimed = 0;      // entries taken over from other consumers
  std::uint64_t trimmed = 0;      // pending entries whose data the cap removed first
  std::uint64_t group_recreated = 0;  // times the group vanished (broker lost its data)
  IngestCounters ingest;
};

class ChunkConsumer {
 public:
  // Creates the group (XGROUP CREATE ... 0 MKSTREAM: it sees every chunk already in the
  // stream) unless it exists.
  ChunkConsumer(RedisConnection& conn, ChunkConsumerOptions options = {});

  // Up to `count` accepted entries. Pending entries (own, then claimed) come first without
  // blocking; new entries are waited for up to `block` (zero: do not wait). An empty
  // result means nothing arrived in time or everything that arrived was rejected.
  std::vector<ChunkEntry> read(std::size_t count, std::chrono::milliseconds block);
  // Acknowledges entries (idempotent: acknowledging twice is harmless).
  void ack(std::string_view id);
  void ack(std::span<const std::string> ids);

  void set_validator(ChunkValidator validator) { validation_.set_validator(std::move(validator)); }
  ConsumerStats stats() const;
  // Entries delivered to the group and not yet acknowledged, by any consumer (XPENDING).
  std::int64_t pending();
  // Entries in the stream the group has not read yet (XINFO GROUPS "lag"); nullopt when
  // the broker cannot tell (entries were deleted out of order).
  std::optional<std::int64_t> lag();

 private:
  enum class Phase { Own, Claim, New };
  void create_group();
  // The phases of read(): this consumer's pending entries, then those of dead consumers,
  // then new ones; each returns what read() returns, or nullopt to read on.
  void reread_own_after_reconnect();
  void start_claim();
  std::optional<std::vector<ChunkEntry>> read_own(const std::string& count);
  std::optional<std::vector<ChunkEntry>> read_claimed(const std::string& count);
  void count_autoclaim_deleted(const RedisReply& reply);
  std::optional<std::vector<ChunkEntry>> read_new(const std::string& count, std::chrono::milliseconds block);
  std::vector<ChunkEntry> admit(const ReplyView& entries, std::uint64_t& counter);
  RedisReply read_group(std::initializer_list<std::string_view> args, std::chrono::milliseconds block);

  RedisConnection& conn_;
  ChunkConsumerOptions options_;
  IngestValidation validation_;
  ConsumerStats stats_;
  Phase phase_ = Phase::Own;
  std::string own_cursor_ = "0";
  std::string claim_cursor_ = "0-0";
  std::uint64_t seen_reconnects_ = 0;
  std::chrono::steady_clock::time_point last_claim_{};
};

}  // namespace bh
