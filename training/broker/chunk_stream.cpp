// chunk_stream.cpp — XADD behind a dedup script; XREADGROUP/XAUTOCLAIM/XACK with the
// pending-first order that makes a restarted trainer lose nothing.
#include "training/broker/chunk_stream.h"

#include <cassert>
#include <cstdio>
#include <random>
#include <stdexcept>

namespace bh {

namespace {

// KEYS[1] the stream, KEYS[2] the chunk id's key; ARGV[1] the cap, ARGV[2] the id's
// lifetime in seconds, ARGV[3..] the entry's fields and values. Atomic on the server: a
// chunk id seen before returns the entry id it got then, and adds nothing.
constexpr std::string_view kPublishScript = R"lua(
local seen = redis.call('GET', KEYS[2])
if seen then return seen end
local id = redis.call('XADD', KEYS[1], 'MAXLEN', '~', ARGV[1], '*', unpack(ARGV, 3))
redis.call('SET', KEYS[2], id, 'EX', ARGV[2])
return id
)lua";

std::string random_hex64() {
  std::random_device rd;
  std::uint64_t v = (std::uint64_t(rd()) << 32) ^ rd();
  char buf[17];
  std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(v));
  return buf;
}

std::string_view as_text(std::span<const std::uint8_t> bytes) {
  return {reinterpret_cast<const char*>(bytes.data()), bytes.size()};
}

// The entries of an XREADGROUP reply for our one stream, or nullopt when there are none
// (nil after a BLOCK timeout, or an empty list).
std::optional<ReplyView> stream_entries(const RedisReply& r) {
  if (r.is_nil() || r.size() == 0) return std::nullopt;
  ReplyView entries = r[0][1];
  if (entries.is_nil() || entries.size() == 0) return std::nullopt;
  return entries;
}

// Admitted entries for the caller; none (all were rejected) means read on.
std::optional<std::vector<ChunkEntry>> unless_empty(std::vector<ChunkEntry> entries) {
  if (entries.empty()) return std::nullopt;
  return entries;
}

}  // namespace

// ---------------------------------------------------------------------------------------
// Producer

ChunkProducer::ChunkProducer(RedisConnection& conn, ChunkStreamOptions options)
    : conn_(conn), options_(std::move(options)), instance_(random_hex64()) {
  if (options_.stream.empty()) throw std::invalid_argument("chunk stream: the stream key is empty");
  if (options_.max_len < 1) throw std::invalid_argument("chunk stream: max_len must be at least 1");
  if (options_.dedup_ttl.count() < 0) throw std::invalid_argument("chunk stream: dedup_ttl must not be negative");
}

std::string ChunkProducer::publish(std::span<const std::uint8_t> chunk, const ChunkMeta& meta) {
  // Worker name first: it is part of the id, and the id's characters are checked.
  require_worker_name(meta.worker);
  return publish(chunk, meta, meta.worker + "-" + instance_ + "-" + std::to_string(sequence_++));
}

std::string ChunkProducer::publish(std::span<const std::uint8_t> chunk, const ChunkMeta& meta,
                                   std::string_view chunk_id) {
  require_worker_name(meta.worker);
  if (chunk.empty()) throw std::invalid_argument("chunk from worker '" + meta.worker + "' is empty");
  if (meta.net_version < 0 || meta.samples < 1)
    throw std::invalid_argument("chunk from worker '" + meta.worker + "': net version must be >= 0 and samples >= 1");
  if (chunk_id.empty() || chunk_id.size() > 200)
    throw std::invalid_argument("chunk id must have 1 to 200 characters");
  for (char c : chunk_id)
    if (c <= 0x20 || c >= 0x7f) throw std::invalid_argument("chunk id may hold only printable ASCII without spaces");

  const std::string net = std::to_string(meta.net_version);
  const std::string samples = std::to_string(meta.samples);
  const std::string matches = std::to_string(std::max<std::int64_t>(0, meta.matches));
  const std::string cap = std::to_string(options_.max_len);
  std::string id;
  if (options_.dedup_ttl.count() == 0) {
    RedisReply r = conn_.command({"XADD", options_.stream, "MAXLEN", "~", cap, "*", chunk_field::kWorker, meta.worker,
                                  chunk_field::kNetVersion, net, chunk_field::kSamples, samples, chunk_field::kMatches,
                                  matches, chunk_field::kChunkId, chunk_id, chunk_field::kData, as_text(chunk)});
    id = r.string();
  } else {
    const std::string id_key = options_.stream + ":cid:" + std::string(chunk_id);
    const std::string ttl = std::to_string(options_.dedup_ttl.count());
    RedisReply r = conn_.command({"EVAL", kPublishScript, "2", options_.stream, id_key, cap, ttl, chunk_field::kWorker,
                                  meta.worker, chunk_field::kNetVersion, net, chunk_field::kSamples, samples,
                                  chunk_field::kMatches, matches, chunk_field::kChunkId, chunk_id, chunk_field::kData,
                                  as_text(chunk)});
    id = r.string();
  }
  if (!valid_stream_id(id)) throw RedisProtocolError("XADD returned '" + printable_name(id) + "', not a stream id");
  ++published_;
  return id;
}

