// Specification of robustness: malformed and random text (fixed seed) never crashes, hangs
// or misparses. Each input either parses to something that round-trips and can be played
// from, or is refused with a ParseError carrying a message. No other exception escapes.
#include <gtest/gtest.h>

#include <fstream>
#include <random>
#include <sstream>

#include "core/bfen.h"
#include "core/bpgn.h"
#include "core/fen.h"
#include "core/match_view.h"
#include "core/movegen.h"
#include "core/notation.h"
#include "core/parse_error.h"
#include "core/perft.h"
#include "tests/core/test_data.h"

namespace bh {
namespace {

constexpr char kAlphabet[] = "pnbrqkPNBRQK12345678/[]~- wbKQkqa-h0123456789|@e.{}x+#=O";

std::string random_text(std::mt19937& rng, int max_len) {
  std::uniform_int_distribution<int> len(0, max_len), pick(0, sizeof(kAlphabet) - 2), any(1, 255);
  std::string s;
  for (int i = len(rng); i > 0; --i) s += (rng() % 8 == 0) ? char(any(rng)) : kAlphabet[pick(rng)];
  return s;
}

std::string mutate(std::string s, std::mt19937& rng, int max_edits = 3, bool truncate = true) {
  int edits = 1 + int(rng() % max_edits);
  for (int e = 0; e < edits; ++e) {
    std::size_t at = s.empty() ? 0 : rng() % s.size();
    char c = kAlphabet[rng() % (sizeof(kAlphabet) - 1)];
    switch (rng() % 4) {
      case 0: if (!s.empty()) s[at] = c; break;
      case 1: s.insert(s.begin() + at, c); break;
      case 2: if (!s.empty()) s.erase(at, 1); break;
      case 3: if (truncate) s = s.substr(0, at); break;
    }
  }
  return s;
}

std::vector<std::string> seed_fens() {
  std::vector<std::string> fens;
  for (const EpdEntry& e : read_epd_file(test::data_path("bughouse_perft.epd"))) fens.push_back(e.fen);
  return fens;
}

// A parsed board must be a real position: writing it reads back to the same board, and
// its moves can be generated and played.
void expect_usable(const Board& b, const std::string& input) {
  std::string fen = to_fen(b);
  Board again = parse_fen(fen);
  ASSERT_TRUE(again == b) << input << " -> " << fen;
  ASSERT_EQ(to_fen(again), fen);
  MoveList moves = legal_moves(b, RuleSet{});
  ASSERT_EQ(count_legal(b, RuleSet{}), std::uint64_t(moves.size)) << fen;
  for (Move m : moves) {
    Board child = b;
    child.play(m);
    ASSERT_EQ(parse_fen(to_fen(child)), child) << fen << " " << to_uci(m);
  }
}

template <typename F>
void parse_or_refuse(const std::string& input, F&& f) {
  try {
    f();
  } catch (const ParseError& e) {
    ASSERT_GT(std::string(e.what()).size(), 10u) << input;
  } catch (const std::exception& e) {
    FAIL() << "unexpected exception type for '" << input << "': " << e.what();
  }
}

TEST(Fuzz, MutatedAndRandomFens) {
  std::mt19937 rng(20261129);
  auto fens = seed_fens();
  int parsed = 0, refused = 0;
  for (int i = 0; i < 30000; ++i) {
    std::string input = i % 5 == 0 ? random_text(rng, 90) : mutate(fens[rng() % fens.size()], rng);
    bool ok = false;
    parse_or_refuse(input, [&] {
      Board b = parse_fen(input);
      ok = true;
      expect_usable(b, input);
    });
    ok ? ++parsed : ++refused;
  }
  // Both outcomes must actually occur, or the mutations test nothing.
  EXPECT_GT(parsed, 500);
  EXPECT_GT(refused, 500);
}

TEST(Fuzz, MutatedBfens) {
  std::mt19937 rng(7);
  auto fens = seed_fens();
  for (int i = 0; i < 5000; ++i) {
    std::string input = fens[rng() % fens.size()] + " | " + fens[rng() % fens.size()];
    if (i % 3 == 0) input += " | 1000 2000 3000 4000";
    input = mutate(input, rng);
    parse_or_refuse(input, [&] {
      Bfen f = parse_bfen(input);
      Bfen again = parse_bfen(to_bfen(f.a, f.b));
      ASSERT_TRUE(again.a == f.a && again.b == f.b) << input;
    });
  }
}

TEST(Fuzz, RandomMoveText) {
  std::mt19937 rng(11);
  auto fens = seed_fens();
  for (int i = 0; i < 20000; ++i) {
    Board b = parse_fen(fens[rng() % fens.size()]);
    std::string input = random_text(rng, 7);
    parse_or_refuse(input, [&] {
      Move m = parse_move(b, RuleSet{}, input);
      if (!m.is_wait()) {
        ASSERT_TRUE(is_legal(b, RuleSet{}, m)) << input;
      }
    });
  }
}

TEST(Fuzz, MutatedEpdLines) {
  std::mt19937 rng(13);
  auto fens = seed_fens();
  for (int i = 0; i < 5000; ++i) {
    std::string input = mutate(fens[rng() % fens.size()] + ";D1 20;D2 400", rng);
    parse_or_refuse(input, [&] { parse_epd_line(input, 1); });
  }
}

TEST(Fuzz, MutatedBpgnRecords) {
  std::mt19937 rng(17);
  std::ifstream in(test::data_path("match_replays.bpgn"));
  std::stringstream whole;
  whole << in.rdbuf();
  std::string text = whole.str();
  int replayed = 0, refused = 0;
  for (int i = 0; i < 400; ++i) {
    std::size_t start = text.find("[Event", rng() % text.size());
    if (start == std::string::npos) start = 0;
    std::string game = text.substr(start, text.find("[Event", start + 1) - start);
    game = mutate(game, rng, 2, false);
    bool ok = false;
    parse_or_refuse(game, [&] {
      std::stringstream ss(game);
      for (const BpgnGame& g : read_bpgn(ss, "fuzz")) replay(g, RuleSet{});
      ok = true;
    });
    ok ? ++replayed : ++refused;
  }
  EXPECT_GT(replayed, 20);
  EXPECT_GT(refused, 20);
}

// Found by tests/fuzz/bpgn_fuzz: a clock comment beyond any clock (6e47 s) was read as a
// clock, and the replay's millisecond arithmetic on it overflowed. Such comments, and
// infinite ones, are not clocks: the moves replay without them.
TEST(Fuzz, ClockCommentsBeyondAnyClockAreNotClocks) {
  std::istringstream in("[Event \"x\"]\n[TimeControl \"60+0\"]\n\n"
                        "1A. e2e4 {602222222222222222222222222222222222222222222222.00} 1a. e7e5 {inf} "
                        "2A. g1f3 {[%clk 1e300:00]} 2a. b8c6 {59.5} *\n");
  const std::vector<BpgnGame> games = read_bpgn(in, "test");
  ASSERT_EQ(games.size(), 1u);
  ASSERT_EQ(games[0].plies.size(), 4u);
  for (int i = 0; i < 3; ++i) EXPECT_FALSE(games[0].plies[i].clock_ms) << games[0].plies[i].text;
  EXPECT_EQ(games[0].plies[3].clock_ms, 59500);
  const Match match = replay(games[0], RuleSet{});
  EXPECT_EQ(match.moves_played(), 4);
  EXPECT_FALSE(match.over());
}

// Found by tests/fuzz/bpgn_fuzz: the TimeControl tag was written in whole seconds, so a
// match at ".1+0" was written as "0+0", which does not read back (and 1.5 s as 1 s).
TEST(Fuzz, SubSecondTimeControlsAreWrittenExactly) {
  for (const TimeControl tc : {TimeControl{100, 0}, TimeControl{1500, 250}, TimeControl{60'000, 1'000}}) {
    Match match(RuleSet{}, tc);
    ASSERT_TRUE(match.play(BoardA, parse_uci(match.board(BoardA), RuleSet{}, "e2e4"), 50));
    std::istringstream in(write_bpgn(match, {{"Event", "x"}}));
    const std::vector<BpgnGame> games = read_bpgn(in, "written");
    ASSERT_EQ(games.size(), 1u);
    EXPECT_EQ(replay(games[0], RuleSet{}).time_control(), tc) << games[0].tag("TimeControl");
  }
  Match match(RuleSet{}, TimeControl{1500, 250});
  EXPECT_NE(write_bpgn(match, {}).find("[TimeControl \"1.5+0.25\"]"), std::string::npos);
}

// Found by tests/fuzz/bpgn_fuzz: clocks were written in centiseconds, so a move made 1 ms
// before the other board's flag (a clock of 10.001 s written as 10.00) replayed 1 ms
// later, after that flag, and the written record ended in a loss on time.
TEST(Fuzz, WrittenClocksReplayEveryMoveAtItsTime) {
  Match match(RuleSet{}, TimeControl{44'000, 5'000});
  for (auto [board, uci] : {std::pair{BoardA, "e2e4"}, {BoardA, "g8f6"}, {BoardA, "g1f3"}, {BoardB, "g1f3"}})
    ASSERT_TRUE(match.play(board, parse_uci(match.board(board), RuleSet{}, uci), 43'999)) << uci;
  const std::string record = write_bpgn(match, {{"Event", "x"}});
  EXPECT_NE(record.find("{10.001}"), std::string::npos) << record;
  std::istringstream in(record);
  const Match again = replay(read_bpgn(in, "written").at(0), RuleSet{});
  ASSERT_EQ(again.events().size(), match.events().size()) << record;
  for (std::size_t i = 0; i < match.events().size(); ++i) {
    EXPECT_EQ(again.events()[i].time_ms, match.events()[i].time_ms) << i;
    EXPECT_EQ(again.events()[i].clock_after_ms, match.events()[i].clock_after_ms) << i;
  }
  EXPECT_FALSE(again.over());
}

TEST(Fuzz, RandomPackedViews) {
  std::mt19937 rng(19);
  int valid = 0;
  for (int i = 0; i < 20000; ++i) {
    std::array<std::uint8_t, MatchView::kPackedSize> bytes{};
    for (auto& b : bytes) b = std::uint8_t(rng());
    try {
      MatchView::unpack(bytes);
      ++valid;
    } catch (const std::invalid_argument&) {
    }
  }
  EXPECT_LT(valid, 20000);
}

}  // namespace
}  // namespace bh
