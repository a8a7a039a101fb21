// sha256.cpp — the FIPS 180-4 compression function, one 64-byte block at a time.
#include "training/broker/sha256.h"

#include <algorithm>
#include <bit>
#include <cassert>
#include <cstring>

namespace bh {

namespace {

constexpr std::array<std::uint32_t, 64> kRound = {
    0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
    0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
    0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
    0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
    0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
    0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
    0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
    0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
};

constexpr std::array<std::uint32_t, 8> kInitial = {
    0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19,
};

std::uint32_t load_be32(const std::uint8_t* p) {
  return std::uint32_t(p[0]) << 24 | std::uint32_t(p[1]) << 16 | std::uint32_t(p[2]) << 8 | std::uint32_t(p[3]);
}

}  // namespace

Sha256::Sha256() { reset(); }

void Sha256::reset() {
  h_ = kInitial;
  buffered_ = 0;
  total_bytes_ = 0;
}

void Sha256::block(const std::uint8_t* p) {
  std::array<std::uint32_t, 64> w;
  for (int i = 0; i < 16; ++i) w[i] = load_be32(p + 4 * i);
  for (int i = 16; i < 64; ++i) {
    std::uint32_t s0 = std::rotr(w[i - 15], 7) ^ std::rotr(w[i - 15], 18) ^ (w[i - 15] >> 3);
    std::uint32_t s1 = std::rotr(w[i - 2], 17) ^ std::rotr(w[i - 2], 19) ^ (w[i - 2] >> 10);
    w[i] = w[i - 16] + s0 + w[i - 7] + s1;
  }
  auto [a, b, c, d, e, f, g, h] = h_;
  for (int i = 0; i < 64; ++i) {
    std::uint32_t s1 = std::rotr(e, 6) ^ std::rotr(e, 11) ^ std::rotr(e, 25);
    std::uint32_t ch = (e & f) ^ (~e & g);
    std::uint32_t t1 = h + s1 + ch + kRound[i] + w[i];
    std::uint32_t s0 = std::rotr(a, 2) ^ std::rotr(a, 13) ^ std::rotr(a, 22);
    std::uint32_t maj = (a & b) ^ (a & c) ^ (b & c);
    std::uint32_t t2 = s0 + maj;
    h = g;
    g = f;
    f = e;
    e = d + t1;
    d = c;
    c = b;
    b = a;
    a = t1 + t2;
  }
  h_[0] += a;
  h_[1] += b;
  h_[2] += c;
  h_[3] += d;
  h_[4] += e;
  h_[5] += f;
  h_[6] += g;
  h_[7] += h;
}

Sha256& Sha256::update(std::span<const std::uint8_t> bytes) {
  const std::uint8_t* p = bytes.data();
  std::size_t n = bytes.size();
  total_bytes_ += n;
  if (buffered_ > 0) {
    std::size_t take = std::min(n, buf_.size() - buffered_);
    std::memcpy(buf_.data() + buffered_, p, take);
    buffered_ += take;
    p += take;
    n -= take;
    if (buffered_ < buf_.size()) return *this;
    block(buf_.data());
    buffered_ = 0;
  }
  for (; n >= 64; p += 64, n -= 64) block(p);
  if (n > 0) std::memcpy(buf_.data(), p, n);
  buffered_ = n;
  return *this;
}

Sha256& Sha256::update(std::string_view text) {
  return update(std::span(reinterpret_cast<const std::uint8_t*>(text.data()), text.size()));
}

Sha256::Digest Sha256::finish() {
  const std::uint64_t bits = total_bytes_ * 8;
  // Padding: one 0x80 byte, zeros up to 56 mod 64, then the message length in bits.
  std::array<std::uint8_t, 72> pad{};
  pad[0] = 0x80;
  std::size_t zeros = (buffered_ < 56 ? 56 - buffered_ : 120 - buffered_);
  for (int i = 0; i < 8; ++i) pad[zeros + i] = std::uint8_t(bits >> (56 - 8 * i));
  update(std::span<const std::uint8_t>(pad.data(), zeros + 8));
  assert(buffered_ == 0);
  Digest d;
  for (int i = 0; i < 8; ++i)
    for (int j = 0; j < 4; ++j) d[4 * i + j] = std::uint8_t(h_[i] >> (24 - 8 * j));
  reset();
  return d;
}

Sha256::Digest sha256(std::span<const std::uint8_t> bytes) { return Sha256().update(bytes).finish(); }

std::string to_hex(const Sha256::Digest& d) {
  static constexpr char kDigits[] = "0123456789abcdef";
  std::string out;
  out.reserve(64);
  for (std::uint8_t b : d) {
    out += kDigits[b >> 4];
    out += kDigits[b & 15];
  }
  return out;
}

std::string sha256_hex(std::span<const std::uint8_t> bytes) { return to_hex(sha256(bytes)); }

}  // namespace bh
