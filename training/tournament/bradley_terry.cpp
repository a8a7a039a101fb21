// bradley_terry.cpp — maximum-likelihood ratings by Newton's method on the ratings of the
// anchor's component, and their intervals from the inverse of the observed information.
#include "training/tournament/bradley_terry.h"

#include <Eigen/Dense>
#include <cassert>
#include <cmath>
#include <limits>
#include <stdexcept>
#include <string>

#include "training/arena/elo.h"

namespace bh {
namespace {

// d score / d Elo = kSlope * p * (1 - p) for the logistic on the Elo scale.
const double kSlope = std::log(10.0) / 400;

// All games between two entrants summed (the model has no home advantage, so the
// likelihood depends on nothing else). The prior's virtual draws are such a term with
// b = the anchor.
struct Term {
  int a = 0, b = 0;
  double games = 0, a_points = 0;
};

// The entrants joined to `from` by real games.
std::vector<bool> reachable(int from, const std::vector<std::vector<bool>>& edge) {
  std::vector<bool> seen(edge.size(), false);
  std::vector<int> stack{from};
  seen[from] = true;
  while (!stack.empty()) {
    int e = stack.back();
    stack.pop_back();
    for (size_t o = 0; o < edge.size(); ++o)
      if (edge[e][o] && !seen[o]) seen[o] = true, stack.push_back(static_cast<int>(o));
  }
  return seen;
}

// Without a prior the maximum is finite only if no part of the anchor's component won (or
// lost) every game against the rest, that is if "scored against" links every rated
// entrant to the anchor and back (Zermelo's condition).
void check_finite(int anchor, const CrossTable& table, const std::vector<bool>& rated) {
  const int n = static_cast<int>(rated.size());
  std::vector<std::vector<bool>> scored(n, std::vector<bool>(n)), conceded(n, std::vector<bool>(n));
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < n; ++j) {
      scored[i][j] = table.points[i][j] > 0;
      conceded[j][i] = scored[i][j];
    }
  const std::vector<bool> forward = reachable(anchor, scored), backward = reachable(anchor, conceded);
  for (int e = 0; e < n; ++e)
    if (rated[e] && !(forward[e] && backward[e]))
      throw std::domain_error("bradley_terry: without a prior the ratings have no finite maximum: entrant " +
                              std::to_string(e) + "'s side won or lost every game against the anchor's; "
                              "use prior_draws > 0");
}

// The log-likelihood of the terms as a function of the free ratings (slot[e] >= 0; the
// anchor's and the unrated entrants' stay where they are).
class Likelihood {
 public:
  Likelihood(std::vector<Term> terms, std::vector<int> slot, int free)
      : terms_(std::move(terms)), slot_(std::move(slot)), free_(free) {}

  double value(const std::vector<double>& elo) const {
    double sum = 0;
    for (const Term& t : terms_) {
      const double d = elo[t.a] - elo[t.b];
      // A zero weight skips its log, which may be -inf far from the maximum.
      if (t.a_points > 0) sum += t.a_points * std::log(score_from_elo(d));
      if (t.games > t.a_points) sum += (t.games - t.a_points) * std::log(score_from_elo(-d));
    }
    return sum;
  }

  // The gradient and the observed information (minus the Hessian) in the free ratings.
  void derivatives(const std::vector<double>& elo, Eigen::VectorXd& gradient, Eigen::MatrixXd& information) const {
    gradient = Eigen::VectorXd::Zero(free_);
    information = Eigen::MatrixXd::Zero(free_, free_);
    for (const Term& t : terms_) {
      const double p = score_from_elo(elo[t.a] - elo[t.b]);
      const double g = kSlope * (t.a_points - t.games * p);
      const double h = kSlope * kSlope * t.games * p * (1 - p);
      const int a = slot_[t.a], b = slot_[t.b];
      if (a >= 0) gradient[a] += g, information(a, a) += h;
      if (b >= 0) gradient[b] -= g, information(b, b) += h;
      if (a >= 0 && b >= 0) information(a, b) -= h, information(b, a) -= h;
    }
  }

  void step(std::vector<double>& elo, const Eigen::VectorXd& delta, double scale) const {
    for (size_t e = 0; e < slot_.size(); ++e)
      if (slot_[e] >= 0) elo[e] += scale * delta[slot_[e]];
  }

