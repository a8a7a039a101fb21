// tree.h — the search tree's storage: nodes and edges in two flat arrays, addressed by
// index (the root is node 0). An expanded node owns a contiguous run of edges (action +
// prior + child index); a child node exists only once a simulation went through it
// (Leela Chess Zero's layout: a position with 300 drops costs 300 small edges, not 300
// nodes).
//
// Memory stays bounded over any number of matches: clear() keeps the arrays' capacity, and
// keeping a subtree for the next move (tree reuse) copies it into a second pair of arrays
// and swaps them, so garbage never accumulates. A tree never holds more nodes than the
// visits of its root plus the leaves in flight.
//
// Proofs (mcts/README.md "Proofs", mcts/solver.h) live on the edges: an edge's proof is
// the exact result of its action for the team choosing it, known once the match ends
// there, the next decider mates in one, or the solver settled the child's subtree.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "core/types.h"
#include "mcts/proof.h"

namespace bh {

using NodeIndex = std::uint32_t;
constexpr NodeIndex kRoot = 0;
constexpr NodeIndex kNoChild = 0;  // the root is never anyone's child

enum class NodeStatus : std::uint8_t {
  Fresh,     // created, not yet evaluated
  Pending,   // its evaluation is in the current batch
  Expanded,  // evaluated: edges and decider known
  Terminal,  // the match is over here
  Mating,    // its decider mates in one: a won node that is never evaluated or expanded
};

// Whose answer an Expanded node's priors and net_value hold. With SearchConfig::net_visits
// a node is first judged by the tactical evaluator and handed to the search's evaluator (the
// network) only once it has earned that many visits (mcts/README.md "Lazy network").
enum class Judge : std::uint8_t {
  Evaluator,  // the search's evaluator
  Tactical,   // the tactical evaluator, for now
  Upgrading,  // judged by the tactical evaluator; the evaluator's call is in the current batch
};

struct Edge {
  Move move;
  Proof proof = Proof::Unknown;  // for the team of the node's decider (fills padding)
  // At a row of boards (mcts/table_search.h), the board whose team-mate receives what the
  // move captures (TableMove::receiver); unused on two boards. Fills padding.
  std::uint8_t receiver = 0xFF;
  float prior = 0;
  NodeIndex child = kNoChild;
};
static_assert(sizeof(Edge) == 12, "a wide position holds hundreds of edges: keep them small");

struct Node {
  std::uint32_t first_edge = 0;
  std::uint16_t num_edges = 0;
  NodeStatus status = NodeStatus::Fresh;
  Seat decider = AWhite;      // the seat deciding here (Expanded and Mating nodes)
  std::uint32_t visits = 0;   // completed simulations through this node
  std::uint32_t in_flight = 0;  // simulations through it waiting for their leaf (virtual loss)
  // Sum of backed-up values, seen by the team that chose this node (its parent's decider);
  // for the root, by the root's own decider.
  double value_sum = 0;
  float net_value = 0;        // the evaluator's value for the decider's team
  Judge judge = Judge::Evaluator;  // whose answer net_value and the priors are (fills padding)
  // A Terminal or Mating node's exact result is the proof on the edge that leads to it.

  double q() const { return visits ? value_sum / visits : 0.0; }
};
static_assert(sizeof(Node) == 32, "a node is visited in every descent: keep it to half a cache line");

class Tree {
 public:
  Tree() { clear(); }

  // Forgets everything but the capacity, leaving a fresh root.
  void clear();
  NodeIndex add_node();
  // Reserves n edges for an expanding node and returns the first's index.
  std::uint32_t add_edges(std::uint16_t n);

  Node& node(NodeIndex i) { return nodes_[i]; }
  const Node& node(NodeIndex i) const { return nodes_[i]; }
  Node& root() { return nodes_[kRoot]; }
  const Node& root() const { return nodes_[kRoot]; }
  Edge& edge(std::uint32_t i) { return edges_[i]; }
  const Edge& edge(std::uint32_t i) const { return edges_[i]; }

  std::size_t node_count() const { return nodes_.size(); }
  std::size_t edge_count() const { return edges_.size(); }

  // Makes node `new_root` (a child of the root, no simulation in flight) the root, keeping
  // only its subtree; with `flip_root_value` its value sum changes sides (the value of a
  // root is seen by its own decider, of any other node by the parent's decider).
  void reroot(NodeIndex new_root, bool flip_root_value);

  // Bytes the tree holds now (capacities of all arrays): what the memory test watches.
  std::size_t memory_bytes() const;

 private:
  std::vector<Node> nodes_;
  std::vector<Edge> edges_;
  // The other half of the double buffer used by reroot; kept for its capacity.
  std::vector<Node> spare_nodes_;
  std::vector<Edge> spare_edges_;
  std::vector<std::pair<NodeIndex, NodeIndex>> queue_;  // reroot work list (old, new)
};

}  // namespace bh
