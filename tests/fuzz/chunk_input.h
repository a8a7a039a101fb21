// chunk_input.h — the structured input of chunk_fuzz (mode 2): samples described field by
// field, read leniently into Sample values that encode_chunk then writes as a real chunk
// file. Shared by the target (reading) and the seed program (writing), so that the seeds
// are samples of real matches. Not the chunk body format: it changes with the chunk
// version, this stays.
//
// Per sample: view[160] | seat u8 (low 2 bits) | flags u8 (bit 0: full search, bit 1:
// probabilities as given, else normalised to sum 1) | result i8 | net u32 | visits u32 |
// root value f32 | n u16 | n x (move u16, weight f32). Little-endian; a record cut short
// ends the input.
#pragma once

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <span>
#include <vector>

#include "mcts/chunk.h"

namespace bh::fuzz {

inline constexpr std::uint8_t kKeepProbabilities = 2;

class ChunkInputReader {
 public:
  explicit ChunkInputReader(std::span<const std::uint8_t> bytes) : bytes_(bytes) {}

  // The samples described, as many as the input holds whole.
  std::vector<Sample> samples() {
    std::vector<Sample> out;
    for (Sample s; next(s);) out.push_back(s);
    return out;
  }

 private:
  bool next(Sample& s) {
    if (bytes_.size() - at_ < s.view.size()) return false;
    std::memcpy(s.view.data(), bytes_.data() + at_, s.view.size());
    at_ += s.view.size();
    std::uint64_t seat, flags, result, net, visits, value, n;
    if (!get(1, seat) || !get(1, flags) || !get(1, result) || !get(4, net) || !get(4, visits) || !get(4, value) ||
        !get(2, n))
      return false;
    s.seat = Seat(seat & 3);
    s.full_search = flags & 1;
    s.result = std::int8_t(std::uint8_t(result));
    s.net_version = std::uint32_t(net);
    s.visits = std::uint32_t(visits);
    s.root_value = std::bit_cast<float>(std::uint32_t(value));
    s.policy.clear();
    for (std::uint64_t i = 0; i < n; ++i) {
      std::uint64_t move, weight;
      if (!get(2, move) || !get(4, weight)) return false;
      s.policy.push_back({std::uint16_t(move), std::bit_cast<float>(std::uint32_t(weight))});
    }
    if (!(flags & kKeepProbabilities)) normalise(s.policy);
    return true;
  }

  // Weights -> probabilities summing to 1, when they are finite and positive in total.
  static void normalise(std::vector<PolicyEntry>& policy) {
    double sum = 0;
    for (const PolicyEntry& p : policy) sum += std::abs(double(p.probability));
    if (!(sum > 0 && sum < 1e30)) return;
    for (PolicyEntry& p : policy) p.probability = float(std::abs(double(p.probability)) / sum);
  }

  bool get(int n, std::uint64_t& v) {
    if (bytes_.size() - at_ < std::size_t(n)) return false;
    v = 0;
    for (int i = n - 1; i >= 0; --i) v = v << 8 | bytes_[at_ + std::size_t(i)];
    at_ += std::size_t(n);
    return true;
  }

  std::span<const std::uint8_t> bytes_;
  std::size_t at_ = 0;
};

// Appends one sample in the reader's format (the seed program).
inline void write_chunk_input(const Sample& s, std::vector<std::uint8_t>& out) {
  auto put = [&](std::uint64_t v, int n) {
    for (int i = 0; i < n; ++i) out.push_back(std::uint8_t(v >> (8 * i)));
  };
  out.insert(out.end(), s.view.begin(), s.view.end());
  put(s.seat, 1);
  put(s.full_search ? 1 : 0, 1);
  put(std::uint8_t(s.result), 1);
  put(s.net_version, 4);
  put(s.visits, 4);
  put(std::bit_cast<std::uint32_t>(s.root_value), 4);
  put(s.policy.size(), 2);
  for (const PolicyEntry& p : s.policy) {
    put(p.move, 2);
    put(std::bit_cast<std::uint32_t>(p.probability), 4);
  }
}

}  // namespace bh::fuzz
