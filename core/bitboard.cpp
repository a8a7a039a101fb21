// bitboard.cpp — builds the slider attack tables and the between/line tables once.
#include "core/bitboard.h"

#include <cassert>

namespace bh::detail {

namespace {

constexpr int kRookDirs[4][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};
constexpr int kBishopDirs[4][2] = {{1, 1}, {1, -1}, {-1, 1}, {-1, -1}};

// Relevant occupancy: the ray squares whose occupancy can change the attack set, i.e.
// every ray square except the last one before the edge.
Bitboard relevant_mask(PieceType t, Square s) {
  const auto& dirs = t == Rook ? kRookDirs : kBishopDirs;
  Bitboard mask = 0;
  for (const auto& d : dirs) {
    int f = file_of(s) + d[0], r = rank_of(s) + d[1];
    while (f + d[0] >= 0 && f + d[0] < 8 && r + d[1] >= 0 && r + d[1] < 8) {
      mask |= square_bb(make_square(f, r));
      f += d[0];
      r += d[1];
    }
  }
  return mask;
}

// xorshift64*: a small seeded generator so the magic search is deterministic.
struct Xorshift {
  std::uint64_t state;
  std::uint64_t next() {
    state ^= state >> 12;
    state ^= state << 25;
    state ^= state >> 27;
    return state * 2685821657736338717ULL;
  }
  std::uint64_t sparse() { return next() & next() & next(); }
};

// Every subset of `mask` (Carry-Rippler enumeration) with its attack set.
void enumerate_subsets(PieceType t, Square s, Bitboard mask, std::vector<Bitboard>& occ,
                       std::vector<Bitboard>& att) {
  occ.clear();
  att.clear();
  Bitboard b = 0;
  do {
    occ.push_back(b);
    att.push_back(sliding_attacks_slow(t, s, b));
    b = (b - mask) & mask;
  } while (b);
}

#if defined(__BMI2__)
void build_pext_table(PieceType t, std::array<SliderEntry, 64>& entries,
                      std::vector<Bitboard>& attacks) {
  std::vector<Bitboard> occ, att;
  std::uint32_t offset = 0;
  for (int s = 0; s < 64; ++s) {
    SliderEntry& e = entries[s];
    e.mask = relevant_mask(t, Square(s));
    e.offset = offset;
    enumerate_subsets(t, Square(s), e.mask, occ, att);
    attacks.resize(offset + occ.size());
    for (std::size_t i = 0; i < occ.size(); ++i) attacks[e.index(occ[i])] = att[i];
    offset += std::uint32_t(occ.size());
  }
}
#endif

AttackTables build_tables() {
  AttackTables t;
#if defined(__BMI2__)
  build_pext_table(Rook, t.rook, t.rook_attacks);
  build_pext_table(Bishop, t.bishop, t.bishop_attacks);
#else
  build_magic_table(Rook, t.rook, t.rook_attacks);
  build_magic_table(Bishop, t.bishop, t.bishop_attacks);
#endif
  for (int a = 0; a < 64; ++a) {
    for (int b = 0; b < 64; ++b) {
      if (a == b) continue;
      for (PieceType pt : {Bishop, Rook}) {
        Bitboard from_a = sliding_attacks_slow(pt, Square(a), 0);
        if (from_a & square_bb(Square(b))) {
          Bitboard from_b = sliding_attacks_slow(pt, Square(b), 0);
          t.line[a][b] = (from_a & from_b) | square_bb(Square(a)) | square_bb(Square(b));
          t.between[a][b] = sliding_attacks_slow(pt, Square(a), square_bb(Square(b))) &
                            sliding_attacks_slow(pt, Square(b), square_bb(Square(a)));
        }
      }
    }
  }
  return t;
}

}  // namespace

Bitboard sliding_attacks_slow(PieceType t, Square s, Bitboard occupied) {
  const auto& dirs = t == Rook ? kRookDirs : kBishopDirs;
  Bitboard attacks = 0;
  for (const auto& d : dirs) {
    int f = file_of(s) + d[0], r = rank_of(s) + d[1];
    while (f >= 0 && f < 8 && r >= 0 && r < 8) {
      Bitboard sq = square_bb(make_square(f, r));
      attacks |= sq;
      if (occupied & sq) break;
      f += d[0];
      r += d[1];
    }
  }
  return attacks;
}

void build_magic_table(PieceType t, std::array<SliderEntry, 64>& entries,
                       std::vector<Bitboard>& attacks) {
  std::vector<Bitboard> occ, att, trial;
  std::vector<int> epoch;
  Xorshift rng{0x9E3779B97F4A7C15ULL};
  std::uint32_t offset = 0;
  attacks.clear();
  for (int s = 0; s < 64; ++s) {
    SliderEntry& e = entries[s];
    e.mask = relevant_mask(t, Square(s));
    e.shift = 64 - unsigned(popcount(e.mask));
    e.offset = offset;
    enumerate_subsets(t, Square(s), e.mask, occ, att);
    trial.assign(occ.size(), 0);
    epoch.assign(occ.size(), 0);
    // Try sparse random multipliers until one maps every subset without a harmful
    // collision (two subsets may share a slot only if their attack sets agree).
    for (int attempt = 1;; ++attempt) {
      e.magic = rng.sparse();
      if (popcount((e.mask * e.magic) >> 56) < 6) continue;
      bool ok = true;
      for (std::size_t i = 0; ok && i < occ.size(); ++i) {
        std::size_t idx = ((occ[i] & e.mask) * e.magic) >> e.shift;
        if (epoch[idx] != attempt) {
          epoch[idx] = attempt;
          trial[idx] = att[i];
        } else if (trial[idx] != att[i]) {
          ok = false;
        }
      }
      if (ok) break;
    }
    attacks.insert(attacks.end(), trial.begin(), trial.end());
    offset += std::uint32_t(occ.size());
  }
}

const AttackTables kTables = build_tables();

}  // namespace bh::detail
