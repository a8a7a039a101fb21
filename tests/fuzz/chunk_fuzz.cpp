// chunk_fuzz.cpp — feeds chunk bytes to decode_chunk (mcts/chunk.h) and, where they
// decode, to the trainer's validate_chunk (training/chunk_validation.h). The first input
// byte chooses how the rest is used:
//   0  the bytes as a chunk file, as they are;
//   1  the same with the header's checksum (its last four bytes) made right, so that
//      changes to the header's fields get past it;
//   2  samples described field by field (chunk_input.h), written by encode_chunk.
// Checks: no crash, no sanitizer report, a refusal is a ChunkError with a message;
// validate_chunk never throws; decoded samples encode to a chunk that decodes to the same
// samples; in mode 2 the samples decode to exactly those written, or the decoder refuses
// a field the encoder let through (seat, result, root value, probabilities).
#include <optional>
#include <algorithm>

#include "core/platform/crc32.h"
#include "mcts/chunk.h"
#include "tests/fuzz/chunk_input.h"
#include "tests/fuzz/fuzz_util.h"
#include "training/loop/chunk_validation.h"

namespace bh {
namespace {

void reseal_header(std::vector<std::uint8_t>& bytes) {
  if (bytes.size() < kChunkHeaderSize) return;
  constexpr std::size_t at = kChunkHeaderSize - 4;
  const std::uint32_t crc = crc32(std::span<const std::uint8_t>(bytes).first(at));
  for (std::size_t i = 0; i < 4; ++i) bytes[at + i] = std::uint8_t(crc >> (8 * i));
}

void check_decoded(std::span<const std::uint8_t> bytes, const std::vector<Sample>& samples) {
  fuzz::require(decode_chunk(encode_chunk(samples, {}, 1), "again") == samples, "decoded samples encode and decode alike");
  ChunkPolicy policy;
  policy.current_net = 2;
  (void)validate_chunk(bytes, policy);
}

}  // namespace
}  // namespace bh

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace bh;
  if (size == 0) return 0;
  const std::span<const std::uint8_t> rest(data + 1, size - 1);
  std::vector<std::uint8_t> bytes(rest.begin(), rest.end());
  std::optional<std::vector<Sample>> written;
  switch (data[0] % 3) {
    case 1: reseal_header(bytes); break;
    case 2:
      written = fuzz::ChunkInputReader(rest).samples();
      // The encoder's own refusal: more policy entries than any position has actions.
      if (!fuzz::accepted<std::invalid_argument>([&] { bytes = encode_chunk(*written, {}, 1); })) return 0;
      break;
  }
  std::vector<Sample> samples;
  if (!fuzz::accepted<ChunkError>([&] { samples = decode_chunk(bytes, "fuzz"); })) return 0;
  if (written) fuzz::require(samples == *written, "samples written decode to themselves");
  check_decoded(bytes, samples);
  return 0;
}
