// bpgn_text.h — what every BPGN record shares, the two-board match's (bpgn.cpp) and a
// row's (row_bpgn.cpp): a record as read (BpgnGame, its plies), tag values, clock
// seconds, the TimeControl tag, move numbers with their board letter (`12A.`, `12a.`,
// `12C.`...), the result and the header's tags, the movetext's lines, and when a recorded
// move was played.
#pragma once

#include <algorithm>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/match.h"
#include "core/outcome.h"
#include "core/rules.h"

namespace bh {

struct BpgnPly {
  BoardId board;
  Color color;
  int number;                           // the move number written before it
  std::string text;                     // the move as written (SAN or UCI)
  std::optional<std::int64_t> clock_ms; // the mover's remaining time after the move
  int line;                             // where it stands in the source
  std::optional<std::int64_t> elapsed_ms = std::nullopt; // how long the mover thought ([%emt], written under a delay)
};

struct BpgnGame {
  std::vector<std::pair<std::string, std::string>> tags;
  std::vector<BpgnPly> plies;
  std::string result = "*";
  std::string reason;  // the last comment that is not a clock, e.g. "mate A-white"
  int line = 0;        // first line of the game in its source
  int index = 0;       // 1-based position of the game in its source

  // The value of a tag, or "" when absent.
  std::string tag(std::string_view key) const;
};

// The PGN result string of an outcome: "1-0", "0-1", "1/2-1/2" or "*".
std::string result_string(const Outcome& outcome);

// A tag value with '"' and '\' escaped.
std::string escape_tag(const std::string& value);
// A clock comment's seconds: centiseconds ("59.68"), or milliseconds where those are not
// exact (a replay rebuilds each move's time from the clocks).
std::string clock_seconds(std::int64_t ms);
// The TimeControl tag's text ("60+0", "300+2d3", "-" untimed), exact to the millisecond.
std::string time_control_tag(const TimeControl& tc);
// The time control a record's TimeControl tag gives, else `fallback`; throws ParseError
// naming the game for a tag that does not read.
TimeControl record_time_control(const BpgnGame& game, const TimeControl& fallback);
// "12A." -> 12, board A, White; letters A..H (upper case White, lower case Black), also
// "12A" followed by a separate ".".
bool parse_move_number(const std::string& word, int& number, BoardId& board, Color& color);
// 'A' for A-white, 'a' for A-black, 'C' for C-white...
char move_letter(BoardId b, Color c);
// "game 3 (line 12), move 7C. exd5>B: ", the start of an error about a ply.
std::string ply_where(const BpgnGame& game, const BpgnPly& ply);

// The header: `tags` first, then TimeControl, FEN (when `start` is not empty), Rules (the
// options that differ from the defaults), Result and, for a finished game, Termination,
// each unless `tags` has it already.
std::string record_header(const std::vector<std::pair<std::string, std::string>>& tags, const TimeControl& tc,
                          const std::string& start, const RuleSet& rules, const Outcome& outcome);

// Movetext in lines of at most 90 characters.
class MovetextLines {
 public:
  void emit(const std::string& token);
  std::string finish() { return text_ + line_ + "\n"; }

 private:
  std::string text_, line_;
};

// A move's token: "12A. e4 {59.68}", with the think time under a delay ("{[%emt 1.20]}").
std::string move_token(int number, Seat seat, const std::string& move, const TimeControl& tc, std::int64_t clock_after_ms,
                       std::int64_t thought_ms);

// When a recorded ply was played at `game` (a Match or a Table): when its mover's turn
// began plus what the clock lost (its elapsed stamp where given, which a delay needs),
// kept after the last event and before the mover's flag; the last event's time when the
// record has no clocks.
template <class Game>
std::int64_t recorded_time(const Game& game, const BpgnPly& p, const TimeControl& tc) {
  if (!tc.timed() || (!p.clock_ms && !p.elapsed_ms)) return game.now();
  std::int64_t thought = 0;
  if (p.elapsed_ms) {
    thought = *p.elapsed_ms;
  } else {
    const std::int64_t lost = game.remaining(game.mover(p.board), game.turn_started(p.board)) + tc.increment_ms - *p.clock_ms;
    thought = lost > 0 ? lost + tc.delay_ms : lost;
  }
  return std::clamp(game.turn_started(p.board) + thought, game.now(), std::max(game.now(), game.flag_time(p.board) - 1));
}

}  // namespace bh
