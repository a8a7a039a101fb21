// ingest_validation.cpp — checks that need no knowledge of the chunk format, then the
// caller's validator; every rejection logged, counted, and survivable.
#include "training/broker/ingest_validation.h"

#include <charconv>
#include <exception>

namespace bh {

namespace {

// Bound on the per-worker map: names come from the network, so a flood of invented
// names must not grow it without end.
constexpr std::size_t kMaxTrackedWorkers = 1024;

std::optional<std::int64_t> parse_int(std::string_view s) {
  std::int64_t v = 0;
  if (s.empty()) return std::nullopt;
  auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
  if (ec != std::errc() || end != s.data() + s.size()) return std::nullopt;
  return v;
}

std::string quoted_prefix(std::string_view s) {
  std::string out = "'" + printable_name(s.substr(0, 24)) + "'";
  if (s.size() > 24) out.insert(out.size() - 1, "...");
  return out;
}

}  // namespace

const char* to_string(RejectReason r) {
  switch (r) {
    case RejectReason::MissingField: return "missing-field";
    case RejectReason::BadField: return "bad-field";
    case RejectReason::BadWorkerName: return "bad-worker-name";
    case RejectReason::EmptyChunk: return "empty-chunk";
    case RejectReason::ChunkTooLarge: return "chunk-too-large";
    case RejectReason::TooManySamples: return "too-many-samples";
    case RejectReason::Validator: return "validator";
    case RejectReason::ValidatorError: return "validator-error";
  }
  return "?";
}

std::uint64_t IngestCounters::total_rejected() const {
  std::uint64_t n = 0;
  for (std::uint64_t r : rejected) n += r;
  return n;
}

std::string IngestCounters::to_string() const {
  std::string out = "accepted " + std::to_string(accepted) + ", rejected " + std::to_string(total_rejected());
  std::string parts;
  for (std::size_t i = 0; i < kRejectReasons; ++i) {
    if (rejected[i] == 0) continue;
    if (!parts.empty()) parts += ", ";
    parts += std::string(bh::to_string(RejectReason(i))) + " " + std::to_string(rejected[i]);
  }
  if (!parts.empty()) out += " (" + parts + ")";
  return out;
}

IngestValidation::IngestValidation(IngestLimits limits, ChunkValidator validator, LogSink log)
    : limits_(limits), validator_(std::move(validator)), log_(std::move(log)) {}

std::nullopt_t IngestValidation::reject(const RawStreamEntry& e, std::string_view worker, RejectReason r,
                                        const std::string& detail) {
  ++counters_.rejected[std::size_t(r)];
  std::string who = valid_worker_name(worker) ? std::string(worker) : "(invalid name)";
  auto it = counters_.rejected_by_worker.find(who);
  if (it != counters_.rejected_by_worker.end())
    ++it->second;
  else if (counters_.rejected_by_worker.size() < kMaxTrackedWorkers)
    counters_.rejected_by_worker.emplace(who, 1);
  else
    ++counters_.rejected_by_worker["(other)"];
  if (log_) {
    // A valid name is printed whole: it is how the operator finds the culprit.
    std::string name = worker.empty() ? "(none)" : valid_worker_name(worker) ? "'" + std::string(worker) + "'"
                                                                             : quoted_prefix(worker);
    log_("rejected chunk " + printable_name(e.id) + " from worker " + name + ": " + bh::to_string(r) + ": " + detail);
  }
  return std::nullopt;
}

std::optional<ChunkEntry> IngestValidation::admit(const RawStreamEntry& e) {
  // Collect the known fields; a duplicate is malformed (which one would be meant?).
  std::optional<std::string_view> worker, net, samples, matches, cid, data;
  std::string duplicate;
  for (const auto& [name, value] : e.fields) {
    std::optional<std::string_view>* slot = nullptr;
    if (name == chunk_field::kWorker) slot = &worker;
    else if (name == chunk_field::kNetVersion) slot = &net;
    else if (name == chunk_field::kSamples) slot = &samples;
    else if (name == chunk_field::kMatches) slot = &matches;
    else if (name == chunk_field::kChunkId) slot = &cid;
    else if (name == chunk_field::kData) slot = &data;
    else continue;  // unknown fields are left for newer producers
    if (slot->has_value()) duplicate = std::string(name);
    *slot = value;
  }
  std::string_view w = worker.value_or("");
  if (!duplicate.empty()) return reject(e, w, RejectReason::BadField, "field '" + duplicate + "' appears twice");
  std::string missing;
  for (auto [f, name] : {std::pair{&worker, chunk_field::kWorker}, std::pair{&net, chunk_field::kNetVersion},
                         std::pair{&samples, chunk_field::kSamples}, std::pair{&data, chunk_field::kData}})
    if (!f->has_value()) missing += (missing.empty() ? "" : ", ") + std::string(name);
  if (!missing.empty()) return reject(e, w, RejectReason::MissingField, "no field " + missing);
  if (!valid_worker_name(w)) return reject(e, w, RejectReason::BadWorkerName, "worker name breaks the naming rule");
  std::optional<std::int64_t> net_version = parse_int(*net);
  if (!net_version || *net_version < 0)
    return reject(e, w, RejectReason::BadField, "net version " + quoted_prefix(*net) + " is not a number >= 0");
  std::optional<std::int64_t> sample_count = parse_int(*samples);
  if (!sample_count || *sample_count < 1)
    return reject(e, w, RejectReason::BadField, "sample count " + quoted_prefix(*samples) + " is not a number >= 1");
  if (*sample_count > limits_.max_samples)
    return reject(e, w, RejectReason::TooManySamples,
                  std::to_string(*sample_count) + " samples, limit " + std::to_string(limits_.max_samples));
  std::optional<std::int64_t> match_count = matches ? parse_int(*matches) : std::optional<std::int64_t>(0);
  if (!match_count || *match_count < 0)
    return reject(e, w, RejectReason::BadField, "match count " + quoted_prefix(*matches) + " is not a number >= 0");
  if (cid && (cid->empty() || cid->size() > 256))
    return reject(e, w, RejectReason::BadField, "chunk id of " + std::to_string(cid->size()) + " bytes");
  if (data->empty()) return reject(e, w, RejectReason::EmptyChunk, "no bytes");
  if (data->size() > limits_.max_chunk_bytes)
    return reject(e, w, RejectReason::ChunkTooLarge,
                  std::to_string(data->size()) + " bytes, limit " + std::to_string(limits_.max_chunk_bytes));

  std::span<const std::uint8_t> bytes(reinterpret_cast<const std::uint8_t*>(data->data()), data->size());
  if (validator_) {
    std::string why;
    try {
      why = validator_(bytes);
    } catch (const std::exception& ex) {
      return reject(e, w, RejectReason::ValidatorError, std::string("validator threw: ") + ex.what());
    } catch (...) {
      return reject(e, w, RejectReason::ValidatorError, "validator threw a non-standard exception");
    }
    if (!why.empty()) return reject(e, w, RejectReason::Validator, why);
  }

  ++counters_.accepted;
  ChunkEntry out;
  out.id = std::string(e.id);
  out.chunk_id = std::string(cid.value_or(""));
  out.meta = {std::string(w), *net_version, *sample_count, *match_count};
  out.data.assign(bytes.begin(), bytes.end());
  return out;
}

}  // namespace bh
