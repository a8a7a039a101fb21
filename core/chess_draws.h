// chess_draws.h — the draws of standard chess that a board alone decides
// (core/RULES.md "Chess draws"): insufficient material, the position identity that
// repetitions compare, and the thresholds of the repetition and move-count rules.
#pragma once

#include <cstdint>

#include "core/board.h"
#include "core/rules.h"

namespace bh {

// Occurrences of one position: a claim from the third, the end at the fifth.
inline constexpr int kClaimRepetitions = 3;
inline constexpr int kAutomaticRepetitions = 5;
// Half-moves without a capture or a pawn move: 50 moves by each side allow a claim, 75 end
// the game.
inline constexpr int kClaimHalfmoves = 100;
inline constexpr int kAutomaticHalfmoves = 150;

// Exactly the material the rule book lists as unable to mate: king against king; king and
// one bishop or one knight against king; only bishops besides the kings, all on squares of
// one colour. Reserves are not looked at (standard chess has no drops).
bool insufficient_material(const Board& board);

// The identity of a position for repetitions. Standard chess compares as FIDE does: the
// same player to move, the same pieces on the same squares, the same castling rights and
// the same en passant captures actually possible (a promoted piece is the piece it is).
// Bughouse (option repetition_draw) compares the whole board: promoted markers and reserves
// too (core/RULES.md "Repetition").
std::uint64_t position_key(const Board& board, const RuleSet& rules);

}  // namespace bh
