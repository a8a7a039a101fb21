// epd_fuzz.cpp — feeds arbitrary text, line by line as read_epd_file reads a file, to
// parse_epd_line (core/perft.h).
// Checks: no crash, no sanitizer report, a refusal is a ParseError with a message; an
// entry read has a FEN that parses and at least one count of depth 1..20, writing the
// entry back as `<fen>;D<depth> <count>...` reads back to the same entry, and perft to
// depth 1 of its position equals the number of legal moves.
#include "core/fen.h"
#include "core/movegen.h"
#include "core/parse_error.h"
#include "core/perft.h"
#include "tests/fuzz/fuzz_util.h"

namespace bh {
namespace {

std::string write_epd_line(const EpdEntry& e) {
  std::string line = e.fen;
  for (const auto& [depth, count] : e.counts) line += ";D" + std::to_string(depth) + " " + std::to_string(count);
  return line;
}

void check_entry(const EpdEntry& e, int line) {
  fuzz::require(!e.counts.empty(), "an entry has counts");
  for (const auto& [depth, count] : e.counts) fuzz::require(depth >= 1 && depth <= 20, "depths lie in 1..20");
  const EpdEntry again = parse_epd_line(write_epd_line(e), line);
  fuzz::require(again.fen == e.fen && again.counts == e.counts && again.line == line, "an entry written reads back");
  const Board board = parse_fen(e.fen);
  fuzz::require(perft(board, RuleSet{}, 1) == count_legal(board, RuleSet{}), "perft 1 counts the legal moves");
}

}  // namespace
}  // namespace bh

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace bh;
  int number = 0;
  for (std::string_view line : fuzz::lines(fuzz::as_text(data, size))) {
    ++number;
    EpdEntry entry;
    if (fuzz::accepted<ParseError>([&] { entry = parse_epd_line(line, number); })) check_entry(entry, number);
  }
  return 0;
}
