// Players for arenas: the greedy baseline mates and counts material over both boards with
// reserves, the random player moves legally, the search player finds mates, and a whole
// arena match between them finishes and replays from its BPGN.
#include <gtest/gtest.h>

#include <sstream>
#include <utility>

#include "core/bpgn.h"
#include "core/notation.h"
#include "mcts/arena_match.h"
#include "mcts/greedy_player.h"
#include "mcts/mcts_player.h"
#include "mcts/random_player.h"
#include "mcts/simple_evaluators.h"
#include "tests/mcts/positions.h"

namespace bh {
namespace {

using test::kStartFen;
using test::make_match;

TEST(GreedyPlayer, PlaysTheMate) {
  Match m = make_match("r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4", kStartFen);
  GreedyPlayer p(TimeModel{}, 1);
  EXPECT_EQ(to_uci(p.decide(m, AWhite, 0).action), "h5f7");
}

TEST(GreedyPlayer, CountsCapturesTwiceAndPrefersTheQueen) {
  // White's queen can take a black queen (g7) or knight (a7).
  Match m = make_match("4k3/n5q1/8/8/3Q4/8/8/4K3 w - - 0 1", kStartFen);
  const int before = GreedyPlayer::score_move(m, AWhite, Move::normal(D4, D5));
  // Taking the queen: 390 off black's board on A and 390 into B-black's reserve.
  EXPECT_EQ(GreedyPlayer::score_move(m, AWhite, Move::normal(D4, G7)) - before, 2 * 390);
  EXPECT_EQ(GreedyPlayer::score_move(m, AWhite, Move::normal(D4, A7)) - before, 2 * 192);
  GreedyPlayer p(TimeModel{}, 1);
  const PlayerAction a = p.decide(m, AWhite, 0);
  EXPECT_EQ(to_uci(a.action), "d4g7");
  EXPECT_GE(a.think_ms, 1);
}

TEST(RandomPlayer, MovesLegallyAndNeverWaits) {
  Match m(RuleSet{}, TimeControl{});
  RandomPlayer p(TimeModel{}, 3);
  for (int i = 0; i < 50; ++i) {
    const PlayerAction a = p.decide(m, AWhite, 0);
    EXPECT_TRUE(m.legal_moves(BoardA).contains(a.action));
  }
}

TEST(MctsPlayer, FindsTheDropMate) {
  Match m = make_match("7k/6pp/8/8/8/8/B7/K7[Q] w - - 0 1", kStartFen);
  UniformEvaluator uniform;
  SearchConfig c;
  c.visits = 400;
  MctsPlayer p(uniform, c, {TimeModel{}, true}, 1);
  EXPECT_EQ(p.decide(m, AWhite, 0).action, Move::drop(Queen, G8));
}

Match replayed(const Match& m) {
  std::istringstream in(write_bpgn(m, {{"Event", "arena test"}}));
  auto games = read_bpgn(in, "arena");
  EXPECT_EQ(games.size(), 1u);
  return replay(games.at(0), m.rules());
}

TEST(Arena, GreedyBeatsRandomAndEveryMatchReplays) {
  TimeModelConfig think;
  think.clock_fraction = 0.05;
  const TimeModel time(think);
  int greedy_wins = 0;
  for (int i = 0; i < 10; ++i) {
    GreedyPlayer g(time, 100 + i);
    RandomPlayer r(time, 200 + i);
    // Greedy plays team 1 (A-white, B-black) in even matches, team 2 in odd ones.
    const bool greedy_team1 = i % 2 == 0;
    std::array<Player*, kSeats> seats = greedy_team1 ? std::array<Player*, kSeats>{&g, &r, &r, &g}
                                                     : std::array<Player*, kSeats>{&r, &g, &g, &r};
    const Match m = play_arena_match(seats, RuleSet{}, TimeControl::parse("60s+0"));
    ASSERT_TRUE(m.over());
    const Match again = replayed(m);
    EXPECT_EQ(again.board(BoardA), m.board(BoardA));
    EXPECT_EQ(again.board(BoardB), m.board(BoardB));
    greedy_wins += m.outcome().result == win_for(greedy_team1 ? Team1 : Team2);
  }
  EXPECT_GE(greedy_wins, 8);
}

TEST(Arena, SearchPlayersPlayAWholeMatch) {
  MaterialEvaluator material;
  SearchConfig c;
  c.visits = 16;
  TimeModelConfig think;
  think.clock_fraction = 0.05;
  MctsPlayer a(material, c, {TimeModel(think), true}, 1);
  MctsPlayer b(material, c, {TimeModel(think), true}, 2);
  const Match m = play_arena_match({&a, &b, &b, &a}, RuleSet{}, TimeControl::parse("20s+0"));
  ASSERT_TRUE(m.over());
  const Match again = replayed(m);
  EXPECT_EQ(again.moves_played(), m.moves_played());
}

// A player that breaks the rules or whose program fails is named with its seat, so that a
// tournament can score the match against it.
class IllegalPlayer : public Player {
 public:
  PlayerAction decide(const Match&, Seat, std::int64_t) override { return {Move::normal(E2, E5), 1}; }
  std::string name() const override { return "illegal"; }
};
class ThrowingPlayer : public Player {
 public:
  PlayerAction decide(const Match&, Seat, std::int64_t) override { throw std::runtime_error("engine died"); }
  std::string name() const override { return "throwing"; }
};

TEST(Arena, AFailingPlayerIsNamedWithItsSeat) {
  RandomPlayer r(TimeModel(), 1);
  IllegalPlayer illegal;
  ThrowingPlayer throwing;
  try {
    play_arena_match({&r, &r, &illegal, &r}, RuleSet{}, TimeControl::parse("60s+0"));
    FAIL() << "an illegal move was played";
  } catch (const PlayerFault& f) {
    EXPECT_EQ(f.seat, BWhite);
    EXPECT_NE(std::string(f.what()).find("illegal move e2e5"), std::string::npos) << f.what();
  }
  try {
    play_arena_match({&throwing, &r, &r, &r}, RuleSet{}, TimeControl::parse("60s+0"));
    FAIL() << "the failing player went unnoticed";
  } catch (const PlayerFault& f) {
    EXPECT_EQ(f.seat, AWhite);
    EXPECT_NE(std::string(f.what()).find("throwing playing A-white: engine died"), std::string::npos) << f.what();
  }
}

// Knights out and back (core/RULES.md "Chess draws": the repetition example), optionally
// claiming a draw with every move.
class KnightShuffler : public Player {
 public:
  explicit KnightShuffler(bool claim) : claim_(claim) {}
  PlayerAction decide(const Match& match, Seat seat, std::int64_t) override {
    const Board& board = match.board(board_of(seat));
    const bool white = color_of(seat) == White;
    const Square home = white ? G1 : G8, out = white ? F3 : F6;
    const bool at_home = board.piece_on(home) == make_piece(white ? White : Black, Knight);
    return {at_home ? Move::normal(home, out) : Move::normal(out, home), 1, claim_};
  }
  std::string name() const override { return "shuffler"; }

