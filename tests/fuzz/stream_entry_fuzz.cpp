// stream_entry_fuzz.cpp — feeds the fields of a Redis stream entry to the trainer's gate
// for incoming chunks (training/broker/ingest_validation.h), with the trainer's own chunk
// validator (training/chunk_validation.h) behind it, as the generation loop wires them.
// Input: the entry id on the first line, then `name=value` fields one per line, then an
// empty line; the bytes after it are the `data` field (when the input has that empty
// line). A field line without '=' is a field with an empty value.
// Checks: no crash, no sanitizer report, admit() never throws, each entry is counted once
// (accepted or rejected), and an accepted entry carries a valid worker name, a net version
// >= 0, a sample count >= 1 and exactly the data field's bytes, which decode as a chunk.
#include <optional>

#include "mcts/chunk.h"
#include "tests/fuzz/fuzz_util.h"
#include "training/broker/ingest_validation.h"
#include "training/loop/chunk_validation.h"

namespace bh {
namespace {

// The entry the input describes; its views point into `text`.
RawStreamEntry parse_entry(std::string_view text) {
  RawStreamEntry entry;
  const std::size_t blank = text.find("\n\n");
  std::string_view head = text.substr(0, blank);
  auto [id, fields] = fuzz::split_first_line(head);
  entry.id = id;
  for (std::string_view line : fuzz::lines(fields)) {
    const std::size_t eq = line.find('=');
    entry.fields.emplace_back(line.substr(0, eq), eq == std::string_view::npos ? std::string_view() : line.substr(eq + 1));
  }
  if (blank != std::string_view::npos) entry.fields.emplace_back("data", text.substr(blank + 2));
  return entry;
}

std::string_view data_field(const RawStreamEntry& entry) {
  for (const auto& [name, value] : entry.fields)
    if (name == "data") return value;
  return {};
}

}  // namespace
}  // namespace bh

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace bh;
  const RawStreamEntry entry = parse_entry(fuzz::as_text(data, size));
  ChunkPolicy policy;
  policy.current_net = 2;
  IngestLimits limits;
  limits.max_chunk_bytes = 1 << 20;
  IngestValidation gate(limits, [&](std::span<const std::uint8_t> bytes) { return validate_chunk(bytes, policy); },
                        LogSink());
  const std::optional<ChunkEntry> admitted = gate.admit(entry);
  fuzz::require(gate.counters().accepted + gate.counters().total_rejected() == 1, "each entry is counted once");
  if (!admitted) return 0;
  fuzz::require(valid_worker_name(admitted->meta.worker), "an accepted worker name is valid");
  fuzz::require(admitted->meta.net_version >= 0 && admitted->meta.samples >= 1, "accepted counts are in range");
  const std::string_view bytes = data_field(entry);
  fuzz::require(std::string_view(reinterpret_cast<const char*>(admitted->data.data()), admitted->data.size()) == bytes,
                "an accepted entry carries the data field's bytes");
  fuzz::require(!decode_chunk(admitted->bytes(), "admitted").empty(), "accepted data decodes as a chunk");
  return 0;
}