// ---------------------------------------------------------------------------------------
// Consumer

ChunkConsumer::ChunkConsumer(RedisConnection& conn, ChunkConsumerOptions options)
    : conn_(conn),
      options_(std::move(options)),
      validation_(options_.limits, options_.validator, options_.log),
      seen_reconnects_(conn.reconnects()) {
  if (options_.stream.stream.empty() || options_.group.empty() || options_.consumer.empty())
    throw std::invalid_argument("chunk consumer: stream, group and consumer names must not be empty");
  if (options_.claim_min_idle.count() < 0 || options_.claim_interval.count() < 0)
    throw std::invalid_argument("chunk consumer: claim times must not be negative");
  create_group();
}

void ChunkConsumer::create_group() {
  try {
    conn_.command({"XGROUP", "CREATE", options_.stream.stream, options_.group, "0", "MKSTREAM"});
  } catch (const RedisReplyError& e) {
    if (e.code() != "BUSYGROUP") throw;  // the group exists: that is the normal restart
  }
}

RedisReply ChunkConsumer::read_group(std::initializer_list<std::string_view> tail, std::chrono::milliseconds block) {
  RedisArgs args{"XREADGROUP", "GROUP", options_.group, options_.consumer};
  args.insert(args.end(), tail.begin(), tail.end());
  try {
    return conn_.command(args, block);
  } catch (const RedisReplyError& e) {
    // The broker restarted without its data (no AOF), or someone deleted the stream.
    if (e.code() != "NOGROUP") throw;
    if (options_.log)
      options_.log("consumer group '" + options_.group + "' on '" + options_.stream.stream +
                   "' vanished (broker restarted without persistence?); creating it again");
    ++stats_.group_recreated;
    create_group();
    return conn_.command(args, block);
  }
}

std::vector<ChunkEntry> ChunkConsumer::admit(const ReplyView& entries, std::uint64_t& counter) {
  std::vector<ChunkEntry> out;
  std::vector<std::string> drop;  // rejected or trimmed: acknowledged so they never come back
  for (std::size_t i = 0; i < entries.size(); ++i) {
    ReplyView e = entries[i];
    if (e.is_nil()) continue;  // Redis 6.2 XAUTOCLAIM: deleted entry, no id to act on
    ++counter;
    std::string_view id = e[0].str();
    ReplyView fields = e[1];
    if (fields.is_nil()) {
      // Pending, but the cap trimmed its data before we read it: nothing to deliver.
      ++stats_.trimmed;
      if (options_.log) options_.log("chunk " + printable_name(id) + " was trimmed from the stream before it was read");
      drop.emplace_back(id);
      continue;
    }
    RawStreamEntry raw{id, {}};
    raw.fields.reserve(fields.size() / 2);
    for (std::size_t f = 0; f + 1 < fields.size(); f += 2) raw.fields.emplace_back(fields[f].str(), fields[f + 1].str());
    if (std::optional<ChunkEntry> c = validation_.admit(raw))
      out.push_back(std::move(*c));
    else
      drop.emplace_back(id);
  }
  if (!drop.empty()) ack(drop);
  stats_.delivered += out.size();
  return out;
}

std::vector<ChunkEntry> ChunkConsumer::read(std::size_t count, std::chrono::milliseconds block) {
  if (count == 0) throw std::invalid_argument("chunk consumer: read count must be at least 1");
  const std::string n = std::to_string(count);
  for (;;) {
    reread_own_after_reconnect();
    std::optional<std::vector<ChunkEntry>> out;
    switch (phase_) {
      case Phase::Own: out = read_own(n); break;
      case Phase::Claim: out = read_claimed(n); break;
      case Phase::New: out = read_new(n, block); break;
    }
    if (out) return std::move(*out);
  }
}

