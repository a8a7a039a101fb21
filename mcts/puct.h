// puct.h — the two steps of a simulation that only read and write the tree: PUCT selection
// with first-play urgency and proofs, and the backup whose sign changes only where the team
// to move changes (core/RULES.md "Table and teams"). The two-board Search (search.h) and a
// row's search (table_search.h) walk their own states and share these.
#pragma once

#include <vector>

#include "core/types.h"
#include "mcts/search_config.h"
#include "mcts/tree.h"

namespace bh {

// Values change sign only when the team to move changes (the backup rule above).
constexpr float value_for(Team viewer, Team owner, float value) { return viewer == owner ? value : -value; }

// The edge (0-based within node n) a simulation takes at expanded node n, whose values are
// seen by team `seen_by`: a proven win at once (one that ends the match first), else the
// best of Q + U with first-play urgency, where a proven draw counts 0 and a proven loss is
// taken only when every action loses. Simulations in flight count as virtual losses.
int select_puct(const Tree& tree, NodeIndex n, Team seen_by, const SearchConfig& config);

// Backs `value`, stated for team `owner`, up `path` (root first): each node gets a visit
// and the value as its viewing team sees it, and gives back one simulation in flight.
void backup(Tree& tree, const std::vector<NodeIndex>& path, float value, Team owner);

}  // namespace bh
