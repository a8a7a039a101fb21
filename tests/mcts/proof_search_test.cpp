// Proofs inside a search (mcts/README.md "Proofs", mcts/solver.h) on hand-worked matches:
// a mate in two through a forced reply is proven and played; a defender who may sit keeps
// the proof open; a partner's mate in one wins for the team and an opponent's loses;
// drawn actions prove a draw; actions proven to lose are never chosen while another is
// open; proofs survive tree reuse; and a search with proofs stays deterministic with
// virtual loss balanced.
#include <gtest/gtest.h>

#include <numeric>

#include "core/notation.h"
#include "mcts/search.h"
#include "mcts/simple_evaluators.h"
#include "tests/mcts/positions.h"

namespace bh {
namespace {

using test::make_match;

// Board B: B-white (king h1, pawn h2 blocked by h3) has no legal move and is not in check:
// stuck until a capture on board A hands it a piece (core/RULES.md "Check, mate and
// waiting"). Board A then decides alone, and a line there is a plain alternation.
const char* kStuckB = "k5r1/8/8/8/8/7p/7P/7K w - - 0 1";

// Board A: N@f7+ (the knight also shuts the bishop's diagonal to g8) leaves black one reply,
// Kg8, and then Q@h8 is mate: a contact check the knight guards, f8 swept by the queen, f7
// guarded by the bishop. White has no mate in one here: Q@g8+ is met by Rxg8.
const char* kMateInTwo = "r6k/6pp/8/8/8/8/B7/7K[QN] w - - 0 1";

SearchResult search(const GameState& root, int visits, SearchConfig config = {}, std::uint64_t seed = 1) {
  Search s(config, seed);
  UniformEvaluator uniform;
  LeafBatch batch(config.max_leaves_per_tree);
  return run_search(s, root, {visits, false}, uniform, batch);
}

const ChildStat& stat(const SearchResult& r, Move m) {
  for (const ChildStat& c : r.children)
    if (c.move == m) return c;
  throw std::logic_error("no such action: " + to_uci(m));
}

GameState untimed(const char* a, const char* b) {
  return GameState::expected(make_match(a, b, TimeControl::untimed()), test::fixed_turns());
}

TEST(ProofSearch, TheMateInTwoLineIsAsDescribed) {
  GameState s = untimed(kMateInTwo, kStuckB);
  ASSERT_EQ(s.decider(), AWhite);
  for (Move m : s.actions()) {  // no mate in one
    GameState t = s;
    t.apply(m);
    ASSERT_FALSE(t.over()) << to_uci(m);
  }
  s.apply(Move::drop(Knight, F7));
  ASSERT_EQ(s.decider(), ABlack);
  ASSERT_EQ(s.actions().size, 1);
  EXPECT_EQ(s.actions().moves[0], Move::normal(H8, G8));
  s.apply(Move::normal(H8, G8));
  s.apply(Move::drop(Queen, H8));
  ASSERT_TRUE(s.over());
  EXPECT_EQ(s.match().outcome().result, MatchResult::Team1Wins);
}

// Uniform priors give the key drop no preference among 126 actions: the proof arrives after
// some hundreds of visits (about 200 with the material evaluator's check bonus).
TEST(ProofSearch, ProvesAMateInTwoThroughAForcedReply) {
  const SearchResult r = search(untimed(kMateInTwo, kStuckB), 800);
  const Move key = Move::drop(Knight, F7);
  EXPECT_EQ(r.proof, Proof::Win);
  EXPECT_EQ(r.value, 1.0f);
  EXPECT_EQ(r.best, key);
  EXPECT_EQ(stat(r, key).proof, Proof::Win);
  EXPECT_EQ(stat(r, key).q, 1.0f);
  for (std::size_t i = 0; i < r.children.size(); ++i) EXPECT_EQ(r.policy[i], r.children[i].move == key ? 1.0f : 0.0f);
}

// The same boards with clocks: black may also sit instead of Kg8, and sitting is open (in
// general a piece from the partner may arrive meanwhile), so nothing is proven.
TEST(ProofSearch, ADefenderWhoMaySitKeepsTheProofOpen) {
  const GameState root = GameState::expected(make_match(kMateInTwo, kStuckB), test::fixed_turns());
  ASSERT_TRUE(root.wait_allowed());
  const SearchResult r = search(root, 800);
  EXPECT_EQ(r.proof, Proof::Unknown);
  EXPECT_EQ(stat(r, Move::drop(Knight, F7)).proof, Proof::Unknown);
}

// Board A is two bare kings: whatever A-white does (a king step or a wait), board B's mover
// acts next, and has a mate in one (a smothering knight drop).
const char* kBareKings = "k7/8/8/8/8/8/8/K7 w - - 0 1";
const char* kPartnerMates = "k7/p7/8/8/8/8/P5PP/6RK[n] b - - 0 1";    // B-black: N@f2#
const char* kOpponentMates = "6rk/6pp/8/8/8/8/P7/K7[N] w - - 0 1";     // B-white: N@f7#

TEST(ProofSearch, APartnersMateInOneWinsForTheTeam) {
  const GameState root = GameState::expected(make_match(kBareKings, kPartnerMates), test::fixed_turns());
  {
    GameState next = root;
    next.apply(Move::wait());
    ASSERT_EQ(next.decider(), BBlack);  // A-white's partner
  }
  const SearchResult r = search(root, 2);  // the root, then one action: already proven
  EXPECT_EQ(r.proof, Proof::Win);
  EXPECT_EQ(r.value, 1.0f);
  EXPECT_EQ(stat(r, r.best).proof, Proof::Win);
}

TEST(ProofSearch, AnOpponentsMateInOneAfterEveryActionLosesTheRoot) {
  const GameState root = GameState::expected(make_match(kBareKings, kOpponentMates), test::fixed_turns());
  const int actions = root.actions().size;
  ASSERT_EQ(actions, 4);  // Ka2, Kb1, Kb2 and the wait
  const SearchResult r = search(root, 1 + actions);
  EXPECT_EQ(r.proof, Proof::Loss);
  EXPECT_EQ(r.value, -1.0f);
  for (const ChildStat& c : r.children) EXPECT_EQ(c.proof, Proof::Loss) << to_uci(c.move);
  EXPECT_NEAR(std::accumulate(r.policy.begin(), r.policy.end(), 0.0f), 1.0f, 1e-6f);
  // More visits change nothing and search nothing new.
  const SearchResult more = search(root, 50);
  EXPECT_EQ(more.proof, Proof::Loss);
  EXPECT_EQ(more.visits, 50u);
}

// With a move limit of one move (core/RULES.md "End of the match": the move-limit draw),
// every move of A-white draws. Untimed, those are all its actions: the root is a proven
// draw worth exactly 0, and the policy target spreads over the drawing moves. With clocks
// the wait is an action too, and it is open (board B's mover acts next, and may wait too).
TEST(ProofSearch, EveryActionDrawnProvesADrawUnlessAWaitIsOpen) {
  RuleSet one_move;
  one_move.move_limit = 1;
  const GameState root = GameState::expected(make_match(kBareKings, test::kStartFen, TimeControl::untimed(), one_move),
                                             test::fixed_turns());
  ASSERT_EQ(root.actions().size, 3);
  const SearchResult r = search(root, 10);
  EXPECT_EQ(r.proof, Proof::Draw);
  EXPECT_EQ(r.value, 0.0f);
  for (std::size_t i = 0; i < r.children.size(); ++i) {
    EXPECT_EQ(r.children[i].proof, Proof::Draw);
    EXPECT_FLOAT_EQ(r.policy[i], 1.0f / 3);
  }

  const GameState timed =
      GameState::expected(make_match(kBareKings, test::kStartFen, TimeControl{}, one_move), test::fixed_turns());
  const SearchResult t = search(timed, 50);
  EXPECT_EQ(t.proof, Proof::Unknown);
  EXPECT_EQ(stat(t, Move::wait()).proof, Proof::Unknown);
  EXPECT_EQ(stat(t, Move::normal(A1, B1)).proof, Proof::Draw);
}

// Board A: black holds a knight and N@f2 would smother the white king (h1, rook g1, pawns
// g2 h2). White's a-pawn moves ignore it and lose at once; a rook move or a pawn step on
// the king's side makes room. Untimed, board B stuck: black answers on board A.
const char* kSmotherThreat = "k7/8/8/8/8/8/P5PP/6RK[n] w - - 0 1";

TEST(ProofSearch, AProvenLossIsNeverChosenWhileAnotherActionIsOpen) {
  const GameState root = untimed(kSmotherThreat, kStuckB);
  Search s(SearchConfig{}, 5);
  UniformEvaluator uniform;
  LeafBatch batch(4);
  const SearchResult r = run_search(s, root, {200, false}, uniform, batch);
  EXPECT_EQ(r.proof, Proof::Unknown);
  for (Move losing : {Move::normal(A2, A3), Move::normal(A2, A4)}) {
    EXPECT_EQ(stat(r, losing).proof, Proof::Loss) << to_uci(losing);
    EXPECT_EQ(stat(r, losing).q, -1.0f);
    for (std::size_t i = 0; i < r.children.size(); ++i) {
      if (r.children[i].move == losing) {
        EXPECT_EQ(r.policy[i], 0.0f);
      }
    }
  }
  EXPECT_NE(stat(r, r.best).proof, Proof::Loss);
  EXPECT_NEAR(std::accumulate(r.policy.begin(), r.policy.end(), 0.0f), 1.0f, 1e-5f);
  for (int i = 0; i < 100; ++i) EXPECT_NE(stat(r, s.choose(r, 1.0f)).proof, Proof::Loss);
}

TEST(ProofSearch, ProofsSurviveTreeReuse) {
  GameState state = untimed(kMateInTwo, kStuckB);
  Search s(SearchConfig{}, 1);
  UniformEvaluator uniform;
  LeafBatch batch(4);
  const SearchResult r = run_search(s, state, {800, false}, uniform, batch);
  ASSERT_EQ(r.best, Move::drop(Knight, F7));
  s.advance(state.decider(), r.best);
  state.apply(r.best);
  // The kept subtree knows black's only reply loses.
  const SearchResult black = run_search(s, state, {int(s.tree().root().visits) + 8, false}, uniform, batch);
  EXPECT_EQ(black.seat, ABlack);
  EXPECT_EQ(black.proof, Proof::Loss);
  EXPECT_EQ(black.value, -1.0f);
  // After Kg8 the tree held a mating node only (never expanded): a fresh search proves the
  // mate with its first visit.
  s.advance(state.decider(), black.best);
  state.apply(black.best);
  const SearchResult mate = run_search(s, state, {1, false}, uniform, batch);
  EXPECT_EQ(mate.proof, Proof::Win);
  EXPECT_EQ(mate.best, Move::drop(Queen, H8));
}

void expect_no_flight(const Tree& t) {
  for (NodeIndex n = 0; n < t.node_count(); ++n) ASSERT_EQ(t.node(n).in_flight, 0u) << "node " << n;
}

TEST(ProofSearch, DeterministicWithBalancedVirtualLoss) {
  SearchConfig c;
  c.max_leaves_per_tree = 8;
  for (const GameState& root : {untimed(kMateInTwo, kStuckB), untimed(kSmotherThreat, kStuckB),
                                GameState::expected(make_match(kMateInTwo, kStuckB), test::fixed_turns())}) {
    MaterialEvaluator material;
    std::vector<SearchResult> runs;
    for (int k = 0; k < 2; ++k) {
      Search s(c, 42);
      LeafBatch batch(c.max_leaves_per_tree);
      runs.push_back(run_search(s, root, {300, true}, material, batch));
      expect_no_flight(s.tree());
    }
    EXPECT_EQ(runs[0].best, runs[1].best);
    EXPECT_EQ(runs[0].proof, runs[1].proof);
    for (std::size_t i = 0; i < runs[0].children.size(); ++i) {
      EXPECT_EQ(runs[0].children[i].visits, runs[1].children[i].visits);
      EXPECT_EQ(runs[0].children[i].proof, runs[1].children[i].proof);
    }
  }
}

}  // namespace
}  // namespace bh
