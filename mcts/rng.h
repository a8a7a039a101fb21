// rng.h — the seeded random generator of search and self-play (xoshiro256**) and the few
// distributions they draw from: uniform, normal, gamma (Dirichlet noise), Gumbel (Gumbel
// root selection). Written out here rather than taken from <random> so that a seed gives
// the same matches and the same bench signature with any standard library.
#pragma once

#include <cmath>
#include <cstdint>
#include <limits>

namespace bh {

// SplitMix64: expands one 64-bit seed into well-mixed words (seeding, hashing seeds together).
constexpr std::uint64_t splitmix64(std::uint64_t& state) {
  std::uint64_t z = (state += 0x9E3779B97F4A7C15ULL);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
  return z ^ (z >> 31);
}

// A seed derived from a base seed and a stream number (match index, worker, ...).
constexpr std::uint64_t derive_seed(std::uint64_t base, std::uint64_t stream) {
  std::uint64_t s = base ^ (stream * 0xD1B54A32D192ED03ULL);
  splitmix64(s);
  return splitmix64(s);
}

class Rng {
 public:
  using result_type = std::uint64_t;
  static constexpr result_type min() { return 0; }
  static constexpr result_type max() { return std::numeric_limits<result_type>::max(); }

  explicit Rng(std::uint64_t seed = 0) { reseed(seed); }

  void reseed(std::uint64_t seed) {
    for (auto& w : s_) w = splitmix64(seed);
  }

  result_type operator()() { return next(); }

  std::uint64_t next() {
    const std::uint64_t result = rotl(s_[1] * 5, 7) * 9;
    const std::uint64_t t = s_[1] << 17;
    s_[2] ^= s_[0];
    s_[3] ^= s_[1];
    s_[1] ^= s_[2];
    s_[0] ^= s_[3];
    s_[2] ^= t;
    s_[3] = rotl(s_[3], 45);
    return result;
  }

  // Uniform in [0, 1) with 53 random bits.
  double uniform() { return double(next() >> 11) * 0x1.0p-53; }
  // Uniform in (0, 1): safe under a logarithm.
  double uniform_open() { return (double(next() >> 11) + 0.5) * 0x1.0p-53; }
  // Uniform integer in [0, n); n > 0. (Lemire's multiply-shift; the tiny bias is irrelevant here.)
  std::uint64_t below(std::uint64_t n) {
    return std::uint64_t((static_cast<unsigned __int128>(next()) * n) >> 64);
  }

  // Standard normal (Marsaglia's polar method; the second value is dropped to keep no state).
  double normal() {
    for (;;) {
      double u = 2 * uniform() - 1, v = 2 * uniform() - 1;
      double s = u * u + v * v;
      if (s > 0 && s < 1) return u * std::sqrt(-2 * std::log(s) / s);
    }
  }

  // Gamma(shape, 1) by Marsaglia and Tsang; shapes below 1 use the U^(1/shape) boost.
  double gamma(double shape) {
    if (shape < 1) return gamma(shape + 1) * std::pow(uniform_open(), 1 / shape);
    const double d = shape - 1.0 / 3, c = 1 / std::sqrt(9 * d);
    for (;;) {
      double x = normal(), v = 1 + c * x;
      if (v <= 0) continue;
      v = v * v * v;
      double u = uniform_open();
      if (std::log(u) < 0.5 * x * x + d - d * v + d * std::log(v)) return d * v;
    }
  }

  // Standard Gumbel: -log(-log(U)).
  double gumbel() { return -std::log(-std::log(uniform_open())); }

 private:
  static constexpr std::uint64_t rotl(std::uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }
  std::uint64_t s_[4];
};

}  // namespace bh
