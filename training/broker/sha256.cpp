// sha256.cpp — one-shot SHA-256 through OpenSSL's EVP_Digest.
#include "training/broker/sha256.h"

#include <stdexcept>

#include <openssl/err.h>
#include <openssl/evp.h>

namespace bh {

Sha256Digest sha256(std::span<const std::uint8_t> bytes) {
  Sha256Digest out{};
  unsigned int size = 0;
  if (EVP_Digest(bytes.data(), bytes.size(), out.data(), &size, EVP_sha256(), nullptr) != 1 || size != out.size()) {
    char reason[256] = "unknown error";
    if (const unsigned long e = ERR_get_error()) ERR_error_string_n(e, reason, sizeof reason);
    ERR_clear_error();  // leave no stale error for the next OpenSSL user in this thread
    throw std::runtime_error("sha256: OpenSSL could not hash " + std::to_string(bytes.size()) + " bytes: " + reason);
  }
  return out;
}

std::string to_hex(const Sha256Digest& d) {
  static constexpr char kDigits[] = "0123456789abcdef";
  std::string out;
  out.reserve(2 * d.size());
  for (std::uint8_t b : d) {
    out += kDigits[b >> 4];
    out += kDigits[b & 15];
  }
  return out;
}

std::string sha256_hex(std::span<const std::uint8_t> bytes) { return to_hex(sha256(bytes)); }

}  // namespace bh