void ChunkConsumer::reread_own_after_reconnect() {
  if (conn_.reconnects() == seen_reconnects_) return;
  // A reply lost to a broken connection may have delivered entries to this consumer that
  // we never saw; they wait in our pending list. Read it again first.
  seen_reconnects_ = conn_.reconnects();
  phase_ = Phase::Own;
  own_cursor_ = "0";
}

void ChunkConsumer::start_claim() {
  phase_ = Phase::Claim;
  claim_cursor_ = "0-0";
}

std::optional<std::vector<ChunkEntry>> ChunkConsumer::read_own(const std::string& n) {
  RedisReply r = read_group({"COUNT", n, "STREAMS", options_.stream.stream, own_cursor_}, {});
  std::optional<ReplyView> entries = stream_entries(r);
  if (!entries) {
    start_claim();
    return std::nullopt;
  }
  own_cursor_ = (*entries)[entries->size() - 1][0].string();
  // Everything rejected: go on through the pending list.
  return unless_empty(admit(*entries, stats_.redelivered));
}

std::optional<std::vector<ChunkEntry>> ChunkConsumer::read_claimed(const std::string& n) {
  const std::string idle = std::to_string(options_.claim_min_idle.count());
  RedisReply r = conn_.command({"XAUTOCLAIM", options_.stream.stream, options_.group, options_.consumer, idle,
                                claim_cursor_, "COUNT", n});
  std::string next = r[0].string();
  count_autoclaim_deleted(r);
  if (next == "0-0") {
    phase_ = Phase::New;
    last_claim_ = std::chrono::steady_clock::now();
  } else {
    claim_cursor_ = std::move(next);
  }
  return unless_empty(admit(r[1], stats_.claimed));
}

void ChunkConsumer::count_autoclaim_deleted(const RedisReply& r) {
  // Redis 7: ids whose data was deleted; XAUTOCLAIM already dropped them from the pending
  // list.
  if (r.size() <= 2) return;
  std::size_t deleted = r[2].size();
  stats_.trimmed += deleted;
  if (deleted > 0 && options_.log)
    options_.log(std::to_string(deleted) + " pending chunks were trimmed from the stream before they were read");
}

std::optional<std::vector<ChunkEntry>> ChunkConsumer::read_new(const std::string& n, std::chrono::milliseconds block) {
  if (std::chrono::steady_clock::now() - last_claim_ >= options_.claim_interval) {
    start_claim();
    return std::nullopt;
  }
  const std::string& stream = options_.stream.stream;
  std::uint64_t unused = 0;
  // BLOCK 0 would mean "forever" to Redis: without a wait, leave BLOCK out.
  const std::string ms = std::to_string(block.count());
  RedisReply r = block.count() > 0 ? read_group({"COUNT", n, "BLOCK", ms, "STREAMS", stream, ">"}, block)
                                   : read_group({"COUNT", n, "STREAMS", stream, ">"}, {});
  std::optional<ReplyView> entries = stream_entries(r);
  if (!entries) return std::vector<ChunkEntry>{};
  return admit(*entries, unused);
}

void ChunkConsumer::ack(std::string_view id) {
  const std::string one(id);
  ack(std::span(&one, 1));
}

void ChunkConsumer::ack(std::span<const std::string> ids) {
  if (ids.empty()) return;
  RedisArgs args{"XACK", options_.stream.stream, options_.group};
  for (const std::string& id : ids) args.push_back(id);
  stats_.acked += std::uint64_t(conn_.command(args).integer());
}

ConsumerStats ChunkConsumer::stats() const {
  ConsumerStats s = stats_;
  s.ingest = validation_.counters();
  return s;
}

std::int64_t ChunkConsumer::pending() {
  RedisReply r = conn_.command({"XPENDING", options_.stream.stream, options_.group});
  return r[0].integer();
}

std::optional<std::int64_t> ChunkConsumer::lag() {
  RedisReply groups = conn_.command({"XINFO", "GROUPS", options_.stream.stream});
  for (std::size_t g = 0; g < groups.size(); ++g) {
    ReplyView fields = groups[g];
    std::optional<ReplyView> name, lag;
    for (std::size_t f = 0; f + 1 < fields.size(); f += 2) {
      std::string_view key = fields[f].str();
      if (key == "name") name = fields[f + 1];
      if (key == "lag") lag = fields[f + 1];
    }
    if (!name || name->str() != options_.group) continue;
    if (!lag) throw RedisProtocolError("XINFO GROUPS has no 'lag' (the broker predates Redis 7)");
    if (lag->is_nil()) return std::nullopt;
    return lag->integer();
  }
  throw RedisProtocolError("XINFO GROUPS: no group '" + options_.group + "'");
}

}  // namespace bh
