// solver.h — MCTS-solver (Winands, Björnsson and Saito 2008) on the search tree: exact
// results met in the tree are kept as proofs on its edges (tree.h) and settle the
// ancestors they decide, so that search stops sampling what is already known and the
// move choice plays a proven win (mcts/README.md "Proofs").
//
// Where proofs start: an action after which the match is over (its result, judged by the
// Match), and a node whose decider mates in one (mate_in_one.h): won for the decider's
// team without a look at the network.
//
// What is proven, and why it is sound:
// - A node is won for its decider's team when one of its actions is: the decider can
//   choose it.
// - A node is lost (or drawn) only when EVERY action is proven, and it is then worth the
//   best of them. Its actions are all the decider's legal moves and, in timed matches, the
//   wait (GameState::actions). So a seat that may sit is never declared lost while sitting
//   is open: a piece the partner wins on the other board may arrive meanwhile and defend
//   (core/RULES.md "Check, mate and waiting"). A stuck seat has no decision and so no node
//   (mcts/README.md "Time model and turn order").
// - Consecutive plies may belong to one team (A-white then B-black): a proof changes sides
//   exactly where a value does (proof_for, the backup rule of mcts/search.h). A partner's
//   mate in one is a win for the whole team.
// - Exact within the tree's timeline: below the root, who decides after whom comes from
//   expected think times (mcts/README.md "Tree reuse and timelines"), as for every value the
//   tree holds, and repetitions are not seen (mcts/README.md "Known limits"). A mate in one
//   at the root is exact in the real match too: its decider acts now.
#pragma once

#include <vector>

#include "mcts/proof.h"
#include "mcts/tree.h"

namespace bh {

// The proof of Expanded node n for its decider's team, from its edges: Win if one edge is
// won; the best edge if every edge is proven; Unknown otherwise.
Proof node_proof(const Tree& tree, NodeIndex n);

// After the edge into path.back() got its proof: proves the ancestors on `path` (root ...
// leaf) that this decides, from the bottom up, stopping at the first that stays open. The
// root has no edge to hold its proof: it is node_proof(tree, kRoot).
void propagate_proof(Tree& tree, const std::vector<NodeIndex>& path);

// Whether the action of edge `e` ends the match at once (its child is Terminal, or is not
// made yet: only a mate found when its node was expanded is proven without a child).
bool ends_match(const Tree& tree, const Edge& e);

// The won action to play at Expanded node n, as an index among its edges: one that ends
// the match at once if there is one (its proof needs no timeline), else the first won one;
// -1 when no action is won.
int winning_edge(const Tree& tree, NodeIndex n);

}  // namespace bh
