// Specification by replay: the 50 refereed engine matches of tests/data/match_replays.bpgn
// (made by an independent referee, see tests/data/README.md), played move by move through
// Match, reach the final positions of match_replays.tsv, and each ending is recognised.
#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <map>
#include <sstream>

#include "core/bpgn.h"
#include "core/fen.h"
#include "tests/core/test_data.h"

namespace bh {
namespace {

struct Expected {
  std::string final_a, final_b, termination;
};

std::map<int, Expected> read_tsv() {
  std::ifstream in(test::data_path("match_replays.tsv"));
  std::map<int, Expected> out;
  std::string line;
  std::getline(in, line);  // header
  while (std::getline(in, line)) {
    std::stringstream ss(line);
    std::string id, a, b, term;
    std::getline(ss, id, '\t');
    std::getline(ss, a, '\t');
    std::getline(ss, b, '\t');
    std::getline(ss, term, '\t');
    out[std::stoi(id)] = {a, b, term};
  }
  return out;
}

// What the data's README says is comparable: placement with promoted markers, holdings as
// multisets, side to move and castling rights. (Not the en passant field or the counters.)
void expect_same_board(const Board& got, const std::string& fen, const std::string& what) {
  Board want = parse_fen(fen);
  for (int s = 0; s < 64; ++s) {
    ASSERT_EQ(got.piece_on(Square(s)), want.piece_on(Square(s))) << what << " square " << square_name(Square(s));
    ASSERT_EQ(got.is_promoted(Square(s)), want.is_promoted(Square(s))) << what << " promoted " << square_name(Square(s));
  }
  EXPECT_EQ(got.reserve(White), want.reserve(White)) << what << " white holdings";
  EXPECT_EQ(got.reserve(Black), want.reserve(Black)) << what << " black holdings";
  EXPECT_EQ(got.side_to_move(), want.side_to_move()) << what;
  EXPECT_EQ(got.castling_rights(), want.castling_rights()) << what;
}

int match_number(const BpgnGame& g) {
  std::string event = g.tag("Event");  // "match 17"
  return std::stoi(event.substr(event.find(' ') + 1));
}

TEST(MatchReplay, EveryMatchReachesTheRefereesFinalPositions) {
  auto games = read_bpgn_file(test::data_path("match_replays.bpgn"));
  auto expected = read_tsv();
  ASSERT_EQ(games.size(), 50u);
  int mates = 0, stuck = 0;
  for (const BpgnGame& g : games) {
    int id = match_number(g);
    ASSERT_TRUE(expected.count(id)) << "match " << id;
    const Expected& e = expected.at(id);
    Match m = replay(g, RuleSet{});
    std::string what = "match " + std::to_string(id);
    expect_same_board(m.board(BoardA), e.final_a, what + " board A");
    expect_same_board(m.board(BoardB), e.final_b, what + " board B");
    EXPECT_EQ(g.reason, e.termination) << what;

    const std::string kind = e.termination.substr(0, e.termination.find(' '));
    const std::string seat = e.termination.substr(e.termination.find(' ') + 1);
    if (kind == "mate") {
      // The last move mates under the default mate rule (core/RULES.md "Check, mate and waiting").
      ++mates;
      ASSERT_TRUE(m.over()) << what;
      EXPECT_EQ(m.outcome().reason, EndReason::Checkmate) << what;
      EXPECT_EQ(seat_name(m.outcome().seat), seat) << what;
      EXPECT_EQ(result_string(m.outcome()), g.result) << what;
    } else if (kind == "stuck-flag") {
      // Both boards stuck: a draw by default (core/RULES.md "End of the match").
      ++stuck;
      ASSERT_TRUE(m.over()) << what;
      EXPECT_EQ(m.outcome().reason, EndReason::BothStuck) << what;
      EXPECT_EQ(m.outcome().result, MatchResult::Draw) << what;
      // Under stuck_rule=flag the referee's verdict holds: that seat loses.
      RuleSet flag_rules;
      flag_rules.stuck_rule = StuckRule::Flag;
      Match f = replay(g, flag_rules);
      // The record's clocks have 10 ms resolution: where the two stuck movers' flag times
      // come out equal, either may be named, and both belong to the losing team.
      EXPECT_EQ(f.outcome().reason, EndReason::StuckFlag) << what;
      EXPECT_EQ(result_string(f.outcome()), g.result) << what;
      if (f.flag_time(BoardA) != f.flag_time(BoardB))
        EXPECT_EQ(seat_name(f.outcome().seat), seat) << what;
      else
        EXPECT_TRUE(seat_name(f.mover(BoardA)) == seat || seat_name(f.mover(BoardB)) == seat) << what;
    } else {
      // A flag depends on clocks after the last move; the position is still ongoing.
      EXPECT_FALSE(m.over()) << what << ": " << m.outcome().describe();
    }
  }
  EXPECT_EQ(mates, 44);
  EXPECT_EQ(stuck, 6);
}

}  // namespace
}  // namespace bh
