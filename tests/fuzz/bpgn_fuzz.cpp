// bpgn_fuzz.cpp — feeds arbitrary text to read_bpgn and replays every game it reads
// (core/bpgn.h).
// Checks: no crash, no sanitizer report, a refusal is a ParseError with a message; a game
// that replays is written back (write_bpgn, SAN and UCI) to a record that reads as one
// game and replays to the same two final positions, move count and result.
#include <optional>
#include <sstream>

#include "core/bpgn.h"
#include "core/parse_error.h"
#include "tests/fuzz/fuzz_util.h"

namespace bh {
namespace {

void check_round_trip(const Match& match, MoveStyle style) {
  std::istringstream in(write_bpgn(match, {{"Event", "fuzz"}}, style));
  const std::vector<BpgnGame> games = read_bpgn(in, "written");
  fuzz::require(games.size() == 1, "a written match reads back as one game");
  const Match again = replay(games[0], match.rules());
  fuzz::require(again.board(BoardA) == match.board(BoardA) && again.board(BoardB) == match.board(BoardB),
                "a written match replays to the same positions");
  fuzz::require(again.moves_played() == match.moves_played(), "a written match replays the same number of moves");
  fuzz::require(again.outcome().result == match.outcome().result && again.outcome().reason == match.outcome().reason,
                "a written match replays to the same result");
}

}  // namespace
}  // namespace bh

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace bh;
  std::istringstream in{std::string(fuzz::as_text(data, size))};
  std::vector<BpgnGame> games;
  if (!fuzz::accepted<ParseError>([&] { games = read_bpgn(in, "fuzz"); })) return 0;
  for (const BpgnGame& game : games) {
    std::optional<Match> match;
    if (!fuzz::accepted<ParseError>([&] { match.emplace(replay(game, RuleSet{})); })) continue;
    check_round_trip(*match, MoveStyle::San);
    check_round_trip(*match, MoveStyle::Uci);
  }
  return 0;
}