 private:
  bool claim_;
};

TEST(Arena, StandardChessDrawsByClaimOrByTheArbiter) {
  KnightShuffler quiet(false), claiming(true);
  // Nobody claims: the fifth occurrence ends the game by itself (16 half-moves).
  const Match automatic = play_arena_match({&quiet, &quiet, &quiet, &quiet}, RuleSet::chess(), TimeControl::untimed());
  EXPECT_EQ(automatic.outcome().reason, EndReason::FivefoldRepetition);
  // A player claiming with its move: granted with the move that makes the third occurrence,
  // black's Nf6-g8 (the 8th half-move on board A; both boards play the same shuffle and A
  // acts first at equal think times, so B has played 7).
  const Match claimed = play_arena_match({&claiming, &claiming, &claiming, &claiming}, RuleSet::chess(), TimeControl::untimed());
  EXPECT_EQ(claimed.outcome().reason, EndReason::ThreefoldClaim);
  EXPECT_EQ(claimed.outcome().seat, ABlack);
  EXPECT_EQ(claimed.moves_played(), 8 + 7);
  // The arbiter grants the same draw to the player to move, white, after that half-move.
  const Match adjudicated = play_arena_match({&quiet, &quiet, &quiet, &quiet}, RuleSet::chess(), TimeControl::untimed(),
                                             {.adjudicate_claims = true});
  EXPECT_EQ(adjudicated.outcome().reason, EndReason::ThreefoldClaim);
  EXPECT_EQ(adjudicated.outcome().seat, AWhite);
  EXPECT_EQ(adjudicated.moves_played(), 8 + 7);
}

// Says "from <seat>" at every decision and keeps what its partner said.
class TalkingPlayer : public Player {
 public:
  explicit TalkingPlayer(std::uint64_t seed) : moves_(TimeModel(), seed) {}
  PlayerAction decide(const Match& match, Seat seat, std::int64_t t) override {
    said_.push_back("from " + std::string(seat_name(seat)));
    return moves_.decide(match, seat, t);
  }
  std::string name() const override { return "talking"; }
  std::vector<std::string> take_partner_messages() override { return std::exchange(said_, {}); }
  void hear_partner(const std::string& message) override { heard.push_back(message); }
  std::vector<std::string> heard;

 private:
  RandomPlayer moves_;
  std::vector<std::string> said_;
};

TEST(Arena, PartnersHearEachOtherAndNobodyElse) {
  std::array<std::unique_ptr<TalkingPlayer>, kSeats> p;
  for (int s = 0; s < kSeats; ++s) p[s] = std::make_unique<TalkingPlayer>(10 + s);
  const Match m = play_arena_match({p[0].get(), p[1].get(), p[2].get(), p[3].get()}, RuleSet{}, TimeControl::parse("60s+0"));
  ASSERT_GT(m.moves_played(), 4);
  // A-white's partner is B-black (team 1), A-black's is B-white (team 2): core/RULES.md.
  for (Seat s : {AWhite, ABlack, BWhite, BBlack}) {
    const auto& heard = p[s]->heard;
    ASSERT_FALSE(heard.empty()) << seat_name(s);
    for (const std::string& h : heard) EXPECT_EQ(h, "from " + std::string(seat_name(partner_of(s)))) << seat_name(s);
  }
}

}  // namespace
}  // namespace bh
