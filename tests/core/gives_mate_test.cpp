// Specification of gives_mate and find_mate (core/movegen.h): a move mates exactly when the
// board after it is Checkmate under the match's mate rule (core/RULES.md "Check, mate and waiting").
// Checked against Fairy-Stockfish's mates of tests/data/mate_in_one.epd (every mating move
// of each position is listed there), against board_state() for every legal move of the
// data files, and on the blockable-check case where the two mate rules part.
#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <vector>

#include "core/fen.h"
#include "core/movegen.h"
#include "core/notation.h"
#include "core/perft.h"
#include "tests/core/test_data.h"

namespace bh {
namespace {

RuleSet classic_rules() {
  RuleSet r;
  r.mate_rule = MateRule::Classic;
  return r;
}

bool mates_after(const Board& b, const RuleSet& r, Move m) {
  Board after = b;
  after.play(m);
  return board_state(after, r) == BoardState::Checkmate;
}

// Every legal move of `b`: gives_mate agrees with the board's state after the move, and
// find_mate over the list (a wait in it skipped) names the first mate.
void expect_agreement(const Board& b, const RuleSet& r, const std::string& where) {
  MoveList moves = legal_moves(b, r);
  Move first = Move::none();
  for (Move m : moves) {
    const bool mates = mates_after(b, r, m);
    ASSERT_EQ(gives_mate(b, r, m), mates) << where << " " << to_uci(m);
    ASSERT_EQ(find_mate(b, r, std::span<const Move>(&m, 1)), mates ? m : Move::none()) << where << " " << to_uci(m);
    if (first.is_none() && mates) first = m;
  }
  moves.push(Move::wait());
  EXPECT_EQ(find_mate(b, r, moves), first) << where;
}

struct MateLine {
  Board board;
  std::vector<Move> mates;
};

std::vector<MateLine> read_mates() {
  std::ifstream in(test::data_path("mate_in_one.epd"));
  std::vector<MateLine> out;
  for (std::string line; std::getline(in, line);) {
    const std::size_t bm = line.find(" bm "), end = line.find(';');
    MateLine m{parse_fen(line.substr(0, bm)), {}};
    std::string moves = line.substr(bm + 4, end - bm - 4) + " ";
    for (std::size_t at = 0, sp; (sp = moves.find(' ', at)) != std::string::npos; at = sp + 1)
      if (sp > at) m.mates.push_back(parse_uci(m.board, RuleSet{}, moves.substr(at, sp - at)));
    out.push_back(std::move(m));
  }
  return out;
}

TEST(GivesMate, FindsExactlyTheListedMatesOfRealMatchPositions) {
  const std::vector<MateLine> lines = read_mates();
  ASSERT_EQ(lines.size(), 87u);
  for (const MateLine& l : lines) {
    std::vector<Move> found;
    for (Move m : legal_moves(l.board, RuleSet{}))
      if (gives_mate(l.board, RuleSet{}, m)) found.push_back(m);
    std::vector<Move> listed = l.mates;
    auto by_raw = [](Move a, Move b) { return a.raw() < b.raw(); };
    std::sort(found.begin(), found.end(), by_raw);
    std::sort(listed.begin(), listed.end(), by_raw);
    EXPECT_EQ(found, listed) << to_fen(l.board);
  }
}

TEST(GivesMate, AgreesWithTheBoardStateAfterEveryMove) {
  for (const RuleSet& r : {RuleSet::bughouse(), classic_rules()}) {
    for (const EpdEntry& e : read_epd_file(test::data_path("bughouse_perft.epd")))
      expect_agreement(parse_fen(e.fen), r, e.fen);
    for (const MateLine& l : read_mates()) expect_agreement(l.board, r, to_fen(l.board));
  }
  for (const EpdEntry& e : read_epd_file(test::data_path("chess_perft.epd")))
    expect_agreement(parse_fen(e.fen), RuleSet::chess(), e.fen);
}

// White drops a rook on a8 against the king on h8 behind its pawns. Black holds nothing,
// but the gap b8..g8 could take a piece the partner sends: not mate by default, mate under
// the classic rule, which judges with the reserve black holds now.
TEST(GivesMate, ADropBlockableCheckMatesOnlyUnderTheClassicRule) {
  const Board b = parse_fen("7k/6pp/8/8/8/8/8/4K3[R] w - - 0 1");
  const Move drop = Move::drop(Rook, A8);
  EXPECT_FALSE(gives_mate(b, RuleSet{}, drop));
  EXPECT_TRUE(gives_mate(b, classic_rules(), drop));
  // With a knight in black's hand N@b8..g8 answers it under either rule.
  const Board held = parse_fen("7k/6pp/8/8/8/8/8/4K3[Rn] w - - 0 1");
  EXPECT_FALSE(gives_mate(held, classic_rules(), drop));
}

// find_mate tests most moves by their check squares alone; a check uncovered by the moving
// piece and a promotion take the long way. The knight on d8 hides the rook's check: Nf7 is
// double check (no drop blocks two checkers), Ne6 only uncovers the blockable rook check.
TEST(GivesMate, MatesByAnUncoveredCheckAndByAPromotion) {
  const Board uncover = parse_fen("R2N3k/6pp/8/8/8/8/8/K7 w - - 0 1");
  EXPECT_EQ(find_mate(uncover, RuleSet{}, legal_moves(uncover, RuleSet{})), Move::normal(D8, F7));
  EXPECT_FALSE(gives_mate(uncover, RuleSet{}, Move::normal(D8, E6)));
  EXPECT_TRUE(gives_mate(uncover, classic_rules(), Move::normal(D8, E6)));
  // fxg8=Q: a contact check the bishop guards once the pawn has left f7.
  const Board promote = parse_fen("6nk/5Ppp/8/8/8/8/B7/K7 w - - 0 1");
  const Move mate = find_mate(promote, RuleSet{}, legal_moves(promote, RuleSet{}));
  ASSERT_FALSE(mate.is_none());
  EXPECT_TRUE(mate.is_promotion());
  EXPECT_EQ(mate.to(), G8);
}

// A move that gives no check never mates, whatever follows.
TEST(GivesMate, NoCheckNoMate) {
  const Board b = parse_fen("7k/6pp/8/8/8/8/8/4K3[R] w - - 0 1");
  EXPECT_FALSE(gives_mate(b, classic_rules(), Move::drop(Rook, B7)));
}

}  // namespace
}  // namespace bh
