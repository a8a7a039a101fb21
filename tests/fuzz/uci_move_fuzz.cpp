// uci_move_fuzz.cpp — feeds arbitrary text to parse_uci (core/notation.h). Input: one
// byte choosing rule options (fuzz_util.h), then a FEN line (the start position when it
// does not parse), then the move text.
// Checks: no crash, no sanitizer report, a refusal is a ParseError with a message; a move
// read is the wait action or legal on that board under those rules, its UCI text (to_uci)
// reads back to the same move, and the board can play it.
#include "core/fen.h"
#include "core/movegen.h"
#include "core/notation.h"
#include "core/parse_error.h"
#include "tests/fuzz/fuzz_util.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace bh;
  if (size == 0) return 0;
  const RuleSet rules = fuzz::rules_from_byte(data[0]);
  const auto [fen, text] = fuzz::split_first_line(fuzz::as_text(data + 1, size - 1));
  Board board;
  fuzz::accepted<ParseError>([&, fen = fen] { board = parse_fen(fen); });
  Move move;
  if (!fuzz::accepted<ParseError>([&, text = text] { move = parse_uci(board, rules, text); })) return 0;
  if (move.is_wait()) return 0;
  fuzz::require(is_legal(board, rules, move), "a move read is legal");
  fuzz::require(parse_uci(board, rules, to_uci(move)) == move, "the move's UCI text reads back to it");
  Board child = board;
  child.play(move);
  fuzz::require(parse_fen(to_fen(child)) == child, "the position after the move writes a FEN that reads back");
  return 0;
}
