// outcome.h — how a match ends: the result (a team wins, or a draw), the rule that ended it
// and the seat it is about (core/RULES.md "End of the match", "Chess draws"), written as a
// sentence for people and as a short tag for records, and read back from the tag.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "core/types.h"

namespace bh {

enum class MatchResult : std::uint8_t { Ongoing, Team1Wins, Team2Wins, Draw };

// New reasons go at the end: the numbers stay what earlier builds wrote.
enum class EndReason : std::uint8_t {
  None,
  Checkmate,          // `seat` is mated
  Flag,               // `seat` ran out of time
  Resignation,        // `seat` resigned (or left)
  MoveLimit,          // 800 moves on the two boards together
  BothStuck,          // no mover on either board can ever move again (draw)
  StuckFlag,          // both boards stuck, stuck_rule=flag: `seat` would flag first
  SimultaneousFlags,  // two opponents ran out of time at the same moment
  SimultaneousMates,  // both teams mated at the same moment
  Repetition,         // repetition_draw: a board repeated its position three times
  Agreement,          // all players agreed to a draw
  // Standard chess (core/RULES.md "Chess draws"); `seat` is the player to move on the
  // board that ended, or the claimant.
  Stalemate,             // `seat` has no legal move and is not in check
  InsufficientMaterial,  // no mate is possible with the pieces left
  FivefoldRepetition,    // the position occurred for the fifth time
  SeventyFiveMoves,      // 75 moves by each side without a capture or pawn move
  ThreefoldClaim,        // `seat` claimed a position that occurred for the third time
  FiftyMoveClaim,        // `seat` claimed 50 moves by each side without capture or pawn move
  FiftyMoves,            // fifty_move_draw: 50 moves by each side on a board without capture or pawn move
  LeftTable,             // `seat`, a person at a live table, was gone longer than the grace period
  Fault,                 // `seat`, a program at a live table, failed: an illegal move, a crash, no answer
};

struct Outcome {
  MatchResult result = MatchResult::Ongoing;
  EndReason reason = EndReason::None;
  Seat seat = AWhite;         // the seat the reason is about, where there is one
  std::int64_t time_ms = 0;   // when the match ended
  bool over() const { return result != MatchResult::Ongoing; }
  // "team 2 wins: A-white is checkmated" and the like.
  std::string describe() const;
  // Short machine-friendly form used in records: "mate A-white", "flag B-black", "draw
  // move-limit", "draw stalemate A-black"... (core/RULES.md "Notation").
  std::string tag() const;
};

MatchResult win_for(Team t);

// The outcome a tag() names: result, reason and, where the tag names one, the seat (else
// A-white); time_ms is 0. std::nullopt for text that is no tag (a record's free comment).
std::optional<Outcome> parse_outcome_tag(std::string_view tag);

}  // namespace bh
