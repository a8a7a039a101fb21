// The solver's rules on hand-made trees (mcts/solver.h): a node is won when one action is
// won, settled only when every action is proven, and a proof changes sides only where the
// team changes (A-white then B-black is one team: core/RULES.md "Table and teams").
#include <gtest/gtest.h>

#include <vector>

#include "mcts/solver.h"

namespace bh {
namespace {

// Expands node n for `decider` with one edge per proof given.
void expand(Tree& t, NodeIndex n, Seat decider, std::initializer_list<Proof> proofs) {
  t.node(n).status = NodeStatus::Expanded;
  t.node(n).decider = decider;
  t.node(n).num_edges = std::uint16_t(proofs.size());
  t.node(n).first_edge = t.add_edges(std::uint16_t(proofs.size()));
  int i = 0;
  for (Proof p : proofs) {
    Edge& e = t.edge(t.node(n).first_edge + std::uint32_t(i));
    e.move = Move::normal(Square(i), Square(i + 8));
    e.proof = p;
    ++i;
  }
}

// Gives edge i of node n a child node and returns it.
NodeIndex child(Tree& t, NodeIndex n, int i) {
  const NodeIndex c = t.add_node();
  t.edge(t.node(n).first_edge + std::uint32_t(i)).child = c;
  return c;
}

Proof edge_proof(const Tree& t, NodeIndex n, int i) { return t.edge(t.node(n).first_edge + std::uint32_t(i)).proof; }

TEST(Solver, ANodeIsWonByOneWonActionAndSettledOnlyWhenAllAreProven) {
  const Proof U = Proof::Unknown, W = Proof::Win, D = Proof::Draw, L = Proof::Loss;
  struct Case {
    std::initializer_list<Proof> edges;
    Proof node;
  };
  for (const Case& c : {Case{{U, W, U}, W}, Case{{L, L, L}, L}, Case{{L, D, L}, D}, Case{{L, U, L}, U},
                        Case{{D, U}, U}, Case{{L, D, W}, W}}) {
    Tree t;
    expand(t, kRoot, AWhite, c.edges);
    EXPECT_EQ(node_proof(t, kRoot), c.node);
  }
}

// root (A-white) -> x (B-black: A-white's partner) -> leaf; root -> y (A-black) -> leaf.
// The same proven result means opposite things for the root depending on whose node it is.
TEST(Solver, ProofsChangeSidesOnlyWhereTheTeamChanges) {
  Tree t;
  expand(t, kRoot, AWhite, {Proof::Unknown, Proof::Unknown});
  const NodeIndex x = child(t, kRoot, 0), y = child(t, kRoot, 1);
  expand(t, x, BBlack, {Proof::Unknown, Proof::Unknown});
  expand(t, y, ABlack, {Proof::Unknown});
  const NodeIndex x_leaf = child(t, x, 0), y_leaf = child(t, y, 0);

  // B-black's first action wins (for team 1): x is won, and so is the root's edge to it,
  // unchanged, since A-white is on the same team.
  t.edge(t.node(x).first_edge).proof = Proof::Win;
  propagate_proof(t, {kRoot, x, x_leaf});
  EXPECT_EQ(edge_proof(t, kRoot, 0), Proof::Win);
  EXPECT_EQ(node_proof(t, kRoot), Proof::Win);

  // A-black's only action loses (for team 2): y is lost for team 2, a win for A-white.
  t.edge(t.node(y).first_edge).proof = Proof::Loss;
  propagate_proof(t, {kRoot, y, y_leaf});
  EXPECT_EQ(edge_proof(t, kRoot, 1), Proof::Win);
}

// Three plies: root (A-white) -> a (A-black) -> b (A-white) -> mate. b is won for team 1,
// so a's only action loses for team 2, so a is lost, so the root's action wins. A second
// action of a keeps it open until it is proven too.
TEST(Solver, AProofClimbsAsFarAsItDecides) {
  Tree t;
  expand(t, kRoot, AWhite, {Proof::Unknown, Proof::Unknown});
  const NodeIndex a = child(t, kRoot, 0);
  expand(t, a, ABlack, {Proof::Unknown, Proof::Unknown});
  const NodeIndex b1 = child(t, a, 0), b2 = child(t, a, 1);
  expand(t, b1, AWhite, {Proof::Unknown, Proof::Unknown});
  expand(t, b2, AWhite, {Proof::Unknown});
  const NodeIndex mate1 = child(t, b1, 1), mate2 = child(t, b2, 0);

  t.edge(t.node(b1).first_edge + 1).proof = Proof::Win;
  propagate_proof(t, {kRoot, a, b1, mate1});
  EXPECT_EQ(edge_proof(t, a, 0), Proof::Loss);       // for A-black
  EXPECT_EQ(edge_proof(t, kRoot, 0), Proof::Unknown);  // a's second action is open

  t.edge(t.node(b2).first_edge).proof = Proof::Win;
  propagate_proof(t, {kRoot, a, b2, mate2});
  EXPECT_EQ(edge_proof(t, a, 1), Proof::Loss);
  EXPECT_EQ(edge_proof(t, kRoot, 0), Proof::Win);
  EXPECT_EQ(node_proof(t, kRoot), Proof::Win);
}

// The action to play at a won node ends the match at once when it can: a deeper proof
// holds only in the tree's timeline (mcts/solver.h).
TEST(Solver, TheWinningActionPrefersAMateThatEndsTheMatch) {
  Tree t;
  expand(t, kRoot, AWhite, {Proof::Unknown, Proof::Win, Proof::Win});
  const NodeIndex deep = child(t, kRoot, 1);
  expand(t, deep, ABlack, {Proof::Loss});
  EXPECT_FALSE(ends_match(t, t.edge(t.node(kRoot).first_edge + 1)));
  EXPECT_TRUE(ends_match(t, t.edge(t.node(kRoot).first_edge + 2)));  // no child: a mate found at expansion
  EXPECT_EQ(winning_edge(t, kRoot), 2);
  t.node(child(t, kRoot, 2)).status = NodeStatus::Terminal;
  EXPECT_EQ(winning_edge(t, kRoot), 2);
  t.edge(t.node(kRoot).first_edge + 2).proof = Proof::Unknown;
  EXPECT_EQ(winning_edge(t, kRoot), 1);
}

}  // namespace
}  // namespace bh
