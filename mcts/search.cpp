// search.cpp — PUCT/Gumbel selection, expansion, backup and tree reuse.
#include "mcts/search.h"

#include <algorithm>
#include <cassert>
#include <cmath>
#include <numeric>
#include <stdexcept>

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
      case Descent::Terminal: continue;
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
    const int choice = (n == kRoot && config_.gumbel) ? select_gumbel() : select_puct(n, seen_by);
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
    switch (child.status) {
      case NodeStatus::Expanded:
        n = c;
        seen_by = chooser;
        continue;
      case NodeStatus::Fresh:
        if (s.over()) {
          // core/RULES.md "End of the match": the Match has judged it (mate, flag, move limit,
          // both stuck); the result is exact.
          child.status = NodeStatus::Terminal;
          child.terminal_value = s.result_for(chooser);
          backup(leaf.path, child.terminal_value, chooser);
          return Descent::Terminal;
        }
        child.status = NodeStatus::Pending;
        leaf.node = c;
        leaf.view = s.view();
        s.actions(leaf.actions);
        return Descent::Leaf;
      case NodeStatus::Terminal:
        backup(leaf.path, child.terminal_value, chooser);
        return Descent::Terminal;
      case NodeStatus::Pending:
        // The same leaf is already in the batch: this tree has given what it can for now.
        undo(leaf.path);
        return Descent::Blocked;
    }
  }
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
  int best = -1;
  double best_score = -1e300;
  for (std::uint32_t i = 0; i < node.num_edges; ++i) {
    const Edge& e = tree_.edge(node.first_edge + i);
    double q = fpu, visits = 0;
    if (e.child != kNoChild) {
      const Node& c = tree_.node(e.child);
      visits = double(c.visits + c.in_flight);
      if (visits > 0) q = (c.value_sum - config_.virtual_loss * c.in_flight) / visits;
    }
    const double score = q + explore * e.prior / (1 + visits);
    if (score > best_score) best_score = score, best = int(i);
  }
  return best;
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
  }
  backup(leaf.path, eval.value, team_of(leaf.view.seat));
  if (leaf.node == kRoot) prepare_root();
}

// --- Gumbel root selection -------------------------------------------------------------

float Search::child_q(std::uint32_t edge) const {
  const Edge& e = tree_.edge(tree_.root().first_edge + edge);
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
    q[i] = visited ? child_q(i) : float(v_mix);
  }
  return q;
}

double Search::gumbel_score(std::uint32_t e, std::uint32_t max_visits) const {
  const Edge& edge = tree_.edge(tree_.root().first_edge + e);
  const double logit = std::log(std::max(edge.prior, 1e-30f));
  const bool visited = edge.child != kNoChild && tree_.node(edge.child).visits > 0;
  double sigma = 0;
  if (visited) {
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

int Search::select_gumbel() {
  for (;;) {
    if (candidates_.size() == 1) {
      ++sims_started_;
      ++phase_started_[candidates_[0]];
      return int(candidates_[0]);
    }
    // The least-visited candidate of this phase that is below its quota.
    int pick = -1;
    for (std::uint32_t e : candidates_)
      if (phase_started_[e] < std::uint32_t(phase_quota_) && (pick < 0 || phase_started_[e] < phase_started_[pick]))
        pick = int(e);
    if (pick >= 0) {
      ++sims_started_;
      ++phase_started_[std::size_t(pick)];
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
  r.value = float(root.q());
  r.children.resize(root.num_edges);
  std::uint64_t child_visits = 0;
  for (std::uint32_t i = 0; i < root.num_edges; ++i) {
    const Edge& e = tree_.edge(root.first_edge + i);
    ChildStat& c = r.children[i];
    c.move = e.move;
    c.prior = e.prior;
    if (e.child != kNoChild) {
      c.visits = tree_.node(e.child).visits;
      c.q = child_q(i);
    }
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
    return r;
  }
  // PUCT: visit fractions; the most visited child (ties: the higher prior).
  int best = 0;
  for (std::uint32_t i = 0; i < root.num_edges; ++i) {
    const ChildStat& c = r.children[i];
    r.policy[i] = child_visits ? float(double(c.visits) / double(child_visits)) : c.prior;
    const ChildStat& b = r.children[std::size_t(best)];
    if (c.visits > b.visits || (c.visits == b.visits && c.prior > b.prior)) best = int(i);
  }
  r.best = r.children[std::size_t(best)].move;
  return r;
}

Move Search::choose(const SearchResult& r, float temperature) {
  if (config_.gumbel || temperature <= 1e-3f) return r.best;
  std::uint32_t most = 0;
  for (const ChildStat& c : r.children) most = std::max(most, c.visits);
  if (most == 0) return r.best;
  // Weights visits^(1/T), scaled by the largest to stay finite.
  std::vector<double> w(r.children.size());
  double sum = 0;
  for (std::size_t i = 0; i < w.size(); ++i) {
    const auto v = r.children[i].visits;
    w[i] = v ? std::exp(std::log(double(v) / most) / temperature) : 0.0;
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
