// engine_position.h — what a host told the engine about the match, read from the text of
// a UCI `position` command (training/engine/PROTOCOL.md layers 1 and 2):
//
//   startpos [moves e2e4 ...]                  one board (layer 1)
//   fen <fen with [holdings]> [moves ...]      one board (layer 1)
//   fen <fenA> | <fenB> [moves 1e2e4 2d7d5 ...] the whole match (layer 2)
//   startpos moves 1e2e4 2d2d4 ...             the whole match from the start (layer 2)
//
// One board: the moves are played on that board alone (a capture leaves the game as far
// as the engine knows: its partner board is unknown). Whole match: each move starts with
// its board digit (1 = A, 2 = B) and captures pass to the partner's holdings exactly as
// in a Match. Errors are ParseErrors that say what is wrong and where.
#pragma once

#include <string_view>
#include <utility>
#include <vector>

#include "core/board.h"
#include "core/rules.h"

namespace bh {

struct EnginePosition {
  Board a;                   // the engine's board in layer 1; board A in layer 2
  Board b;                   // board B (layer 2); the start position when unknown
  bool whole_match = false;  // layer 2: both boards are real
  // Where the moves started and the moves in order (for a record of the match).
  Board start_a, start_b;
  std::vector<std::pair<BoardId, Move>> moves;
};

// `args` is the text after the word `position`. Throws ParseError naming the part
// (FEN of board A, move 3 '1e2e5', ...) and why.
EnginePosition parse_position(std::string_view args, const RuleSet& rules);

}  // namespace bh
