// ingest_validation.cpp — checks that need no knowledge of the chunk format, then the
// caller's validator; every rejection logged, counted, and survivable.
#include "training/broker/ingest_validation.h"

#include <algorithm>
#include <charconv>
#include <iterator>
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

// The known fields of an entry, as views into the reply; each absent until seen.
struct EntryFields {
  std::optional<std::string_view> worker, net, samples, matches, cid, data;
  std::string duplicate;  // the name of a field that appears twice, if any
};

// The numbers an accepted entry carries.
struct EntryNumbers {
  std::int64_t net_version = 0;
  std::int64_t samples = 0;
  std::int64_t matches = 0;
};

// Why an entry is turned away: the counted reason and the logged detail.
struct Rejection {
  RejectReason reason;
  std::string detail;
};

// Where each known field of an entry goes.
constexpr std::pair<std::string_view, std::optional<std::string_view> EntryFields::*> kFieldSlots[] = {
    {chunk_field::kWorker, &EntryFields::worker},   {chunk_field::kNetVersion, &EntryFields::net},
    {chunk_field::kSamples, &EntryFields::samples}, {chunk_field::kMatches, &EntryFields::matches},
    {chunk_field::kChunkId, &EntryFields::cid},     {chunk_field::kData, &EntryFields::data},
};

// The known fields; a duplicate is malformed (which one would be meant?).
EntryFields collect_fields(const RawStreamEntry& e) {
  EntryFields f;
  for (const auto& entry : e.fields) {
    const auto& [name, value] = entry;
    // The lambda takes the pair, not the binding: clang before 16 cannot capture bindings.
    const auto* slot = std::find_if(std::begin(kFieldSlots), std::end(kFieldSlots),
                                    [&entry](const auto& s) { return s.first == entry.first; });
    if (slot == std::end(kFieldSlots)) continue;  // unknown fields are left for newer producers
    std::optional<std::string_view>& field = f.*(slot->second);
    if (field.has_value()) f.duplicate = std::string(name);
    field = value;
  }
  return f;
}

// Each required field once; the fields are then safe to dereference.
std::optional<Rejection> check_fields_present(const EntryFields& f) {
  if (!f.duplicate.empty()) return Rejection{RejectReason::BadField, "field '" + f.duplicate + "' appears twice"};
  std::string missing;
  for (auto [field, name] : {std::pair{&f.worker, chunk_field::kWorker}, std::pair{&f.net, chunk_field::kNetVersion},
                             std::pair{&f.samples, chunk_field::kSamples}, std::pair{&f.data, chunk_field::kData}})
    if (!field->has_value()) missing += (missing.empty() ? "" : ", ") + std::string(name);
  if (!missing.empty()) return Rejection{RejectReason::MissingField, "no field " + missing};
  return std::nullopt;
}

std::optional<Rejection> read_numbers(const EntryFields& f, const IngestLimits& limits, EntryNumbers& n) {
  std::optional<std::int64_t> net_version = parse_int(*f.net);
  if (!net_version || *net_version < 0)
    return Rejection{RejectReason::BadField, "net version " + quoted_prefix(*f.net) + " is not a number >= 0"};
  std::optional<std::int64_t> sample_count = parse_int(*f.samples);
  if (!sample_count || *sample_count < 1)
    return Rejection{RejectReason::BadField, "sample count " + quoted_prefix(*f.samples) + " is not a number >= 1"};
  if (*sample_count > limits.max_samples)
    return Rejection{RejectReason::TooManySamples,
                     std::to_string(*sample_count) + " samples, limit " + std::to_string(limits.max_samples)};
  // Older producers omit the match count: their entries count none.
  std::optional<std::int64_t> match_count = f.matches ? parse_int(*f.matches) : std::optional<std::int64_t>(0);
  if (!match_count || *match_count < 0)
    return Rejection{RejectReason::BadField, "match count " + quoted_prefix(*f.matches) + " is not a number >= 0"};
  n = {*net_version, *sample_count, *match_count};
  return std::nullopt;
}

std::optional<Rejection> check_sizes(const EntryFields& f, const IngestLimits& limits) {
  if (f.cid && (f.cid->empty() || f.cid->size() > 256))
    return Rejection{RejectReason::BadField, "chunk id of " + std::to_string(f.cid->size()) + " bytes"};
  if (f.data->empty()) return Rejection{RejectReason::EmptyChunk, "no bytes"};
  if (f.data->size() > limits.max_chunk_bytes)
    return Rejection{RejectReason::ChunkTooLarge,
                     std::to_string(f.data->size()) + " bytes, limit " + std::to_string(limits.max_chunk_bytes)};
  return std::nullopt;
}

// Nothing a validator does may take the trainer down: a throw is a rejection too.
std::optional<Rejection> run_validator(const ChunkValidator& validator, std::span<const std::uint8_t> bytes) {
  if (!validator) return std::nullopt;
  std::string why;
  try {
    why = validator(bytes);
  } catch (const std::exception& ex) {
    return Rejection{RejectReason::ValidatorError, std::string("validator threw: ") + ex.what()};
  } catch (...) {
    return Rejection{RejectReason::ValidatorError, "validator threw a non-standard exception"};
  }
  if (!why.empty()) return Rejection{RejectReason::Validator, why};
  return std::nullopt;
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

// The checks run in a fixed order, so an entry with several faults is always rejected
// for the same one.
std::optional<ChunkEntry> IngestValidation::admit(const RawStreamEntry& e) {
  const EntryFields f = collect_fields(e);
  std::string_view w = f.worker.value_or("");
  auto turn_away = [&](const Rejection& r) { return reject(e, w, r.reason, r.detail); };
  if (auto no = check_fields_present(f)) return turn_away(*no);
  if (!valid_worker_name(w)) return reject(e, w, RejectReason::BadWorkerName, "worker name breaks the naming rule");
  EntryNumbers n;
  if (auto no = read_numbers(f, limits_, n)) return turn_away(*no);
  if (auto no = check_sizes(f, limits_)) return turn_away(*no);
  std::span<const std::uint8_t> bytes(reinterpret_cast<const std::uint8_t*>(f.data->data()), f.data->size());
  if (auto no = run_validator(validator_, bytes)) return turn_away(*no);

  ++counters_.accepted;
  ChunkEntry out;
  out.id = std::string(e.id);
  out.chunk_id = std::string(f.cid.value_or(""));
  out.meta = {std::string(w), n.net_version, n.samples, n.matches};
  out.data.assign(bytes.begin(), bytes.end());
  return out;
}

}  // namespace bh
