// sha256.h — SHA-256 (FIPS 180-4), so a worker can check that the net it downloaded from
// the broker is the one the trainer published. Small and dependency-free on purpose: the
// broker layer should not pull in OpenSSL for one hash.
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>

namespace bh {

class Sha256 {
 public:
  using Digest = std::array<std::uint8_t, 32>;

  Sha256();
  Sha256& update(std::span<const std::uint8_t> bytes);
  Sha256& update(std::string_view text);
  // Pads and returns the digest; the object is reset afterwards and can hash again.
  Digest finish();

 private:
  void block(const std::uint8_t* p);
  void reset();

  std::array<std::uint32_t, 8> h_{};
  std::array<std::uint8_t, 64> buf_{};
  std::size_t buffered_ = 0;
  std::uint64_t total_bytes_ = 0;
};

Sha256::Digest sha256(std::span<const std::uint8_t> bytes);
// Lower-case hex of the digest: 64 characters, the form the model store publishes.
std::string sha256_hex(std::span<const std::uint8_t> bytes);
std::string to_hex(const Sha256::Digest& d);

}  // namespace bh
