// checkpoint_envelope_fuzz.cpp — feeds bytes to open_checkpoint_envelope
// (nn/checkpoint_envelope.h), the check that says why a checkpoint file is refused before
// LibTorch reads it. The first input byte chooses how the rest is used:
//   0  the bytes as a checkpoint file, as they are;
//   1  a payload, sealed (seal_checkpoint_envelope) and opened;
//   2  a payload, sealed and cut short by the count in its first byte.
// Checks: no crash, no sanitizer report, a refusal is a CheckpointError with a message;
// accepted bytes carry this build's encoding version and are exactly the envelope sealed
// around the payload returned; a sealed payload opens to itself; a sealed envelope cut
// short is refused as truncated (or foreign, shorter than the magic).
#include <optional>
#include <string>

#include "nn/checkpoint_envelope.h"
#include "nn/shape.h"
#include "tests/fuzz/fuzz_util.h"

namespace bh {
namespace {

using Kind = CheckpointError::Kind;

std::optional<CheckpointEnvelope> open(std::string_view bytes, std::optional<Kind>* refused = nullptr) {
  std::optional<CheckpointEnvelope> envelope;
  try {
    envelope = open_checkpoint_envelope(bytes, "fuzz.ckpt");
  } catch (const CheckpointError& e) {
    fuzz::require(!std::string_view(e.what()).empty(), "a refusal carries a message");
    if (refused) *refused = e.kind();
  }
  return envelope;
}

void check_cut(std::string_view payload, std::size_t cut) {
  const std::string sealed = seal_checkpoint_envelope(payload);
  cut = 1 + cut % sealed.size();
  std::optional<Kind> refused;
  fuzz::require(!open(std::string_view(sealed).substr(0, sealed.size() - cut), &refused), "a cut envelope is refused");
  fuzz::require(refused == Kind::Truncated || (refused == Kind::Foreign && sealed.size() - cut < 8),
                "a cut envelope is refused as truncated");
}

}  // namespace
}  // namespace bh

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace bh;
  if (size == 0) return 0;
  const std::string_view rest = fuzz::as_text(data + 1, size - 1);
  switch (data[0] % 3) {
    case 0:
      if (auto envelope = open(rest)) {
        fuzz::require(envelope->encoding_version == kEncodingVersion, "accepted: this build's encoding version");
        fuzz::require(seal_checkpoint_envelope(envelope->payload) == rest, "accepted bytes are the sealed payload");
      }
      break;
    case 1: {
      const std::string sealed = seal_checkpoint_envelope(rest);
      const auto envelope = open(sealed);
      fuzz::require(envelope && envelope->payload == rest, "a sealed payload opens to itself");
      break;
    }
    case 2:
      if (!rest.empty()) check_cut(rest.substr(1), std::uint8_t(rest[0]));
      break;
  }
  return 0;
}
