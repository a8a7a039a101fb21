// search_gumbel.cpp — the root by Gumbel: completed Q values, Gumbel-top-k candidates and
// sequential halving of the simulation budget among them (Danihelka et al. 2022).
#include "mcts/search.h"

#include <algorithm>
#include <cassert>
#include <cmath>
#include <numeric>
#include <stdexcept>

#include "mcts/solver.h"

namespace bh {

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

}  // namespace bh
