// checkpoint_envelope.h — the 28-byte envelope in front of a checkpoint's LibTorch archive
// (SPEC.md "Checkpoint"): magic, format version, encoding version, payload length, CRC-32
// of the payload. Kept apart from checkpoint.h and free of LibTorch so that the check that
// says why a file is refused can be tested and fuzzed without LibTorch; checkpoint.cpp
// seals and opens every checkpoint through it.
#pragma once

#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <string_view>

namespace bh {

class CheckpointError : public std::runtime_error {
 public:
  enum class Kind { Unreadable, Foreign, Truncated, Corrupt, FormatVersion, EncodingVersion, Mismatch };
  CheckpointError(Kind kind, const std::string& what) : std::runtime_error(what), kind_(kind) {}
  Kind kind() const { return kind_; }

 private:
  Kind kind_;
};

inline constexpr std::uint32_t kCheckpointFormatVersion = 1;
inline constexpr std::size_t kCheckpointEnvelopeSize = 8 + 4 + 4 + 8 + 4;

struct CheckpointEnvelope {
  int encoding_version = 0;
  std::string_view payload;  // the LibTorch archive: a view into the bytes opened
};

// The envelope (this build's format and encoding version) followed by `payload`.
std::string seal_checkpoint_envelope(std::string_view payload);

// Checks the envelope of a whole checkpoint file's bytes and returns its payload. Throws
// CheckpointError saying whether the bytes are foreign, truncated, corrupt (trailing
// bytes, checksum), or of another format or encoding version; `name` (the file) is quoted.
CheckpointEnvelope open_checkpoint_envelope(std::string_view bytes, const std::string& name);

}  // namespace bh
