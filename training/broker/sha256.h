// sha256.h — SHA-256 digests of published nets, so a worker can check that the net it
// downloaded from the broker is the one the trainer published. The hashing is OpenSSL's
// (libcrypto, EVP interface): a vetted, hardware-accelerated implementation instead of a
// hand-written one; it stays behind this header, so no caller includes OpenSSL.
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <string>

namespace bh {

using Sha256Digest = std::array<std::uint8_t, 32>;

// Throws std::runtime_error with OpenSSL's reason when libcrypto cannot hash (in practice
// only a broken installation, e.g. a FIPS provider without SHA-256).
Sha256Digest sha256(std::span<const std::uint8_t> bytes);
// Lower-case hex of the digest: 64 characters, the form the model store publishes.
std::string sha256_hex(std::span<const std::uint8_t> bytes);
std::string to_hex(const Sha256Digest& d);

}  // namespace bh
