// bitboard.h — 64-bit square sets and the attack tables of every piece type.
// Leaper attacks are constexpr tables; slider attacks are looked up in tables built once at
// start-up, indexed by PEXT where the CPU has BMI2 and by magic multiplication otherwise.
#pragma once

#include <array>
#include <bit>
#include <cstdint>
#include <vector>

#include "core/types.h"

#if defined(__BMI2__)
#include <immintrin.h>
#endif

namespace bh {

constexpr Bitboard kFileA = 0x0101010101010101ULL;
constexpr Bitboard kFileH = kFileA << 7;
constexpr Bitboard kRank1 = 0xFFULL;
constexpr Bitboard kRank2 = kRank1 << 8;
constexpr Bitboard kRank3 = kRank1 << 16;
constexpr Bitboard kRank4 = kRank1 << 24;
constexpr Bitboard kRank5 = kRank1 << 32;
constexpr Bitboard kRank6 = kRank1 << 40;
constexpr Bitboard kRank7 = kRank1 << 48;
constexpr Bitboard kRank8 = kRank1 << 56;
constexpr Bitboard kAllSquares = ~Bitboard(0);

constexpr Bitboard file_bb(int file) { return kFileA << file; }
constexpr Bitboard rank_bb(int rank) { return kRank1 << (8 * rank); }

inline int popcount(Bitboard b) { return std::popcount(b); }
inline Square lsb(Bitboard b) { return Square(std::countr_zero(b)); }
inline Square pop_lsb(Bitboard& b) {
  Square s = lsb(b);
  b &= b - 1;
  return s;
}
constexpr bool more_than_one(Bitboard b) { return (b & (b - 1)) != 0; }

// Shift a set one step in a direction, dropping squares that leave the board.
enum Direction : int { North = 8, South = -8, East = 1, West = -1,
                       NorthEast = 9, NorthWest = 7, SouthEast = -7, SouthWest = -9 };
template <Direction D>
constexpr Bitboard shift(Bitboard b) {
  if constexpr (D == North) return b << 8;
  if constexpr (D == South) return b >> 8;
  if constexpr (D == East) return (b & ~kFileH) << 1;
  if constexpr (D == West) return (b & ~kFileA) >> 1;
  if constexpr (D == NorthEast) return (b & ~kFileH) << 9;
  if constexpr (D == NorthWest) return (b & ~kFileA) << 7;
  if constexpr (D == SouthEast) return (b & ~kFileH) >> 7;
  if constexpr (D == SouthWest) return (b & ~kFileA) >> 9;
}

// Squares attacked by all pawns of colour c in the set b.
constexpr Bitboard pawn_attacks_bb(Color c, Bitboard b) {
  return c == White ? shift<NorthWest>(b) | shift<NorthEast>(b)
                    : shift<SouthWest>(b) | shift<SouthEast>(b);
}

namespace detail {

constexpr Bitboard leaper_attacks(Square s, const int (&deltas)[8][2]) {
  Bitboard b = 0;
  for (const auto& d : deltas) {
    int f = file_of(s) + d[0], r = rank_of(s) + d[1];
    if (f >= 0 && f < 8 && r >= 0 && r < 8) b |= square_bb(make_square(f, r));
  }
  return b;
}

constexpr int kKnightDeltas[8][2] = {{1, 2}, {2, 1}, {2, -1}, {1, -2},
                                     {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}};
constexpr int kKingDeltas[8][2] = {{1, 0}, {1, 1}, {0, 1}, {-1, 1},
                                   {-1, 0}, {-1, -1}, {0, -1}, {1, -1}};

constexpr auto make_leaper_table(const int (&deltas)[8][2]) {
  std::array<Bitboard, 64> t{};
  for (int s = 0; s < 64; ++s) t[s] = leaper_attacks(Square(s), deltas);
  return t;
}

constexpr auto make_pawn_table() {
  std::array<std::array<Bitboard, 64>, 2> t{};
  for (int s = 0; s < 64; ++s) {
    t[White][s] = pawn_attacks_bb(White, square_bb(Square(s)));
    t[Black][s] = pawn_attacks_bb(Black, square_bb(Square(s)));
  }
  return t;
}

inline constexpr auto kKnightAttacks = make_leaper_table(kKnightDeltas);
inline constexpr auto kKingAttacks = make_leaper_table(kKingDeltas);
inline constexpr auto kPawnAttacks = make_pawn_table();

// One square's entry of a slider table: the relevant occupancy mask and where its
// attack sets start in the shared array. `magic`/`shift` are used only without BMI2.
struct SliderEntry {
  Bitboard mask = 0;
  Bitboard magic = 0;
  unsigned shift = 0;
  std::uint32_t offset = 0;

  std::uint32_t magic_index(Bitboard occupied) const {
    return offset + std::uint32_t(((occupied & mask) * magic) >> shift);
  }
  std::uint32_t index(Bitboard occupied) const {
#if defined(__BMI2__)
    return offset + std::uint32_t(_pext_u64(occupied, mask));
#else
    return magic_index(occupied);
#endif
  }
};

struct AttackTables {
  std::array<SliderEntry, 64> rook{};
  std::array<SliderEntry, 64> bishop{};
  std::vector<Bitboard> rook_attacks;
  std::vector<Bitboard> bishop_attacks;
  std::array<std::array<Bitboard, 64>, 64> between{};  // squares strictly between, or 0
  std::array<std::array<Bitboard, 64>, 64> line{};     // the full line through both, or 0
};

// Built once during static initialisation, immutable afterwards.
extern const AttackTables kTables;

// Slider attacks by walking rays; the reference the tables are built and tested from.
Bitboard sliding_attacks_slow(PieceType t, Square s, Bitboard occupied);

// Fills `entries`/`attacks` for a slider with magic multipliers found by a seeded search.
// Exposed so a test can check the magic path on machines that use PEXT.
void build_magic_table(PieceType t, std::array<SliderEntry, 64>& entries,
                       std::vector<Bitboard>& attacks);

}  // namespace detail

inline Bitboard knight_attacks(Square s) { return detail::kKnightAttacks[s]; }
inline Bitboard king_attacks(Square s) { return detail::kKingAttacks[s]; }
inline Bitboard pawn_attacks(Color c, Square s) { return detail::kPawnAttacks[c][s]; }
inline Bitboard rook_attacks(Square s, Bitboard occupied) {
  return detail::kTables.rook_attacks[detail::kTables.rook[s].index(occupied)];
}
inline Bitboard bishop_attacks(Square s, Bitboard occupied) {
  return detail::kTables.bishop_attacks[detail::kTables.bishop[s].index(occupied)];
}
inline Bitboard queen_attacks(Square s, Bitboard occupied) {
  return rook_attacks(s, occupied) | bishop_attacks(s, occupied);
}
// Attacks of a non-pawn piece type from s.
inline Bitboard attacks_of(PieceType t, Square s, Bitboard occupied) {
  switch (t) {
    case Knight: return knight_attacks(s);
    case Bishop: return bishop_attacks(s, occupied);
    case Rook: return rook_attacks(s, occupied);
    case Queen: return queen_attacks(s, occupied);
    case King: return king_attacks(s);
    default: return 0;
  }
}
inline Bitboard between_bb(Square a, Square b) { return detail::kTables.between[a][b]; }
inline Bitboard line_bb(Square a, Square b) { return detail::kTables.line[a][b]; }
inline bool aligned(Square a, Square b, Square c) { return line_bb(a, b) & square_bb(c); }

}  // namespace bh
