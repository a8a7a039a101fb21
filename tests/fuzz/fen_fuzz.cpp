// fen_fuzz.cpp — feeds arbitrary text to parse_fen (core/fen.h).
// Checks: no crash, no sanitizer report, a refusal is a ParseError with a message; a FEN
// that parses writes back to a FEN that parses to the same board and writes the same
// text, and the board is usable: its legal moves can be counted and listed alike, and
// every child position writes a FEN that reads back to it.
#include <optional>

#include "core/fen.h"
#include "core/movegen.h"
#include "core/parse_error.h"
#include "tests/fuzz/fuzz_util.h"

namespace bh {
namespace {

void check_usable(const Board& board) {
  const RuleSet rules;
  const MoveList moves = legal_moves(board, rules);
  fuzz::require(count_legal(board, rules) == std::uint64_t(moves.size), "count_legal agrees with legal_moves");
  for (Move m : moves) {
    Board child = board;
    child.play(m);
    fuzz::require(parse_fen(to_fen(child)) == child, "a child position's FEN reads back to it");
  }
}

}  // namespace
}  // namespace bh

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace bh;
  std::optional<Board> board;
  if (!fuzz::accepted<ParseError>([&] { board = parse_fen(fuzz::as_text(data, size)); })) return 0;
  const std::string fen = to_fen(*board);
  const Board again = parse_fen(fen);
  fuzz::require(again == *board, "the written FEN reads back to the same board");
  fuzz::require(to_fen(again) == fen, "writing the board again gives the same FEN");
  check_usable(*board);
  return 0;
}
