// search.cpp — PUCT/Gumbel selection, expansion, backup, proofs and tree reuse.
#include "mcts/search.h"

#include <algorithm>
#include <cassert>
#include <cmath>
#include <numeric>
#include <stdexcept>

#include "mcts/mate_in_one.h"
#include "mcts/solver.h"

namespace bh {

namespace {

// Below any PUCT score of an open action (|q| <= 1 + virtual loss, exploration >= 0).
constexpr double kLostScore = -1e9;

// The policy without the actions not kept, renormalised; the priors of the kept ones when
// no mass is left.
void keep_policy(SearchResult& r, const std::vector<bool>& keep) {
  double sum = 0;
  for (std::size_t i = 0; i < keep.size(); ++i) sum += keep[i] ? r.policy[i] : 0.0f;
  if (!(sum > 0)) {
    sum = 0;
    for (std::size_t i = 0; i < keep.size(); ++i) sum += (r.policy[i] = keep[i] ? r.children[i].prior : 0.0f);
  }
  for (std::size_t i = 0; i < keep.size(); ++i) r.policy[i] = keep[i] && sum > 0 ? float(r.policy[i] / sum) : 0.0f;
}

// The most visited kept action (ties: the higher prior, then the first).
Move most_visited(const std::vector<ChildStat>& children, const std::vector<bool>& keep) {
  int best = -1;
  for (std::size_t i = 0; i < children.size(); ++i) {
    if (!keep[i]) continue;
    const ChildStat& c = children[i];
    const ChildStat* b = best < 0 ? nullptr : &children[std::size_t(best)];
    if (!b || c.visits > b->visits || (c.visits == b->visits && c.prior > b->prior)) best = int(i);
  }
  return children[std::size_t(best)].move;
}

bool same_decision(const GameState& a, const GameState& b) {
  return !a.over() && !b.over() && a.decider() == b.decider() &&
         a.match().board(BoardA) == b.match().board(BoardA) && a.match().board(BoardB) == b.match().board(BoardB) &&
         a.match().moves_played() == b.match().moves_played();
}

}  // namespace

Search::Search(const SearchConfig& config, std::uint64_t seed) : config_(config), rng_(seed) {
  config_.validate();
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
  const bool reuse = config_.reuse_tree && root_state_ && tree_.root().status == NodeStatus::Expanded &&
                     same_decision(*root_state_, state);
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
  started_ = true;
  root_prepared_ = false;
  if (tree_.root().status == NodeStatus::Expanded) prepare_root();
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
  return started_ && root.status == NodeStatus::Expanded && root.in_flight == 0 && budget_reached();
}

bool Search::collect(LeafBatch& batch, int owner) {
  if (!started_ || batch.full()) return false;
  Node& root = tree_.root();
  if (root.status == NodeStatus::Pending) return false;
  if (root.status == NodeStatus::Fresh) {
    PendingLeaf& leaf = batch.next();
    leaf.owner = owner;
    leaf.node = kRoot;
    leaf.path.assign(1, kRoot);
    leaf.view = root_state_->view();
    root_state_->actions(leaf.actions);
    root.status = NodeStatus::Pending;
    root.in_flight = 1;
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
  child.status = NodeStatus::Pending;
  leaf.node = leaf.path.back();
  leaf.view = s.view();
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

int Search::select_puct(NodeIndex n, Team seen_by) const {
  const Node& node = tree_.node(n);
  const Team team = team_of(node.decider);
  const double parent_q = node.visits ? value_for(team, seen_by, float(node.q())) : node.net_value;
  double visited_prior = 0;
  for (std::uint32_t i = 0; i < node.num_edges; ++i) {
    const Edge& e = tree_.edge(node.first_edge + i);
    if (e.child != kNoChild) {
      const Node& c = tree_.node(e.child);
      if (c.visits + c.in_flight > 0) visited_prior += e.prior;
    }
  }
  const double reduction = n == kRoot ? config_.fpu_root_reduction : config_.fpu_reduction;
  const double fpu = parent_q - reduction * std::sqrt(visited_prior);
  const double total = double(node.visits + node.in_flight);
  const double c = config_.cpuct + config_.cpuct_factor * std::log((total + config_.cpuct_base + 1) / config_.cpuct_base);
  const double explore = c * std::sqrt(std::max(total, 1.0));
  int best = -1, won = -1;
  double best_score = -1e300;
  for (std::uint32_t i = 0; i < node.num_edges; ++i) {
    const Edge& e = tree_.edge(node.first_edge + i);
    if (e.proof == Proof::Win) {
      // A proven win is taken at once; one that ends the match is preferred (winning_edge).
      if (ends_match(tree_, e)) return int(i);
      if (won < 0) won = int(i);
    }
    double q = fpu, visits = 0;
    if (e.child != kNoChild) {
      const Node& c = tree_.node(e.child);
      visits = double(c.visits + c.in_flight);
      if (visits > 0) q = (c.value_sum - config_.virtual_loss * c.in_flight) / visits;
    }
    // A proof replaces the estimate; a proven loss is taken only when all else loses too.
    if (e.proof == Proof::Draw) q = 0;
    if (e.proof == Proof::Loss) q = kLostScore;
    const double score = q + explore * e.prior / (1 + visits);
    if (score > best_score) best_score = score, best = int(i);
  }
  return won >= 0 ? won : best;
}

void Search::undo(const std::vector<NodeIndex>& path) {
  for (NodeIndex i : path) tree_.node(i).in_flight--;
  if (gumbel_edge_ >= 0 && config_.gumbel) {
    phase_started_[std::size_t(gumbel_edge_)]--;
    sims_started_--;
  }
  gumbel_edge_ = -1;
}

void Search::backup(const std::vector<NodeIndex>& path, float value, Team owner) {
  // `value` is for team `owner`. Walking up, flip only where the viewing team changes.
  for (std::size_t k = path.size(); k-- > 0;) {
    Node& node = tree_.node(path[k]);
    const Team seen_by = k > 0 ? team_of(tree_.node(path[k - 1]).decider) : team_of(node.decider);
    if (seen_by != owner) {
      value = -value;
      owner = seen_by;
    }
    node.value_sum += value;
    node.visits++;
    assert(node.in_flight > 0);
    node.in_flight--;
  }
  ++simulations_;
}

void Search::finish(const PendingLeaf& leaf, const Evaluation& eval) {
  Node& node = tree_.node(leaf.node);
  assert(node.status == NodeStatus::Pending);
  const auto n = std::uint16_t(leaf.actions.size);
  node.status = NodeStatus::Expanded;
  node.decider = leaf.view.seat;
  node.net_value = eval.value;
  node.num_edges = n;
  node.first_edge = tree_.add_edges(n);
  double sum = 0;
  for (std::uint16_t i = 0; i < n; ++i) sum += std::max(0.0f, eval.priors[i]);
  for (std::uint16_t i = 0; i < n; ++i) {
    Edge& e = tree_.edge(node.first_edge + i);
    e.move = leaf.actions.moves[i];
    e.prior = sum > 0 ? float(std::max(0.0f, eval.priors[i]) / sum) : 1.0f / n;
    e.child = kNoChild;
    e.proof = Proof::Unknown;
  }
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

float Search::child_q(std::uint32_t edge) const {
  const Edge& e = tree_.edge(tree_.root().first_edge + edge);
  if (proven(e.proof)) return proof_value(e.proof);
  if (e.child == kNoChild) return 0;
  const Node& c = tree_.node(e.child);
  return c.visits ? float(c.q()) : 0.0f;
}

// q of visited children; unvisited ones get v_mix, the network's value blended with the
// prior-weighted q of the visited (Danihelka et al. 2022, appendix D).
std::vector<float> Search::completed_q() const {
  const Node& root = tree_.root();
  double visited_prior = 0, weighted_q = 0, total_visits = 0;
  for (std::uint32_t i = 0; i < root.num_edges; ++i) {
    const Edge& e = tree_.edge(root.first_edge + i);
    if (e.child == kNoChild || tree_.node(e.child).visits == 0) continue;
    const Node& c = tree_.node(e.child);
    visited_prior += e.prior;
    weighted_q += e.prior * c.q();
    total_visits += c.visits;
  }
  double v_mix = root.net_value;
  if (visited_prior > 0) v_mix = (root.net_value + total_visits * weighted_q / visited_prior) / (1 + total_visits);
  std::vector<float> q(root.num_edges);
  for (std::uint32_t i = 0; i < root.num_edges; ++i) {
    const Edge& e = tree_.edge(root.first_edge + i);
    const bool visited = e.child != kNoChild && tree_.node(e.child).visits > 0;
    q[i] = visited || proven(e.proof) ? child_q(i) : float(v_mix);
  }
  return q;
}

double Search::gumbel_score(std::uint32_t e, std::uint32_t max_visits) const {
  const Edge& edge = tree_.edge(tree_.root().first_edge + e);
  const double logit = std::log(std::max(edge.prior, 1e-30f));
  const bool visited = edge.child != kNoChild && tree_.node(edge.child).visits > 0;
  double sigma = 0;
  if (visited || proven(edge.proof)) {
    const double q01 = (child_q(e) + 1) / 2;  // q in [0, 1]
    sigma = (config_.gumbel_c_visit + max_visits) * config_.gumbel_c_scale * q01;
  }
  return gumbel_[e] + logit + sigma;
}

void Search::init_gumbel() {
  const Node& root = tree_.root();
  const std::uint32_t n = root.num_edges;
  gumbel_.assign(n, 0.0f);
  if (params_.noise)
    for (auto& g : gumbel_) g = float(rng_.gumbel());
  const auto m = std::min<std::uint32_t>(std::uint32_t(config_.gumbel_m), n);
  candidates_.resize(n);
  std::iota(candidates_.begin(), candidates_.end(), 0u);
  auto key = [&](std::uint32_t e) {
    return gumbel_[e] + std::log(std::max(tree_.edge(root.first_edge + e).prior, 1e-30f));
  };
  std::stable_sort(candidates_.begin(), candidates_.end(),
                   [&](std::uint32_t a, std::uint32_t b) { return key(a) > key(b); });
  candidates_.resize(m);
  phase_started_.assign(n, 0);
  phases_ = std::max(1, int(std::ceil(std::log2(double(m)))));
  sims_budget_ = std::max(params_.visits - int(root.visits), int(m));
  sims_started_ = 0;
  phase_quota_ = std::max(1, sims_budget_ / (phases_ * int(candidates_.size())));
}

void Search::halve() {
  std::uint32_t max_visits = 0;
  for (std::uint32_t e : candidates_) {
    const Edge& edge = tree_.edge(tree_.root().first_edge + e);
    if (edge.child != kNoChild) max_visits = std::max(max_visits, tree_.node(edge.child).visits);
  }
  std::stable_sort(candidates_.begin(), candidates_.end(), [&](std::uint32_t a, std::uint32_t b) {
    return gumbel_score(a, max_visits) > gumbel_score(b, max_visits);
  });
  candidates_.resize((candidates_.size() + 1) / 2);
  for (std::uint32_t e : candidates_) phase_started_[e] = 0;
  phase_quota_ = std::max(1, sims_budget_ / (phases_ * int(candidates_.size())));
}

void Search::count_gumbel(int edge) {
  ++sims_started_;
  ++phase_started_[std::size_t(edge)];
}

int Search::select_gumbel() {
  for (;;) {
    if (candidates_.size() == 1) {
      count_gumbel(int(candidates_[0]));
      return int(candidates_[0]);
    }
    // The least-visited candidate of this phase that is below its quota.
    int pick = -1;
    for (std::uint32_t e : candidates_)
      if (phase_started_[e] < std::uint32_t(phase_quota_) && (pick < 0 || phase_started_[e] < phase_started_[pick]))
        pick = int(e);
    if (pick >= 0) {
      count_gumbel(pick);
      return pick;
    }
    // Phase complete: halving needs every value of the phase back (the current descent
    // itself holds one in_flight on the root).
    if (tree_.root().in_flight > 1) return -1;
    halve();
  }
}

// --- results ---------------------------------------------------------------------------

SearchResult Search::result() const {
  const Node& root = tree_.root();
  assert(root.status == NodeStatus::Expanded);
  SearchResult r;
  r.seat = root.decider;
  r.visits = root.visits;
  r.proof = node_proof(tree_, kRoot);
  r.value = proven(r.proof) ? proof_value(r.proof) : float(root.q());
  r.children.resize(root.num_edges);
  std::uint64_t child_visits = 0;
  for (std::uint32_t i = 0; i < root.num_edges; ++i) {
    const Edge& e = tree_.edge(root.first_edge + i);
    ChildStat& c = r.children[i];
    c.move = e.move;
    c.prior = e.prior;
    c.proof = e.proof;
    if (e.child != kNoChild) c.visits = tree_.node(e.child).visits;
    if (e.child != kNoChild || proven(e.proof)) c.q = child_q(i);
    child_visits += c.visits;
  }
  r.policy.assign(root.num_edges, 0.0f);
  if (config_.gumbel && !candidates_.empty()) {
    // Improved policy: softmax(logits + sigma(completed q)) over every action, and the
    // halving's winner: argmax of g + logits + sigma(q) among the last candidates.
    std::uint32_t max_visits = 0;
    for (const ChildStat& c : r.children) max_visits = std::max(max_visits, c.visits);
    const std::vector<float> q = completed_q();
    double top = -1e300;
    std::vector<double> z(root.num_edges);
    for (std::uint32_t i = 0; i < root.num_edges; ++i) {
      const double sigma = (config_.gumbel_c_visit + max_visits) * config_.gumbel_c_scale * (q[i] + 1) / 2;
      z[i] = std::log(std::max(r.children[i].prior, 1e-30f)) + sigma;
      top = std::max(top, z[i]);
    }
    double sum = 0;
    for (std::uint32_t i = 0; i < root.num_edges; ++i) sum += (z[i] = std::exp(z[i] - top));
    for (std::uint32_t i = 0; i < root.num_edges; ++i) r.policy[i] = float(z[i] / sum);
    std::uint32_t best = candidates_[0];
    for (std::uint32_t e : candidates_)
      if (gumbel_score(e, max_visits) > gumbel_score(best, max_visits)) best = e;
    r.best = r.children[best].move;
  } else {
    // PUCT: visit fractions; the most visited child (ties: the higher prior).
    int best = 0;
    for (std::uint32_t i = 0; i < root.num_edges; ++i) {
      const ChildStat& c = r.children[i];
      r.policy[i] = child_visits ? float(double(c.visits) / double(child_visits)) : c.prior;
      const ChildStat& b = r.children[std::size_t(best)];
      if (c.visits > b.visits || (c.visits == b.visits && c.prior > b.prior)) best = int(i);
    }
    r.best = r.children[std::size_t(best)].move;
  }
  apply_proofs(r);
  return r;
}

// Proofs override the statistics (mcts/README.md "Proofs"). A proven win or draw: the
// policy target is uniform over the actions that achieve it, and the best move is the most
// visited of them. Otherwise proven losses leave the policy and the choice while any action
// is open; a root where everything loses keeps the search's preference.
void Search::apply_proofs(SearchResult& r) const {
  if (r.proof == Proof::Loss) return;
  const std::vector<bool> keep = proof_choices(r);
  if (r.proof == Proof::Unknown) {
    keep_policy(r, keep);
    const auto at = std::find_if(r.children.begin(), r.children.end(), [&](const ChildStat& c) { return c.move == r.best; });
    if (keep[std::size_t(at - r.children.begin())]) return;
  } else {
    const auto count = float(std::count(keep.begin(), keep.end(), true));
    for (std::size_t i = 0; i < keep.size(); ++i) r.policy[i] = keep[i] ? 1.0f / count : 0.0f;
  }
  r.best = most_visited(r.children, keep);
}

// The root's actions a proof lets the choice take: for a proven win the winning ones (only
// the mates that end the match at once when there are any: their proof needs no timeline),
// for a proven draw the drawing ones, for an open root all but the proven losses.
std::vector<bool> Search::proof_choices(const SearchResult& r) const {
  const Node& root = tree_.root();
  const int win = winning_edge(tree_, kRoot);
  const bool immediate = win >= 0 && ends_match(tree_, tree_.edge(root.first_edge + std::uint32_t(win)));
  std::vector<bool> keep(r.children.size());
  for (std::size_t i = 0; i < keep.size(); ++i) {
    const Proof p = r.children[i].proof;
    if (r.proof == Proof::Unknown) keep[i] = p != Proof::Loss;
    else keep[i] = p == r.proof && (!immediate || ends_match(tree_, tree_.edge(root.first_edge + std::uint32_t(i))));
  }
  return keep;
}

Move Search::choose(const SearchResult& r, float temperature) {
  const bool settled = r.proof == Proof::Win || r.proof == Proof::Draw;
  if (config_.gumbel || temperature <= 1e-3f || settled) return r.best;
  // While an action is open, proven losses are never drawn (they have no policy mass).
  const bool open = r.proof == Proof::Unknown;
  std::uint32_t most = 0;
  for (const ChildStat& c : r.children)
    if (!open || c.proof != Proof::Loss) most = std::max(most, c.visits);
  if (most == 0) return r.best;
  // Weights visits^(1/T), scaled by the largest to stay finite.
  std::vector<double> w(r.children.size());
  double sum = 0;
  for (std::size_t i = 0; i < w.size(); ++i) {
    const auto v = r.children[i].visits;
    const bool lost = open && r.children[i].proof == Proof::Loss;
    w[i] = v && !lost ? std::exp(std::log(double(v) / most) / temperature) : 0.0;
    sum += w[i];
  }
  double x = rng_.uniform() * sum;
  for (std::size_t i = 0; i < w.size(); ++i) {
    if (w[i] > 0 && (x -= w[i]) < 0) return r.children[i].move;
  }
  return r.best;
}

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
