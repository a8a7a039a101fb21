// san_move_fuzz.cpp — feeds arbitrary text to parse_san and parse_move (core/notation.h).
// Input: one byte choosing rule options (fuzz_util.h), then a FEN line (the start
// position when it does not parse), then the move text.
// Checks: no crash, no sanitizer report, a refusal is a ParseError with a message; a move
// read is legal on that board under those rules, its SAN (to_san) reads back to the same
// move, and parse_move (UCI or SAN, whichever the text looks like) agrees or refuses.
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
  Move any;
  if (fuzz::accepted<ParseError>([&, text = text] { any = parse_move(board, rules, text); }) && !any.is_wait())
    fuzz::require(is_legal(board, rules, any), "parse_move returns a legal move");
  Move move;
  if (!fuzz::accepted<ParseError>([&, text = text] { move = parse_san(board, rules, text); })) return 0;
  fuzz::require(is_legal(board, rules, move), "a SAN move read is legal");
  const std::string san = to_san(board, rules, move);
  fuzz::require(parse_san(board, rules, san) == move, "the move's SAN reads back to it");
  fuzz::require(parse_move(board, rules, san) == move, "parse_move reads the SAN written to the same move");
  return 0;
}
