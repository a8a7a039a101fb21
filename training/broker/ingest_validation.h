// ingest_validation.h — the trainer's gate for incoming chunks, as far as the broker layer
// can judge them without knowing the chunk format: the entry's fields are present and
// well-formed, the worker name is valid, the size is within limits. Then the caller's
// ChunkValidator (the real chunk checker: version, checksum, value ranges, legal moves)
// has its say. A rejected entry is logged with the worker's name, counted by reason,
// and never reaches the caller; the consumer acknowledges it so it is not redelivered.
// Nothing an entry holds can make this throw: a validator that throws is a rejection.
#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "training/broker/chunk_entry.h"
#include "training/broker/log_sink.h"

namespace bh {

enum class RejectReason : std::uint8_t {
  MissingField,    // worker, net, samples or data is absent
  BadField,        // a field is malformed: not a number, negative, duplicated
  BadWorkerName,   // the worker name breaks the naming rule
  EmptyChunk,      // zero bytes
  ChunkTooLarge,   // over IngestLimits::max_chunk_bytes
  TooManySamples,  // over IngestLimits::max_samples
  Validator,       // the ChunkValidator returned a reason
  ValidatorError,  // the ChunkValidator threw
};
inline constexpr std::size_t kRejectReasons = 8;
const char* to_string(RejectReason r);

// Returns an empty string to accept the chunk, or why it is rejected ("checksum mismatch").
using ChunkValidator = std::function<std::string(std::span<const std::uint8_t>)>;

struct IngestLimits {
  std::size_t max_chunk_bytes = 64u << 20;
  std::int64_t max_samples = 1 << 24;
};

// A stream entry as it came from the broker: views into the reply.
struct RawStreamEntry {
  std::string_view id;
  std::vector<std::pair<std::string_view, std::string_view>> fields;
};

struct IngestCounters {
  std::uint64_t accepted = 0;
  std::array<std::uint64_t, kRejectReasons> rejected{};
  // Rejections per worker ("(invalid name)" for names that break the rule).
  std::map<std::string, std::uint64_t> rejected_by_worker;

  std::uint64_t rejected_for(RejectReason r) const { return rejected[std::size_t(r)]; }
  std::uint64_t total_rejected() const;
  // "accepted 120, rejected 3 (bad-field 1, validator 2)"
  std::string to_string() const;
};

class IngestValidation {
 public:
  explicit IngestValidation(IngestLimits limits = {}, ChunkValidator validator = {}, LogSink log = stderr_log());

  void set_validator(ChunkValidator validator) { validator_ = std::move(validator); }
  // The parsed entry (the bytes copied out of the reply) when accepted; nullopt when
  // rejected, after logging and counting.
  std::optional<ChunkEntry> admit(const RawStreamEntry& entry);
  const IngestCounters& counters() const { return counters_; }

 private:
  std::nullopt_t reject(const RawStreamEntry& e, std::string_view worker, RejectReason r, const std::string& detail);

  IngestLimits limits_;
  ChunkValidator validator_;
  LogSink log_;
  IngestCounters counters_;
};

}  // namespace bh
