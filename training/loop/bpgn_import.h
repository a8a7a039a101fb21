// bpgn_import.h — training samples from recorded games (BPGN of people or engines), for
// starting a run from a game database instead of from nothing, and for a run's held-out
// validation positions (validation.h). Each move of a finished game that had an
// alternative becomes one sample: what its mover saw (MatchView at the move's time), the
// played move as a one-hot policy target, and the game's result for the mover's team; no
// search made it (visits 0). A forced move (the only legal one) is no sample, as in
// self-play. The games
// are replayed through core/, so an illegal record is refused with its game and move.
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

#include "core/bpgn.h"
#include "core/rules.h"
#include "mcts/chunk.h"

namespace bh {

// The samples of one game, in the order its moves were made. Throws ParseError (naming
// the game and the move) for an illegal or out-of-turn move, and std::invalid_argument for
// a game without a result ("*") or whose result contradicts how the moves end it.
std::vector<Sample> samples_from_game(const BpgnGame& game, const RuleSet& rules);

struct ImportReport {
  std::int64_t games = 0;     // imported
  std::int64_t samples = 0;
  std::int64_t chunks = 0;    // files written
  std::vector<std::string> skipped;  // one line per refused game: source, game, why
};

// Imports every game of the BPGN files into chunk files `<dir>/<stem>-NNNNNN.chunk`,
// `games_per_chunk` games each. A game that cannot be imported is skipped and named in
// the report; a file that cannot be read at all, or a `dir` that already holds `<stem>-*`
// files, throws.
ImportReport import_bpgn(const std::vector<std::filesystem::path>& files, const RuleSet& rules,
                         const std::filesystem::path& dir, const std::string& stem, int games_per_chunk);

}  // namespace bh
