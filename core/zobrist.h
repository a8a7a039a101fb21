// zobrist.h — the random keys behind Board::key(). The key covers placement, promoted
// flags, both reserves (by count), side to move, castling rights and the en passant file,
// so two boards with equal keys are (with overwhelming probability) the same bughouse state.
#pragma once

#include <array>
#include <cstdint>

#include "core/types.h"

namespace bh::zobrist {

// Reserve counts above this share the last key; no real match gets near it.
constexpr int kMaxReserveCount = 32;

struct Keys {
  std::array<std::array<std::uint64_t, 64>, 16> piece_square{};
  std::array<std::uint64_t, 64> promoted{};
  std::array<std::array<std::array<std::uint64_t, kMaxReserveCount + 1>, kDroppableTypes>, 2>
      reserve{};
  std::array<std::uint64_t, 16> castling{};
  std::array<std::uint64_t, 8> en_passant_file{};
  std::uint64_t black_to_move = 0;
};

constexpr Keys make_keys() {
  Keys k;
  std::uint64_t s = 0x1234ABCD9876EF01ULL;
  auto next = [&s]() {  // splitmix64
    s += 0x9E3779B97F4A7C15ULL;
    std::uint64_t z = s;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
  };
  for (auto& piece : k.piece_square)
    for (auto& key : piece) key = next();
  for (auto& key : k.promoted) key = next();
  for (auto& colour : k.reserve)
    for (auto& type : colour)
      for (auto& key : type) key = next();
  for (auto& key : k.castling) key = next();
  for (auto& key : k.en_passant_file) key = next();
  k.black_to_move = next();
  return k;
}

inline constexpr Keys kKeys = make_keys();

inline std::uint64_t reserve_key(Color c, PieceType t, int count) {
  return kKeys.reserve[c][t][count < kMaxReserveCount ? count : kMaxReserveCount];
}

}  // namespace bh::zobrist
