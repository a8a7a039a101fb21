// search.cpp — PUCT selection, expansion, backup, proofs and tree reuse. The Gumbel root is
// in search_gumbel.cpp, the result and the move choice in search_result.cpp.
#include "mcts/search.h"

#include <algorithm>
#include <cassert>
#include <cmath>
#include <numeric>
#include <stdexcept>

#include "mcts/mate_in_one.h"
#include "mcts/puct.h"
#include "mcts/solver.h"

namespace bh {

namespace {

bool same_decision(const GameState& a, const GameState& b) {
  return !a.over() && !b.over() && a.decider() == b.decider() &&
         a.match().board(BoardA) == b.match().board(BoardA) && a.match().board(BoardB) == b.match().board(BoardB) &&
         a.match().moves_played() == b.match().moves_played();
}

}  // namespace

Search::Search(const SearchConfig& config, std::uint64_t seed) : config_(config), rng_(seed) {
  config_.validate();
  if (config_.net_visits > 0) {
    const double scale = config_.tactical_scale > 0 ? config_.tactical_scale : kTacticalValueScale;
    tactical_ = std::make_unique<TacticalEvaluator>(scale, config_.tactical_placement);
    tactical_out_.resize(1);
  }
}

void Search::reset() {
  tree_.clear();
  root_state_.reset();
  started_ = false;
  root_prepared_ = false;
  root_noised_ = false;
}

void Search::start(const GameState& state, const SearchParams& params) {
  if (state.over()) throw std::invalid_argument("search: the match is over");
  if (params.visits < 1) throw std::invalid_argument("search: visits must be at least 1");
  const bool reuse = config_.reuse_tree && params.keep_tree && root_state_ &&
                     tree_.root().status == NodeStatus::Expanded && same_decision(*root_state_, state);
  if (!reuse) {
    tree_.clear();
    root_noised_ = false;
  }
  assert(tree_.root().in_flight == 0);
  // A kept tree goes on with the state it was built on: its nodes encode who decides after
  // whom under that state's expected times, and the real times may order the boards
  // differently further down. (Same seat and boards now; the clocks differ by the gap
  // between the expected and the real think times.)
  if (!reuse) root_state_ = state.for_search();
  params_ = params;
  if (params.visits_on_top) params_.visits = int(tree_.root().visits) + params.visits;
  started_ = true;
  root_prepared_ = false;
  // A kept root judged only tactically is prepared once the evaluator has judged it.
  if (tree_.root().status == NodeStatus::Expanded && tree_.root().judge == Judge::Evaluator) prepare_root();
}

// Once the root is expanded: noise, and the Gumbel schedule.
void Search::prepare_root() {
  if (root_prepared_) return;
  root_prepared_ = true;
  if (config_.gumbel) init_gumbel();
  else if (params_.noise) add_root_noise();
}

void Search::add_root_noise() {
  if (root_noised_) return;  // priors already carry noise from an earlier start at this root
  root_noised_ = true;
  const Node& root = tree_.root();
  const std::uint16_t n = root.num_edges;
  if (n < 2 || config_.dirichlet_epsilon <= 0) return;
  const double alpha = config_.dirichlet_alpha / n;
  std::vector<double> eta(n);
  double sum = 0;
  for (auto& x : eta) sum += (x = rng_.gamma(alpha));
  if (!(sum > 0)) return;
  const double eps = config_.dirichlet_epsilon;
  for (std::uint16_t i = 0; i < n; ++i) {
    Edge& e = tree_.edge(root.first_edge + i);
    e.prior = float((1 - eps) * e.prior + eps * eta[i] / sum);
  }
}

bool Search::budget_reached() const {
  const Node& root = tree_.root();
  if (config_.gumbel && root.status == NodeStatus::Expanded) return sims_started_ >= sims_budget_;
  return root.visits + root.in_flight >= std::uint32_t(params_.visits);
}

bool Search::done() const {
  const Node& root = tree_.root();
  return started_ && root.status == NodeStatus::Expanded && root.judge == Judge::Evaluator && root.in_flight == 0 &&
         budget_reached();
}

bool Search::collect(LeafBatch& batch, int owner) {
  if (!started_ || batch.full()) return false;
  Node& root = tree_.root();
  if (root.status == NodeStatus::Pending) return false;
  if (root.status == NodeStatus::Fresh) {
    PendingLeaf& leaf = batch.next();
    leaf.owner = owner;
    leaf.node = kRoot;
    leaf.upgrade = false;
    leaf.path.assign(1, kRoot);
    leaf.view = root_state_->view();
    root_state_->actions(leaf.actions);
    root.status = NodeStatus::Pending;
    root.in_flight = 1;
    batch.commit();
    return true;
  }
  // A kept root that only the tactical evaluator judged: the evaluator judges it first.
  if (root.judge == Judge::Upgrading) return false;
  if (root.judge == Judge::Tactical) {
    PendingLeaf& leaf = batch.next();
    leaf.owner = owner;
    leaf.path.assign(1, kRoot);
    root.in_flight++;
    ask_upgrade(leaf, kRoot, root_state_->view());
    batch.commit();
    return true;
  }
  // Simulations ending in a finished match need no network: back them up and go on.
  while (!budget_reached()) {
    PendingLeaf& leaf = batch.next();
    switch (descend(leaf)) {
      case Descent::Leaf:
        leaf.owner = owner;
        batch.commit();
        return true;
      case Descent::Exact: continue;
      case Descent::Blocked: return false;
    }
  }
  return false;
}

Search::Descent Search::descend(PendingLeaf& leaf) {
  GameState& s = scratch_.has_value() ? (*scratch_ = *root_state_) : scratch_.emplace(*root_state_);
  leaf.path.assign(1, kRoot);
  tree_.root().in_flight++;
  gumbel_edge_ = -1;
  NodeIndex n = kRoot;
  Team seen_by = team_of(tree_.root().decider);  // the team whose view node n's values hold
  for (;;) {
    const int choice = n == kRoot ? select_root() : select_puct(n, seen_by);
    if (choice < 0) {
      undo(leaf.path);
      return Descent::Blocked;
    }
    if (n == kRoot) gumbel_edge_ = choice;
    const Node& node = tree_.node(n);
    if (s.decider() != node.decider) throw std::logic_error("search: the tree and its state disagree on the decider");
    const Team chooser = team_of(node.decider);
    const std::uint32_t e = node.first_edge + std::uint32_t(choice);
    s.apply(tree_.edge(e).move);
    if (tree_.edge(e).child == kNoChild) {
      const NodeIndex created = tree_.add_node();  // invalidates Node references
      tree_.edge(e).child = created;
    }
    const NodeIndex c = tree_.edge(e).child;
    leaf.path.push_back(c);
    Node& child = tree_.node(c);
    child.in_flight++;
    if (proven(tree_.edge(e).proof)) {
      // Never below a proof: its exact value is the simulation's result. (A root mate found
      // at expansion has no child yet: the match ends there.)
      if (child.status == NodeStatus::Fresh) {
        assert(s.over());
        child.status = NodeStatus::Terminal;
      }
      backup(leaf.path, proof_value(tree_.edge(e).proof), chooser);
      return Descent::Exact;
    }
    switch (child.status) {
      case NodeStatus::Expanded:
        if (earned_network(child)) {
          ask_upgrade(leaf, c, s.view());
          return Descent::Leaf;
        }
        n = c;
        seen_by = chooser;
        continue;
      case NodeStatus::Fresh: return reach_fresh(leaf, s, e, chooser);
      case NodeStatus::Pending:
        // The same leaf is already in the batch: this tree has given what it can for now.
        undo(leaf.path);
        return Descent::Blocked;
      case NodeStatus::Terminal:
      case NodeStatus::Mating: break;  // always behind a proven edge
    }
    throw std::logic_error("search: an exact node behind an unproven edge");
  }
}

// A node reached for the first time, through edge `edge` chosen by team `chooser`.
Search::Descent Search::reach_fresh(PendingLeaf& leaf, GameState& s, std::uint32_t edge, Team chooser) {
  Node& child = tree_.node(leaf.path.back());
  if (s.over()) {
    // core/RULES.md "End of the match": the Match has judged it (mate, flag, move limit,
    // both stuck); the result is exact.
    child.status = NodeStatus::Terminal;
    prove(leaf.path, edge, proof_of_result(s.result_for(chooser)), chooser);
    return Descent::Exact;
  }
  s.actions(leaf.actions);
  if (has_mate_in_one(s, leaf.actions)) {
    // Its decider mates in one: won for the decider's team, no evaluation needed.
    child.status = NodeStatus::Mating;
    child.decider = s.decider();
    prove(leaf.path, edge, proof_for(chooser, team_of(s.decider()), Proof::Win), chooser);
    return Descent::Exact;
  }
  leaf.node = leaf.path.back();
  leaf.upgrade = false;
  leaf.view = s.view();
  if (tactical_) return judge_tactically(leaf);
  child.status = NodeStatus::Pending;
  return Descent::Leaf;
}

void Search::prove(const std::vector<NodeIndex>& path, std::uint32_t edge, Proof proof, Team chooser) {
  tree_.edge(edge).proof = proof;
  backup(path, proof_value(proof), chooser);
  propagate_proof(tree_, path);
}

// The root's action: a proven win at once (select_puct's rule), else PUCT or the Gumbel
// halving.
int Search::select_root() {
  if (!config_.gumbel) return select_puct(kRoot, team_of(tree_.root().decider));
  const int win = winning_edge(tree_, kRoot);
  if (win < 0) return select_gumbel();
  count_gumbel(win);
  return win;
}

int Search::select_puct(NodeIndex n, Team seen_by) const { return bh::select_puct(tree_, n, seen_by, config_); }

void Search::undo(const std::vector<NodeIndex>& path) {
  for (NodeIndex i : path) tree_.node(i).in_flight--;
  if (gumbel_edge_ >= 0 && config_.gumbel) {
    phase_started_[std::size_t(gumbel_edge_)]--;
    sims_started_--;
  }
  gumbel_edge_ = -1;
}

void Search::backup(const std::vector<NodeIndex>& path, float value, Team owner) {
  bh::backup(tree_, path, value, owner);
  ++simulations_;
}

void Search::expand(NodeIndex n, Seat decider, const MoveList& actions, const Evaluation& eval) {
  const auto count = std::uint16_t(actions.size);
  const std::uint32_t first = tree_.add_edges(count);
  Node& node = tree_.node(n);
  node.status = NodeStatus::Expanded;
  node.judge = Judge::Evaluator;
  node.decider = decider;
  node.net_value = eval.value;
  node.num_edges = count;
  node.first_edge = first;
  for (std::uint16_t i = 0; i < count; ++i) {
    Edge& e = tree_.edge(first + i);
    e.move = actions.moves[i];
    e.child = kNoChild;
    e.proof = Proof::Unknown;
  }
  set_priors(node, eval);
}

// The evaluation's priors on the node's edges, negatives as 0, normalised (uniform when
// nothing is left).
void Search::set_priors(const Node& node, const Evaluation& eval) {
  double sum = 0;
  for (std::uint16_t i = 0; i < node.num_edges; ++i) sum += std::max(0.0f, eval.priors[i]);
  for (std::uint16_t i = 0; i < node.num_edges; ++i)
    tree_.edge(node.first_edge + i).prior =
        sum > 0 ? float(std::max(0.0f, eval.priors[i]) / sum) : 1.0f / float(node.num_edges);
}

void Search::finish(const PendingLeaf& leaf, const Evaluation& eval) {
  if (leaf.upgrade) {
    upgrade(leaf, eval);
    return;
  }
  assert(tree_.node(leaf.node).status == NodeStatus::Pending);
  expand(leaf.node, leaf.view.seat, leaf.actions, eval);
  backup(leaf.path, eval.value, team_of(leaf.view.seat));
  if (leaf.node == kRoot) {
    mark_root_mates();
    prepare_root();
  }
}

// Every mate in one of the root is proven: the root is won at its first visit, and the
// policy target can name all of them. (Other nodes never get here with a mate: a node whose
// decider can mate is proven when first reached, without an evaluation.)
void Search::mark_root_mates() {
  const Node& root = tree_.root();
  for (std::uint32_t i = 0; i < root.num_edges; ++i) {
    Edge& e = tree_.edge(root.first_edge + i);
    if (mates_at_once(*root_state_, e.move)) e.proof = Proof::Win;
  }
}

// --- Gumbel root selection -------------------------------------------------------------

void Search::advance(Seat seat, Move action) {
  started_ = false;
  if (!root_state_ || tree_.root().status != NodeStatus::Expanded || tree_.root().decider != seat) {
    reset();
    return;
  }
  const Node& root = tree_.root();
  NodeIndex child = kNoChild;
  for (std::uint32_t i = 0; i < root.num_edges; ++i) {
    const Edge& e = tree_.edge(root.first_edge + i);
    if (e.move == action) child = e.child;
  }
  if (child == kNoChild || tree_.node(child).status != NodeStatus::Expanded) {
    reset();
    return;
  }
  root_state_->apply(action);
  const bool flip = team_of(root.decider) != team_of(tree_.node(child).decider);
  tree_.reroot(child, flip);
  root_noised_ = false;
}

SearchResult run_search(Search& search, const GameState& state, const SearchParams& params, Evaluator& evaluator,
                        LeafBatch& batch) {
  search.start(state, params);
  const int per_call = std::min(search.config().max_leaves_per_tree, batch.capacity());
  while (!search.done()) {
    batch.clear();
    for (int i = 0; i < per_call; ++i)
      if (!search.collect(batch, 0)) break;
    if (batch.empty()) {
      if (search.done()) break;
      throw std::logic_error("search made no progress");
    }
    batch.evaluate(evaluator);
    for (int i = 0; i < batch.size(); ++i) search.finish(batch.leaf(i), batch.result(i));
  }
  return search.result();
}

}  // namespace bh