 private:
  std::vector<Term> terms_;
  std::vector<int> slot_;
  int free_;
};

// Newton's method with step halving: the likelihood is concave, so a full step is taken
// near the maximum and halving only tames the first steps from far away. Returns the
// observed information at the maximum.
Eigen::MatrixXd maximise(const Likelihood& likelihood, std::vector<double>& elo) {
  Eigen::VectorXd gradient;
  Eigen::MatrixXd information;
  for (int iteration = 0; iteration < 200; ++iteration) {
    likelihood.derivatives(elo, gradient, information);
    const Eigen::VectorXd delta = information.ldlt().solve(gradient);
    const double before = likelihood.value(elo);
    double scale = 1;
    std::vector<double> next = elo;
    likelihood.step(next, delta, scale);
    while (likelihood.value(next) < before && scale > 1e-6) {
      scale /= 2;
      next = elo;
      likelihood.step(next, delta, scale);
    }
    elo = next;
    if (delta.size() == 0 || scale * delta.cwiseAbs().maxCoeff() < 1e-9) break;
  }
  likelihood.derivatives(elo, gradient, information);
  return information;
}

// The likelihood's terms: each pair of rated entrants that met, and each free entrant's
// prior draws against the anchor (whose rating is the virtual opponent's).
std::vector<Term> terms_of(const CrossTable& table, const std::vector<bool>& rated, const std::vector<int>& slot,
                           const RatingOptions& options) {
  const int entrants = static_cast<int>(rated.size());
  std::vector<Term> terms;
  for (int i = 0; i < entrants; ++i) {
    for (int j = i + 1; j < entrants; ++j)
      if (rated[i] && table.games[i][j] > 0)
        terms.push_back({i, j, static_cast<double>(table.games[i][j]), table.points[i][j]});
    if (slot[i] >= 0 && options.prior_draws > 0)
      terms.push_back({i, options.anchor, options.prior_draws, options.prior_draws / 2});
  }
  return terms;
}

// The ratings of the anchor's component (`rated`) by maximum likelihood, the rest at the
// anchor's rating with an unbounded interval.
std::vector<Rating> rate(int entrants, const CrossTable& table, const std::vector<bool>& rated,
                         const RatingOptions& options) {
  std::vector<int> slot(entrants, -1);  // the free ratings' places in the Newton system
  int free = 0;
  for (int e = 0; e < entrants; ++e)
    if (rated[e] && e != options.anchor) slot[e] = free++;
  const std::vector<Term> terms = terms_of(table, rated, slot, options);
  std::vector<double> elo(entrants, options.anchor_elo);
  const Eigen::MatrixXd information = maximise(Likelihood(terms, slot, free), elo);
  const Eigen::MatrixXd covariance = free > 0 ? Eigen::MatrixXd(information.inverse()) : information;
  std::vector<Rating> ratings(entrants);
  const double infinity = std::numeric_limits<double>::infinity();
  for (int e = 0; e < entrants; ++e) {
    Rating& r = ratings[e];
    r.elo = elo[e];
    for (int o = 0; o < entrants; ++o) r.games += table.games[e][o];
    const double half = slot[e] >= 0 ? 1.96 * std::sqrt(covariance(slot[e], slot[e])) : rated[e] ? 0 : infinity;
    r.low = r.elo - half;
    r.high = r.elo + half;
  }
  return ratings;
}

}  // namespace

std::vector<Rating> bradley_terry(int entrants, const std::vector<GameResult>& games,
                                  const RatingOptions& options) {
  check_games("bradley_terry", entrants, games);
  if (options.anchor < 0 || options.anchor >= entrants)
    throw std::invalid_argument("bradley_terry: anchor " + std::to_string(options.anchor) +
                                " is not an entrant of 0.." + std::to_string(entrants - 1));
  if (!(options.prior_draws >= 0) || !std::isfinite(options.prior_draws))
    throw std::invalid_argument("bradley_terry: prior_draws must be finite and >= 0, got " +
                                std::to_string(options.prior_draws));
  const CrossTable table = cross_table(entrants, games);
  std::vector<std::vector<bool>> met(entrants, std::vector<bool>(entrants));
  for (int i = 0; i < entrants; ++i)
    for (int j = 0; j < entrants; ++j) met[i][j] = table.games[i][j] > 0;
  const std::vector<bool> rated = reachable(options.anchor, met);
  if (options.prior_draws == 0) check_finite(options.anchor, table, rated);
  return rate(entrants, table, rated, options);
}

}  // namespace bh
