// secret_token.cpp — 128-bit tokens from OpenSSL's RAND_bytes.
#include "training/server/secret_token.h"

#include <openssl/rand.h>

#include <array>
#include <stdexcept>

namespace bh::server {

std::string secret_token() {
  std::array<unsigned char, 16> bytes{};
  if (RAND_bytes(bytes.data(), int(bytes.size())) != 1)
    throw std::runtime_error("secret token: OpenSSL's RAND_bytes could not give random bytes");
  static constexpr char kHex[] = "0123456789abcdef";
  std::string text;
  for (unsigned char b : bytes) {
    text += kHex[b >> 4];
    text += kHex[b & 15];
  }
  return text;
}

}  // namespace bh::server
