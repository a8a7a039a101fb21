// The lazy network (SearchConfig::net_visits, mcts/README.md "Lazy network"): a node is
// first judged by the tactical evaluator and asked of the search's evaluator only once it
// has earned net_visits visits; the evaluator's priors and value then replace the tactical
// ones everywhere they were counted, and the root is always the evaluator's.
#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "core/notation.h"
#include "mcts/search.h"
#include "mcts/simple_evaluators.h"
#include "tests/mcts/fake_evaluators.h"
#include "tests/mcts/positions.h"

namespace bh {
namespace {

using test::default_turns;
using test::make_match;

SearchConfig lazy(int net_visits) {
  SearchConfig config;
  config.net_visits = net_visits;
  return config;
}

int asked(const test::CountingEvaluator& counting) {
  int n = 0;
  for (int size : counting.sizes) n += size;
  return n;
}

// The sum of what the simulations through `n` backed up, for the team that chose n (its
// own decider's team at the root), rebuilt from what the tree says each node was judged:
// a node judged only tactically counted its tactical value once; a node the evaluator
// judged later counted the tactical value, then the evaluator's value plus the tactical
// value's correction, so the evaluator's value twice; an exact node its proof per visit.
double expected_sum(const Tree& tree, NodeIndex n, Team chooser) {
  const Node& node = tree.node(n);
  const Team team = team_of(node.decider);
  double sum = value_for(chooser, team, node.net_value) * (n != kRoot && node.judge == Judge::Evaluator ? 2 : 1);
  for (std::uint32_t i = 0; i < node.num_edges; ++i) {
    const Edge& e = tree.edge(node.first_edge + i);
    if (e.child == kNoChild) continue;
    const Node& child = tree.node(e.child);
    const double child_sum = proven(e.proof) ? proof_value(e.proof) * child.visits : expected_sum(tree, e.child, team);
    sum += value_for(chooser, team, float(child_sum));
  }
  return sum;
}

TEST(LazyNetwork, OnlyTheRootAndNodesThatEarnedVisitsAskTheEvaluator) {
  GameState root = GameState::expected(Match(RuleSet{}, TimeControl{}), default_turns());
  HashEvaluator hash(7);
  test::CountingEvaluator network(hash);
  Search s(lazy(2), 1);
  LeafBatch batch(4);
  const SearchResult r = run_search(s, root, {400, false}, network, batch);
  EXPECT_EQ(r.visits, 400u);
  int by_evaluator = 0, by_tactical = 0;
  for (NodeIndex n = 0; n < s.tree().node_count(); ++n) {
    const Node& node = s.tree().node(n);
    if (node.status != NodeStatus::Expanded) continue;
    if (node.judge == Judge::Evaluator) {
      ++by_evaluator;
      EXPECT_TRUE(n == kRoot || node.visits > 2u) << n;  // its third visit asked for it
    } else {
      ++by_tactical;
      EXPECT_EQ(node.judge, Judge::Tactical) << n;  // nothing left in flight
      EXPECT_LE(node.visits, 2u) << n;
    }
  }
  EXPECT_EQ(s.tree().root().judge, Judge::Evaluator);
  EXPECT_EQ(asked(network), by_evaluator);  // each asked once, and only those
  EXPECT_GT(by_tactical, 2 * by_evaluator);  // most of a wide tree is leaves
}

TEST(LazyNetwork, TheEvaluatorsValueReplacesTheTacticalOneWhereverItWasCounted) {
  GameState root = GameState::expected(Match(RuleSet{}, TimeControl{}), default_turns());
  for (int net_visits : {1, 3}) {
    HashEvaluator hash(11);
    Search s(lazy(net_visits), 2);
    LeafBatch batch(4);
    run_search(s, root, {300, false}, hash, batch);
    const Tree& tree = s.tree();
    const double want = expected_sum(tree, kRoot, team_of(tree.root().decider));
    EXPECT_NEAR(tree.root().value_sum, want, 1e-3) << net_visits;
  }
}

TEST(LazyNetwork, TheRootsPriorsAreTheEvaluators) {
  GameState root = GameState::expected(Match(RuleSet{}, TimeControl{}), default_turns());
  HashEvaluator hash(3);
  Search s(lazy(1'000'000), 1);  // nothing but the root ever earns the evaluator
  LeafBatch batch(4);
  const SearchResult r = run_search(s, root, {100, false}, hash, batch);
  MoveList actions;
  root.actions(actions);
  const MatchView view = root.view();
  const EvalRequest request{&view, std::span<const Move>(actions.moves.data(), std::size_t(actions.size))};
  std::vector<Evaluation> out(1);
  hash.evaluate(std::span(&request, 1), out);
  double sum = 0;
  for (float p : out[0].priors) sum += p;
  ASSERT_EQ(r.children.size(), out[0].priors.size());
  for (std::size_t i = 0; i < r.children.size(); ++i) EXPECT_NEAR(r.children[i].prior, out[0].priors[i] / sum, 1e-6);
}

// Tree reuse keeps a subtree whose new root only the tactical evaluator judged: the next
// search asks the evaluator about it before anything else, and plays on its priors.
TEST(LazyNetwork, AKeptRootJudgedTacticallyAsksTheEvaluatorFirst) {
  GameState root = GameState::expected(Match(RuleSet{}, TimeControl{}), default_turns());
  HashEvaluator hash(5);
  test::CountingEvaluator network(hash);
  Search s(lazy(1'000'000), 1);
  LeafBatch batch(4);
  const SearchResult r = run_search(s, root, {200, false}, network, batch);
  GameState next = root;
  next.apply(r.best);
  s.advance(root.decider(), r.best);
  ASSERT_EQ(s.tree().root().status, NodeStatus::Expanded);
  ASSERT_EQ(s.tree().root().judge, Judge::Tactical);
  const std::uint32_t kept = s.tree().root().visits;
  const std::size_t before = network.views.size();
  const SearchResult r2 = run_search(s, next, {int(kept) + 20, false}, network, batch);
  ASSERT_EQ(network.views.size(), before + 1);  // the new root, and nothing else
  EXPECT_EQ(network.views.back().seat, next.decider());
  EXPECT_EQ(s.tree().root().judge, Judge::Evaluator);
  EXPECT_GE(r2.visits, kept + 20);
}

// The two-board tactic of search_test.cpp (take the knight the partner drops to mate),
// found with the material evaluator as the network and most nodes judged tactically.
TEST(LazyNetwork, FindsTheTwoBoardTactic) {
  GameState root = GameState::expected(
      make_match("4k3/n5q1/8/8/3Q4/8/8/4K3 w - - 0 1", "k7/p7/8/8/8/8/P5PP/6RK b - - 0 1"), default_turns());
  MaterialEvaluator material;
  test::CountingEvaluator network(material);
  Search s(lazy(4), 1);
  LeafBatch batch(4);
  const SearchResult r = run_search(s, root, {2000, false}, network, batch);
  EXPECT_EQ(to_uci(r.best), "d4a7");
  EXPECT_GT(r.value, 0.5f);
  EXPECT_LT(asked(network), 1000);
}

// The tactical first look answers at the scale the configuration names (a residual net's
// own, mcts/search_config.h), so a net trained at tanh(score / 600) and the nodes judged
// beside it sit on one scale: each root child's value is what TacticalEvaluator(600)
// says of its position, not what the default scale says.
TEST(LazyNetwork, TheTacticalLookAnswersAtTheConfiguredScale) {
  // White is a rook up on board A: a score the two scales squash differently.
  GameState root = GameState::expected(
      make_match("4k3/8/8/8/8/8/8/R3K3 w - - 0 1", "4k3/pppppppp/8/8/8/8/PPPPPPPP/4K3 w - - 0 1"), default_turns());
  SearchConfig config = lazy(1'000'000);  // the root is the evaluator's, every child tactical
  config.tactical_scale = 600;
  HashEvaluator hash(9);
  Search s(config, 1);
  LeafBatch batch(4);
  run_search(s, root, {60, false}, hash, batch);
  TacticalEvaluator at600(600), at_default;
  const Tree& tree = s.tree();
  const Node& top = tree.root();
  int checked = 0;
  for (std::uint32_t i = 0; i < top.num_edges; ++i) {
    const Edge& e = tree.edge(top.first_edge + i);
    if (e.child == kNoChild || tree.node(e.child).status != NodeStatus::Expanded) continue;
    GameState child = root.for_search();  // the state the tree is built on
    child.apply(e.move);
    MoveList actions;
    child.actions(actions);
    const MatchView view = child.view();
    const EvalRequest request{&view, std::span<const Move>(actions.moves.data(), std::size_t(actions.size))};
    std::vector<Evaluation> want(1), other(1);
    at600.evaluate(std::span(&request, 1), want);
    at_default.evaluate(std::span(&request, 1), other);
    ASSERT_GT(std::abs(want[0].value - other[0].value), 0.05f) << to_uci(e.move);  // the scales differ here
    EXPECT_NEAR(tree.node(e.child).net_value, want[0].value, 1e-6) << to_uci(e.move);
    ++checked;
  }
  EXPECT_GT(checked, 5);
}

TEST(LazyNetwork, NetVisitsOutOfRangeIsRefused) {
  SearchConfig config;
  config.net_visits = -1;
  EXPECT_THROW(config.validate(), std::invalid_argument);
  config.net_visits = 0;
  config.tactical_scale = 10;  // 0 (the evaluator's own) or 50..100000
  EXPECT_THROW(config.validate(), std::invalid_argument);
}

}  // namespace
}  // namespace bh
