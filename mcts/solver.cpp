// solver.cpp — node proofs from edge proofs, and their propagation up a path.
#include "mcts/solver.h"

#include <cassert>

namespace bh {

Proof node_proof(const Tree& tree, NodeIndex n) {
  const Node& node = tree.node(n);
  assert(node.status == NodeStatus::Expanded);
  if (node.num_edges == 0) return Proof::Unknown;
  bool all = true, draw = false;
  for (std::uint32_t i = 0; i < node.num_edges; ++i) {
    switch (tree.edge(node.first_edge + i).proof) {
      case Proof::Win: return Proof::Win;
      case Proof::Draw: draw = true; break;
      case Proof::Loss: break;
      case Proof::Unknown: all = false; break;
    }
  }
  if (!all) return Proof::Unknown;
  return draw ? Proof::Draw : Proof::Loss;
}

void propagate_proof(Tree& tree, const std::vector<NodeIndex>& path) {
  // path[k] may now be settled; its proof goes on the edge from path[k - 1].
  for (std::size_t k = path.size() - 1; k-- > 1;) {
    const Proof p = node_proof(tree, path[k]);
    if (!proven(p)) return;
    const Node& parent = tree.node(path[k - 1]);
    const Proof seen = proof_for(team_of(parent.decider), team_of(tree.node(path[k]).decider), p);
    std::uint32_t e = parent.first_edge;
    while (tree.edge(e).child != path[k]) ++e;
    assert(e < parent.first_edge + parent.num_edges);
    if (tree.edge(e).proof == seen) return;
    tree.edge(e).proof = seen;
  }
}

bool ends_match(const Tree& tree, const Edge& e) {
  return e.child == kNoChild || tree.node(e.child).status == NodeStatus::Terminal;
}

int winning_edge(const Tree& tree, NodeIndex n) {
  const Node& node = tree.node(n);
  int first = -1;
  for (std::uint32_t i = 0; i < node.num_edges; ++i) {
    const Edge& e = tree.edge(node.first_edge + i);
    if (e.proof != Proof::Win) continue;
    if (ends_match(tree, e)) return int(i);
    if (first < 0) first = int(i);
  }
  return first;
}

}  // namespace bh
