// The tree's storage: reroot keeps exactly the chosen subtree, compactly; and memory stays
// bounded over thousands of self-play decisions (no growth from match to match).
#include <gtest/gtest.h>

#include <algorithm>

#include "mcts/leaf_batch.h"
#include "mcts/selfplay_match.h"
#include "mcts/simple_evaluators.h"
#include "mcts/tree.h"

namespace bh {
namespace {

// root -> {a, b}; a -> {a1}; b -> {b1, b2}
Tree small_tree() {
  Tree t;
  auto expand = [&](NodeIndex n, std::initializer_list<Move> moves) {
    t.node(n).status = NodeStatus::Expanded;
    t.node(n).num_edges = std::uint16_t(moves.size());
    t.node(n).first_edge = t.add_edges(std::uint16_t(moves.size()));
    int i = 0;
    for (Move m : moves) t.edge(t.node(n).first_edge + i++).move = m;
  };
  expand(kRoot, {Move::normal(E2, E4), Move::normal(D2, D4)});
  for (int i = 0; i < 2; ++i) {
    const NodeIndex c = t.add_node();
    t.edge(t.node(kRoot).first_edge + i).child = c;
    t.node(c).visits = 10 + i;
    t.node(c).value_sum = 3.0 + i;
  }
  const NodeIndex a = t.edge(0).child, b = t.edge(1).child;
  expand(a, {Move::normal(E7, E5)});
  expand(b, {Move::normal(D7, D5), Move::normal(G8, F6)});
  for (NodeIndex p : {a, b})
    for (int i = 0; i < t.node(p).num_edges; ++i) {
      const NodeIndex c = t.add_node();
      t.edge(t.node(p).first_edge + i).child = c;
      t.node(c).visits = 100 + i;
    }
  return t;
}

TEST(Tree, RerootKeepsOnlyTheChosenSubtree) {
  Tree t = small_tree();
  ASSERT_EQ(t.node_count(), 6u);
  const NodeIndex b = t.edge(1).child;
  t.reroot(b, /*flip_root_value=*/true);
  EXPECT_EQ(t.node_count(), 3u);  // b, b1, b2
  EXPECT_EQ(t.edge_count(), 2u);
  EXPECT_EQ(t.root().visits, 11u);
  EXPECT_EQ(t.root().value_sum, -4.0);  // now seen by its own decider's team
  EXPECT_EQ(t.edge(t.root().first_edge).move, Move::normal(D7, D5));
  EXPECT_EQ(t.node(t.edge(t.root().first_edge + 1).child).visits, 101u);
  // clear() leaves a fresh root and keeps the capacity.
  const std::size_t bytes = t.memory_bytes();
  t.clear();
  EXPECT_EQ(t.node_count(), 1u);
  EXPECT_EQ(t.root().status, NodeStatus::Fresh);
  EXPECT_EQ(t.memory_bytes(), bytes);
}

TEST(Tree, MemoryStaysBoundedOverThousandsOfMatches) {
  SelfPlayConfig c;
  c.clock = TimeControl::parse("20s+0");
  c.think.clock_fraction = 0.05;
  c.search.visits = 16;
  c.cheap_visits = 6;
  c.full_search_fraction = 0.5;
  c.search.max_leaves_per_tree = 4;
  SelfPlayMatch match(c);
  HashEvaluator evaluator;
  LeafBatch batch(c.search.max_leaves_per_tree);
  std::size_t high_water = 0, max_nodes = 0, max_edges = 0;
  std::int64_t decisions = 0;
  for (int i = 0; i < 1000; ++i) {
    match.begin(i);
    std::uint32_t last_root = 0;
    while (match.prepare()) {
      Search& s = match.search();
      while (!s.done()) {
        batch.clear();
        for (int k = 0; k < c.search.max_leaves_per_tree; ++k)
          if (!s.collect(batch, 0)) break;
        if (!batch.empty()) batch.evaluate(evaluator);
        for (int k = 0; k < batch.size(); ++k) s.finish(batch.leaf(k), batch.result(k));
      }
      // Every node of a finished search has been visited: the tree holds no more nodes
      // than its root's visits. A full search starts afresh (at most its own budget); a
      // cheap one adds its budget to the subtree it kept (less than the last root's
      // visits), so the tree grows by at most the cheap budget per search between full
      // searches, and falls back at each.
      const Tree& t = s.tree();
      ASSERT_LE(t.node_count(), std::size_t(t.root().visits)) << "match " << i;
      ASSERT_LE(t.root().visits, std::max<std::uint32_t>(std::uint32_t(c.search.visits),
                                                         last_root + std::uint32_t(c.cheap_visits)))
          << "match " << i;
      last_root = t.root().visits;
      max_nodes = std::max(max_nodes, t.node_count());
      max_edges = std::max(max_edges, t.edge_count());
      high_water = std::max(high_water, t.memory_bytes());
      match.decide();
      ++decisions;
    }
    match.finish();
  }
  // No garbage: the arrays (both halves of the double buffer and the reroot queue) are
  // never more than twice the largest tree that was needed.
  const std::size_t bound = 4 * (max_nodes * sizeof(Node) + max_edges * sizeof(Edge)) +
                            2 * max_nodes * sizeof(std::pair<NodeIndex, NodeIndex>);
  EXPECT_LE(high_water, bound) << decisions << " decisions, " << max_nodes << " nodes, " << max_edges << " edges";
  EXPECT_GT(decisions, 50'000);
}

}  // namespace
}  // namespace bh
