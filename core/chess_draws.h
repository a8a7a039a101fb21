// chess_draws.h — the draws that a board alone decides: insufficient material (standard
// chess, core/RULES.md "Chess draws"), the position identity that repetitions compare,
// and when repetitions and quiet moves end a game or allow a claim, in standard chess and
// under the bughouse options (core/RULES.md "Repetition").
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

// When repetitions and quiet half-moves (no capture, no pawn move or pawn drop) draw a
// game under a rule set: by a claim of the player to move from the claim counts, at once
// from the automatic counts. 0 means never.
struct DrawThresholds {
  int claim_repetitions = 0;
  int automatic_repetitions = 0;
  int claim_halfmoves = 0;
  int automatic_halfmoves = 0;
  bool any_claim() const { return claim_repetitions || claim_halfmoves; }
};
DrawThresholds draw_thresholds(const RuleSet& rules);

// Exactly the material the rule book lists as unable to mate: king against king; king and
// one bishop or one knight against king; only bishops besides the kings, all on squares of
// one colour. Reserves are not looked at (standard chess has no drops).
bool insufficient_material(const Board& board);

// The identity of a position for repetitions. Standard chess compares as FIDE does: the
// same player to move, the same pieces on the same squares, the same castling rights and
// the same en passant captures actually possible (a promoted piece is the piece it is).
// Bughouse (option repetition_draw) compares the whole board: promoted markers and, unless
// repetition_reserves = false, the reserves too (core/RULES.md "Repetition").
std::uint64_t position_key(const Board& board, const RuleSet& rules);

}  // namespace bh
