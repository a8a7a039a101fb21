// outcome.h — how a match ends: the result (a team wins, or a draw), the rule that ended it
// and the seat it is about (core/RULES.md "End of the match", "Chess draws"), written as a
// sentence for people and as a short tag for records, and read back from the tag.
#pragma once

#include <array>
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
  KingCaptured,          // king_capture: `seat`'s king was taken
  GamesScored,           // both_games: both games are finished; Outcome::games says how
  Stranded,              // both_games: `seat` is stuck and no piece can ever reach it (that game drawn)
};

// How one board's game ended, under both_games (core/RULES.md "Both games played out"): a
// result and reason as a match's, about that board alone.
struct GameEnding {
  MatchResult result = MatchResult::Ongoing;
  EndReason reason = EndReason::None;
  Seat seat = AWhite;
  std::int64_t time_ms = 0;
  bool over() const { return result != MatchResult::Ongoing; }
  // As Outcome::describe says a match's ending: "team 1 wins: A-black is checkmated".
  std::string describe() const;
  bool operator==(const GameEnding&) const = default;
};

struct Outcome {
  MatchResult result = MatchResult::Ongoing;
  EndReason reason = EndReason::None;
  Seat seat = AWhite;         // the seat the reason is about, where there is one
  std::int64_t time_ms = 0;   // when the match ended
  std::array<GameEnding, 2> games{};  // reason GamesScored: each board's game, by BoardId
  bool over() const { return result != MatchResult::Ongoing; }
  // A team's points: 1 for a won match, 1/2 for a draw; under GamesScored its two games'
  // points (0 to 2, a won game 1, a drawn one 1/2).
  double points(Team t) const;
  // What the team scores of the match as a whole, 0 to 1: points over the points at stake.
  double share(Team t) const { return points(t) / (reason == EndReason::GamesScored ? 2.0 : 1.0); }
  // "team 2 wins: A-white is checkmated" and the like.
  std::string describe() const;
  // Short machine-friendly form used in records: "mate A-white", "flag B-black", "draw
  // move-limit", "draw stalemate A-black"...; both games scored: "games resign A-white
  // @45200, mate B-black @61000", each game's tag with the match time it ended
  // (core/RULES.md "Notation").
  std::string tag() const;
};

// The outcome of a match whose two games ended as `games` say: the team with more points
// wins, equal points draw (core/RULES.md "Both games played out").
Outcome scored_outcome(const std::array<GameEnding, 2>& games);

MatchResult win_for(Team t);

// The outcome a tag() names: result, reason and, where the tag names one, the seat (else
// A-white); time_ms is 0. std::nullopt for text that is no tag (a record's free comment),
// or whose seat is not at a table of `boards` boards (a row's record names C-white...).
std::optional<Outcome> parse_outcome_tag(std::string_view tag, int boards = 2);

}  // namespace bh
