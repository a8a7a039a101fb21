// perft.h — counting the leaves of the legal-move tree (the standard move-generator check)
// and reading perft EPD files (`<fen>;D1 <n>;D2 <n>...`). Perft uses one board's rules:
// captured pieces leave the game and reserves only shrink, by drops and by promotions
// from the reserve (tests/data/README.md).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/board.h"
#include "core/rules.h"

namespace bh {

std::uint64_t perft(const Board& board, const RuleSet& rules, int depth);

// Per root move counts, computed in parallel over root moves on `threads` TBB workers.
struct DivideEntry {
  Move move;
  std::uint64_t nodes;
};
std::vector<DivideEntry> perft_divide(const Board& board, const RuleSet& rules, int depth,
                                      int threads);

struct EpdEntry {
  std::string fen;
  std::vector<std::pair<int, std::uint64_t>> counts;  // (depth, expected nodes)
  int line = 0;                                       // 1-based line in the file
};

// Reads one EPD line; throws ParseError naming the line and the field.
EpdEntry parse_epd_line(std::string_view text, int line_number);
// Reads a whole file, skipping blank lines and lines starting with '#'.
std::vector<EpdEntry> read_epd_file(const std::string& path);

}  // namespace bh
