// search_result.cpp — what a finished search says: the root's statistics, the policy
// target, the move at a temperature, and what proofs change in them (mcts/README.md
// "Proofs").
#include "mcts/search.h"

#include <algorithm>
#include <cassert>
#include <cmath>
#include <numeric>
#include <stdexcept>

#include "mcts/solver.h"

namespace bh {

namespace {

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

}  // namespace

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

}  // namespace bh
