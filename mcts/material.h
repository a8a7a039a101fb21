// material.h — Sunsetter's piece values (pawn 100, knight 192, bishop 195, rook 200,
// queen 390) and a team's material over both boards, reserves included. Used by the
// greedy baseline player and the material fake evaluator of `bughouse bench`.
#pragma once

#include <array>
#include <span>

#include "core/board.h"
#include "core/types.h"

namespace bh {

inline constexpr std::array<int, kPieceTypes> kSunsetterValues{100, 192, 195, 200, 390, 0};

constexpr int piece_value(PieceType t) { return t < kPieceTypes ? kSunsetterValues[t] : 0; }

// The pieces one side holds in hand.
int reserve_material(const Reserve& reserve);
// Pieces on the board plus pieces in hand of the seat playing `c` on that board.
int side_material(const Board& board, Color c);
// A team's material: its white/black side on board A and the other colour on board B
// (core/RULES.md "Table and teams": Team 1 = A-white + B-black).
int team_material(const Board& a, const Board& b, Team t);
// Team t's material minus the other team's.
int material_balance(const Board& a, const Board& b, Team t);
// The same over a row of boards (core/RULES.md "Three or more boards"): team 1 plays White
// on A, C, E... and Black on B, D, F...; on two boards it is material_balance.
int row_material_balance(std::span<const Board> boards, Team t);

}  // namespace bh
