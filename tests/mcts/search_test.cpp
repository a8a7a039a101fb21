// Search on hand-worked positions with evaluators that know nothing (uniform) or only
// material: mates in one (by a move, by a drop), the two-board tactic of taking the piece
// the partner needs to mate, the backup rule for consecutive plies of one team, fixed-seed
// determinism, Gumbel root selection, and tree reuse.
#include <gtest/gtest.h>

#include <numeric>

#include "core/notation.h"
#include "mcts/search.h"
#include "mcts/simple_evaluators.h"
#include "tests/mcts/fake_evaluators.h"
#include "tests/mcts/positions.h"

namespace bh {
namespace {

using test::default_turns;
using test::kBlackToMoveFen;
using test::kStartFen;
using test::make_match;

SearchResult search(const GameState& root, Evaluator& ev, int visits, SearchConfig config = {},
                    bool noise = false, std::uint64_t seed = 1) {
  Search s(config, seed);
  LeafBatch batch(config.max_leaves_per_tree);
  return run_search(s, root, {visits, noise}, ev, batch);
}

float sum(const std::vector<float>& v) { return std::accumulate(v.begin(), v.end(), 0.0f); }

// Board A after 1.e4 e5 2.Bc4 Nc6 3.Qh5 Nf6?: Qxf7 is mate (contact check, the bishop
// guards f7, no drop can block a contact check: core/RULES.md "Check, mate and waiting").
const char* kScholarsMate = "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4";
// Board A: white holds a queen; Q@g8 mates (contact check guarded by the bishop on a2;
// the king's other squares hold its own pawns). Q@f8 checks from afar and is no mate:
// a drop on g8 could block.
const char* kDropMate = "7k/6pp/8/8/8/8/B7/K7[Q] w - - 0 1";

TEST(Search, FindsMateInOneByAMove) {
  GameState root = GameState::expected(make_match(kScholarsMate, kStartFen), default_turns());
  ASSERT_EQ(root.decider(), AWhite);
  UniformEvaluator uniform;
  SearchResult r = search(root, uniform, 200);
  EXPECT_EQ(to_uci(r.best), "h5f7");
  EXPECT_GT(r.value, 0.5f);
}

TEST(Search, FindsMateInOneByADrop) {
  GameState root = GameState::expected(make_match(kDropMate, kStartFen), default_turns());
  ASSERT_EQ(root.decider(), AWhite);
  UniformEvaluator uniform;
  SearchResult r = search(root, uniform, 400);
  EXPECT_EQ(r.best, Move::drop(Queen, G8));
  EXPECT_GT(r.value, 0.5f);
}

// Board A: A-white's queen can take a black queen (g7) or a black knight (a7); neither is
// defended. Board B: B-black (A-white's partner) to move, and a knight dropped on f2
// would smother the white king on h1; a queen drop mates nowhere. Both boards' movers
// started at 0 with equal clocks: A-white acts first, B-black right after. Material says
// take the queen; search must see that the knight, passed to the partner, mates.
const char* kTacticA = "4k3/n5q1/8/8/3Q4/8/8/4K3 w - - 0 1";
const char* kTacticB = "k7/p7/8/8/8/8/P5PP/6RK b - - 0 1";

TEST(Search, TakesThePieceThePartnerNeedsToMate) {
  GameState root = GameState::expected(make_match(kTacticA, kTacticB), default_turns());
  ASSERT_EQ(root.decider(), AWhite);
  {
    GameState after = root;
    after.apply(Move::normal(D4, A7));
    ASSERT_EQ(after.decider(), BBlack);  // the partner acts next, with the knight in hand
    after.apply(Move::drop(Knight, F2));
    ASSERT_TRUE(after.over());
    ASSERT_EQ(after.match().outcome().result, MatchResult::Team1Wins);
  }
  MaterialEvaluator material;
  SearchResult r = search(root, material, 2000);  // found from about 800 visits on
  EXPECT_EQ(to_uci(r.best), "d4a7");
  EXPECT_GT(r.value, 0.5f);
}

// Sitting for a piece (core/RULES.md "Check, mate and waiting": a player who may move may
// wait). Board A: A-white has no good move, but a knight dropped on f7 would smother the
// black king (rook g8, pawns g7 h7). Board B: A-white's partner B-black can take a white
// knight on e4, which would go to A-white. Both movers are due at 1000 ms; board A acts
// first. If A-white moves, A-black gets a tempo to make luft (h6) or guard f7 (Rf8)
// before A-white's next turn; if A-white sits one 300 ms slice, B-black's capture lands
// first and N@f7 mates. The four-seat model lets search see this.
const char* kSitA = "6rk/6pp/8/8/8/8/P7/K7 w - - 0 1";
const char* kSitB = "4k3/8/8/3p4/4N3/8/8/4K3 b - - 0 1";

TEST(Search, SitsToWaitForThePieceThePartnerWillSend) {
  GameState root = GameState::expected(make_match(kSitA, kSitB), test::fixed_turns(1000, 300));
  ASSERT_EQ(root.decider(), AWhite);
  {
    GameState line = root;
    line.apply(Move::wait());
    ASSERT_EQ(line.decider(), BBlack);
    line.apply(Move::normal(D5, E4));
    ASSERT_EQ(line.decider(), AWhite);
    ASSERT_EQ(line.match().board(BoardA).reserve(White)[Knight], 1);
    line.apply(Move::drop(Knight, F7));
    ASSERT_TRUE(line.over());
    ASSERT_EQ(line.match().outcome().result, MatchResult::Team1Wins);
  }
  MaterialEvaluator material;
  SearchResult r = search(root, material, 3000);  // found from about 500 visits on
  EXPECT_EQ(r.best, Move::wait());
  EXPECT_GT(r.value, 0.5f);
  // Without the wait action there is nothing as good.
  SearchConfig no_wait;
  no_wait.allow_wait = false;
  GameState fixed = GameState::expected(make_match(kSitA, kSitB), test::fixed_turns(1000, 300, false));
  EXPECT_LT(search(fixed, material, 3000, no_wait).value, 0.5f);
}

TEST(Search, SameTeamConsecutivePliesDoNotFlipTheValue) {
  // A-white decides first; next comes B-black (same team, board B has black to move).
  GameState same = GameState::expected(make_match(kStartFen, kBlackToMoveFen), default_turns());
  ASSERT_EQ(same.decider(), AWhite);
  {
    GameState next = same;
    next.apply(Move::normal(E2, E4));
    ASSERT_EQ(next.decider(), BBlack);
  }
  // Values for each deciding seat's team: A-white 0.1, A-black -0.2, B-white -0.3, B-black 0.6.
  test::SeatValueEvaluator ev({0.1f, -0.2f, -0.3f, 0.6f});
  SearchConfig c;
  c.max_leaves_per_tree = 1;
  SearchResult r = search(same, ev, 2, c);  // the root, then one child
  int visited = 0;
  for (const ChildStat& ch : r.children)
    if (ch.visits) {
      ++visited;
      EXPECT_FLOAT_EQ(ch.q, 0.6f);  // B-black's 0.6 is team 1's, and so A-white's
    }
  EXPECT_EQ(visited, 1);
  EXPECT_FLOAT_EQ(r.value, (0.1f + 0.6f) / 2);

  // Control: with white to move on B, the next decider is B-white (the other team).
  GameState flip = GameState::expected(make_match(kStartFen, kStartFen), default_turns());
  {
    GameState next = flip;
    next.apply(Move::normal(E2, E4));
    ASSERT_EQ(next.decider(), BWhite);
  }
  r = search(flip, ev, 2, c);
  for (const ChildStat& ch : r.children)
    if (ch.visits) {
      EXPECT_FLOAT_EQ(ch.q, 0.3f);  // B-white's -0.3 is +0.3 for team 1
    }
  EXPECT_FLOAT_EQ(r.value, (0.1f + 0.3f) / 2);
}

TEST(Search, DeterministicWithAFixedSeed) {
  GameState root = GameState::expected(Match(RuleSet{}, TimeControl{}), default_turns());
  MaterialEvaluator material;
  SearchConfig c;
  SearchResult a = search(root, material, 300, c, true, 42);
  SearchResult b = search(root, material, 300, c, true, 42);
  SearchResult other = search(root, material, 300, c, true, 43);
  ASSERT_EQ(a.children.size(), b.children.size());
  bool differs = false;
  for (std::size_t i = 0; i < a.children.size(); ++i) {
    EXPECT_EQ(a.children[i].visits, b.children[i].visits);
    EXPECT_EQ(a.children[i].prior, b.children[i].prior);
    differs |= a.children[i].visits != other.children[i].visits;
  }
  EXPECT_EQ(a.best, b.best);
  EXPECT_TRUE(differs) << "another seed should draw other noise";
}

TEST(Search, PolicyTargetIsTheVisitDistribution) {
  GameState root = GameState::expected(Match(RuleSet{}, TimeControl{}), default_turns());
  MaterialEvaluator material;
  SearchResult r = search(root, material, 100);
  EXPECT_EQ(r.visits, 100u);
  std::uint32_t child_visits = 0;
  for (const ChildStat& c : r.children) child_visits += c.visits;
  EXPECT_EQ(child_visits, 99u);  // one visit expanded the root
  for (std::size_t i = 0; i < r.children.size(); ++i)
    EXPECT_FLOAT_EQ(r.policy[i], float(r.children[i].visits) / 99.0f);
  // The wait action is among the root's actions (a timed match).
  EXPECT_EQ(r.children.back().move, Move::wait());
}

TEST(Search, VirtualLossGivesSeveralLeavesPerBatch) {
  GameState root = GameState::expected(Match(RuleSet{}, TimeControl{}), default_turns());
  UniformEvaluator uniform;
  test::CountingEvaluator counting(uniform);
  SearchConfig c;
  c.max_leaves_per_tree = 8;
  SearchResult r = search(root, counting, 65, c);
  EXPECT_EQ(r.visits, 65u);
  ASSERT_GE(counting.sizes.size(), 2u);
  EXPECT_EQ(counting.sizes[0], 1);  // the root alone
  EXPECT_EQ(counting.sizes[1], 8);  // then full batches of distinct leaves
  EXPECT_EQ(std::accumulate(counting.sizes.begin(), counting.sizes.end(), 0), 65);
}

TEST(Search, GumbelFindsTheMateWithFewSimulations) {
  GameState root = GameState::expected(make_match(kScholarsMate, kStartFen), default_turns());
  SearchConfig c;
  c.gumbel = true;
  c.gumbel_m = 64;  // consider every action: the mate cannot be sampled away
  UniformEvaluator uniform;
  SearchResult r = search(root, uniform, 128, c, true, 3);
  EXPECT_EQ(to_uci(r.best), "h5f7");
  EXPECT_NEAR(sum(r.policy), 1.0f, 1e-5f);
  // The improved policy puts most of its mass on the mate.
  for (std::size_t i = 0; i < r.children.size(); ++i)
    if (to_uci(r.children[i].move) == "h5f7") {
      EXPECT_GT(r.policy[i], 0.5f);
    }
}

TEST(Search, TreeIsReusedWhenTheMatchGoesTheExpectedWay) {
  GameState root = GameState::expected(Match(RuleSet{}, TimeControl{}), default_turns());
  MaterialEvaluator material;
  Search s(SearchConfig{}, 1);
  LeafBatch batch(4);
  SearchResult r = run_search(s, root, {200, false}, material, batch);
  // Follow the most visited action: its subtree becomes the new tree.
  int kept = 0;
  for (const ChildStat& c : r.children)
    if (c.move == r.best) kept = int(c.visits);
  GameState next = root;
  next.apply(r.best);
  s.advance(root.decider(), r.best);
  EXPECT_EQ(int(s.tree().root().visits), kept);
  SearchResult r2 = run_search(s, next, {kept + 10, false}, material, batch);
  EXPECT_EQ(int(r2.visits), kept + 10);
  EXPECT_EQ(r2.seat, next.decider());

  // An action the tree never explored makes it start afresh.
  Move unexplored = Move::none();
  for (const ChildStat& c : r2.children)
    if (c.visits == 0) unexplored = c.move;
  ASSERT_FALSE(unexplored.is_none());
  s.advance(next.decider(), unexplored);
  EXPECT_EQ(s.tree().node_count(), 1u);
  EXPECT_EQ(s.tree().root().status, NodeStatus::Fresh);
  GameState other = next;
  other.apply(unexplored);
  SearchResult r3 = run_search(s, other, {5, false}, material, batch);
  EXPECT_EQ(r3.visits, 5u);
  // And an action by a seat that is not the tree's decider too.
  s.advance(Seat((int(other.decider()) + 1) % kSeats), r3.best);
  EXPECT_EQ(s.tree().node_count(), 1u);
}

// Self-play's budgets: a search adds its own visits on top of a kept subtree, and a search
// that must not keep one (a full search, whose visits are a policy target) starts afresh.
TEST(Search, AddsItsOwnVisitsOnTopOfAKeptTreeOrStartsAfreshWhenAsked) {
  GameState root = GameState::expected(Match(RuleSet{}, TimeControl{}), default_turns());
  MaterialEvaluator material;
  LeafBatch batch(4);
  for (bool keep : {true, false}) {
    Search s(SearchConfig{}, 1);
    SearchResult r = run_search(s, root, {200, false}, material, batch);
    int kept = 0;
    for (const ChildStat& c : r.children)
      if (c.move == r.best) kept = int(c.visits);
    ASSERT_GT(kept, 6);  // more than the budget below: counting it would add nothing
    GameState next = root;
    next.apply(r.best);
    s.advance(root.decider(), r.best);
    SearchParams p{6, false};
    p.visits_on_top = true;
    p.keep_tree = keep;
    SearchResult r2 = run_search(s, next, p, material, batch);
    EXPECT_EQ(int(r2.visits), keep ? kept + 6 : 6) << keep;
    std::uint32_t children = 0;
    for (const ChildStat& c : r2.children) children += c.visits;
    EXPECT_EQ(int(children), (keep ? kept + 6 : 6) - 1) << keep;  // the root's first visit expands it
  }
}

TEST(Search, TemperatureZeroPlaysTheMostVisited) {
  GameState root = GameState::expected(Match(RuleSet{}, TimeControl{}), default_turns());
  MaterialEvaluator material;
  Search s(SearchConfig{}, 1);
  LeafBatch batch(4);
  SearchResult r = run_search(s, root, {64, false}, material, batch);
  EXPECT_EQ(s.choose(r, 0.0f), r.best);
  // At temperature 1 every choice is a visited action.
  for (int i = 0; i < 20; ++i) {
    Move m = s.choose(r, 1.0f);
    bool visited = false;
    for (const ChildStat& c : r.children) visited |= c.move == m && c.visits > 0;
    EXPECT_TRUE(visited);
  }
}

}  // namespace
}  // namespace bh
