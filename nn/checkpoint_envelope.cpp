// checkpoint_envelope.cpp — writing and checking the envelope, little-endian as the
// machines that write checkpoints are.
#include "nn/checkpoint_envelope.h"

#include <cstring>

#include "core/platform/crc32.h"
#include "nn/shape.h"

namespace bh {

namespace {

constexpr char kMagic[8] = {'B', 'H', 'C', 'K', 'P', 'T', '\r', '\n'};

template <class T>
void put(std::string& out, T v) {
  out.append(reinterpret_cast<const char*>(&v), sizeof v);
}

template <class T>
T get(std::string_view bytes, std::size_t at) {
  T v;
  std::memcpy(&v, bytes.data() + at, sizeof v);
  return v;
}

}  // namespace

std::string seal_checkpoint_envelope(std::string_view payload) {
  std::string out;
  out.reserve(kCheckpointEnvelopeSize + payload.size());
  out.append(kMagic, sizeof kMagic);
  put<std::uint32_t>(out, kCheckpointFormatVersion);
  put<std::uint32_t>(out, kEncodingVersion);
  put<std::uint64_t>(out, payload.size());
  put<std::uint32_t>(out, crc32(payload));
  out.append(payload);
  return out;
}

CheckpointEnvelope open_checkpoint_envelope(std::string_view bytes, const std::string& name) {
  using Kind = CheckpointError::Kind;
  const std::string what = "checkpoint " + name;
  if (bytes.size() < sizeof kMagic || std::memcmp(bytes.data(), kMagic, sizeof kMagic) != 0) {
    const bool zip = bytes.size() >= 2 && bytes[0] == 'P' && bytes[1] == 'K';
    throw CheckpointError(Kind::Foreign, name + " is not a bughouse checkpoint (foreign file" +
                                             (zip ? ": a zip archive, perhaps a TorchScript export)" : ")"));
  }
  if (bytes.size() < kCheckpointEnvelopeSize)
    throw CheckpointError(Kind::Truncated, what + " is truncated (" + std::to_string(bytes.size()) +
                                               " bytes, shorter than its header)");
  if (auto v = get<std::uint32_t>(bytes, 8); v != kCheckpointFormatVersion)
    throw CheckpointError(Kind::FormatVersion, what + " has checkpoint format version " + std::to_string(v) +
                                                   "; this build reads version " +
                                                   std::to_string(kCheckpointFormatVersion));
  CheckpointEnvelope envelope;
  envelope.encoding_version = int(get<std::uint32_t>(bytes, 12));
  if (envelope.encoding_version != kEncodingVersion)
    throw CheckpointError(Kind::EncodingVersion,
                          what + " was written for encoding version " + std::to_string(envelope.encoding_version) +
                              "; this build implements encoding version " + std::to_string(kEncodingVersion) +
                              " (nn/SPEC.md): its network expects other inputs or outputs");
  const auto length = get<std::uint64_t>(bytes, 16);
  const auto crc = get<std::uint32_t>(bytes, 24);
  const std::size_t available = bytes.size() - kCheckpointEnvelopeSize;
  if (available < length)
    throw CheckpointError(Kind::Truncated, what + " is truncated (" + std::to_string(available) + " of " +
                                               std::to_string(length) + " payload bytes)");
  if (available > length)
    throw CheckpointError(Kind::Corrupt, what + " is corrupt (" + std::to_string(available - length) +
                                             " bytes after the payload)");
  envelope.payload = bytes.substr(kCheckpointEnvelopeSize);
  if (crc32(envelope.payload) != crc) throw CheckpointError(Kind::Corrupt, what + " is corrupt (checksum mismatch)");
  return envelope;
}

}  // namespace bh
