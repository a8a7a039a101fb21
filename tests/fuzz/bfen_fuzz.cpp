// bfen_fuzz.cpp — feeds arbitrary text to parse_bfen and match_from_bfen (core/bfen.h).
// Checks: no crash, no sanitizer report, a refusal is a ParseError with a message; a BFEN
// that parses writes back (to_bfen) to one that parses to the same two boards, its clocks
// (when given) are positive, and a timed match starts from it with those clocks.
#include <optional>

#include "core/bfen.h"
#include "core/parse_error.h"
#include "tests/fuzz/fuzz_util.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace bh;
  const std::string_view text = fuzz::as_text(data, size);
  std::optional<Bfen> bfen;
  if (!fuzz::accepted<ParseError>([&] { bfen = parse_bfen(text); })) return 0;
  const Bfen again = parse_bfen(to_bfen(bfen->a, bfen->b));
  fuzz::require(again.a == bfen->a && again.b == bfen->b, "the written BFEN reads back to the same boards");
  if (!bfen->clocks) return 0;
  for (std::int64_t c : *bfen->clocks) fuzz::require(c > 0, "clocks read are positive");
  const Match match = match_from_bfen(text, RuleSet{}, TimeControl{});
  for (int s = 0; s < kSeats; ++s)
    fuzz::require(match.initial_clocks()[s] == (*bfen->clocks)[s], "the match starts with the BFEN's clocks");
  fuzz::require(parse_bfen(to_bfen(match)).clocks == bfen->clocks, "a match writes its clocks back");
  return 0;
}
