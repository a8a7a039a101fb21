// bradley_terry.cpp — maximum-likelihood ratings by Newton's method on the ratings of the
// anchor's component, and their intervals from the inverse of the observed information.
#include "training/tournament/bradley_terry.h"

#include <Eigen/Dense>
#include <cassert>
#include <cmath>
#include <limits>
#include <stdexcept>
#include <string>

#include "training/players/elo.h"

namespace bh {
namespace {

// d score / d Elo = kSlope * p * (1 - p) for the logistic on the Elo scale.
const double kSlope = std::log(10.0) / 400;

// Games with one rating difference summed: d = sum of coef * elo over the entrants a
// term names (a, -b between two entrants; +1/2 for each home player and -1/2 for each
// away player between teams). The model has no home advantage, so the likelihood depends
// on nothing else. The prior's virtual draws are such a term against the anchor.
struct Term {
  std::vector<std::pair<int, double>> coef;
  double games = 0, a_points = 0;

  double difference(const std::vector<double>& elo) const {
    double d = 0;
    for (const auto& [e, c] : coef) d += c * elo[e];
    return d;
  }
};

Term duel(int a, int b, double games, double a_points) { return {{{a, 1.0}, {b, -1.0}}, games, a_points}; }

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
      const double d = t.difference(elo);
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
      const double p = score_from_elo(t.difference(elo));
      const double g = kSlope * (t.a_points - t.games * p);
      const double h = kSlope * kSlope * t.games * p * (1 - p);
      for (const auto& [i, ci] : t.coef) {
        if (slot_[i] < 0) continue;
        gradient[slot_[i]] += g * ci;
        for (const auto& [j, cj] : t.coef)
          if (slot_[j] >= 0) information(slot_[i], slot_[j]) += h * ci * cj;
      }
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

// One term per pair of rated entrants that met, all their games summed.
std::vector<Term> duel_terms(const CrossTable& table, const std::vector<bool>& rated) {
  const int entrants = static_cast<int>(rated.size());
  std::vector<Term> terms;
  for (int i = 0; i < entrants; ++i)
    for (int j = i + 1; j < entrants; ++j)
      if (rated[i] && table.games[i][j] > 0)
        terms.push_back(duel(i, j, static_cast<double>(table.games[i][j]), table.points[i][j]));
  return terms;
}

// The ratings of the anchor's component (`rated`) by maximum likelihood from the games'
// terms and the prior, the rest at the anchor's rating with an unbounded interval.
std::vector<Rating> rate(std::vector<Term> terms, const std::vector<int>& games, const std::vector<bool>& rated,
                         const RatingOptions& options) {
  const int entrants = static_cast<int>(rated.size());
  std::vector<int> slot(entrants, -1);  // the free ratings' places in the Newton system
  int free = 0;
  for (int e = 0; e < entrants; ++e)
    if (rated[e] && e != options.anchor) slot[e] = free++;
  for (int e = 0; e < entrants; ++e)
    if (slot[e] >= 0 && options.prior_draws > 0)
      terms.push_back(duel(e, options.anchor, options.prior_draws, options.prior_draws / 2));
  std::vector<double> elo(entrants, options.anchor_elo);
  const Eigen::MatrixXd information = maximise(Likelihood(terms, slot, free), elo);
  const Eigen::MatrixXd covariance = free > 0 ? Eigen::MatrixXd(information.inverse()) : information;
  std::vector<Rating> ratings(entrants);
  const double infinity = std::numeric_limits<double>::infinity();
  for (int e = 0; e < entrants; ++e) {
    Rating& r = ratings[e];
    r.elo = elo[e];
    r.games = games[e];
    const double half = slot[e] >= 0 ? 1.96 * std::sqrt(covariance(slot[e], slot[e])) : rated[e] ? 0 : infinity;
    r.low = r.elo - half;
    r.high = r.elo + half;
  }
  return ratings;
}

void check_options(const char* who, int entrants, const RatingOptions& options) {
  if (options.anchor < 0 || options.anchor >= entrants)
    throw std::invalid_argument(std::string(who) + ": anchor " + std::to_string(options.anchor) +
                                " is not an entrant of 0.." + std::to_string(entrants - 1));
  if (!(options.prior_draws >= 0) || !std::isfinite(options.prior_draws))
    throw std::invalid_argument(std::string(who) + ": prior_draws must be finite and >= 0, got " +
                                std::to_string(options.prior_draws));
}

// A team game as a term: +1/2 per home player, -1/2 per away player (a player holding
// both seats of its team counts once with weight 1).
Term team_term(const TeamGameResult& g, int players) {
  std::vector<std::pair<int, double>> coef;
  auto add = [&](int p, double c) {
    if (p < 0 || p >= players) throw std::invalid_argument("bradley_terry_teams: player " + std::to_string(p) + " is out of range");
    for (auto& [e, w] : coef)
      if (e == p) return void(w += c);
    coef.emplace_back(p, c);
  };
  for (int p : g.home) add(p, 0.5);
  for (int p : g.away) add(p, -0.5);
  for (const auto& [e, w] : coef)
    if (w == 0) throw std::invalid_argument("bradley_terry_teams: player " + std::to_string(e) + " is on both teams");
  if (!(g.home_score >= 0 && g.home_score <= 1)) throw std::invalid_argument("bradley_terry_teams: a score outside [0, 1]");
  return {coef, 1.0, g.home_score};
}

}  // namespace

std::vector<Rating> bradley_terry(int entrants, const std::vector<GameResult>& games,
                                  const RatingOptions& options) {
  check_games("bradley_terry", entrants, games);
  check_options("bradley_terry", entrants, options);
  const CrossTable table = cross_table(entrants, games);
  std::vector<std::vector<bool>> met(entrants, std::vector<bool>(entrants));
  for (int i = 0; i < entrants; ++i)
    for (int j = 0; j < entrants; ++j) met[i][j] = table.games[i][j] > 0;
  const std::vector<bool> rated = reachable(options.anchor, met);
  if (options.prior_draws == 0) check_finite(options.anchor, table, rated);
  std::vector<int> played(entrants, 0);
  for (int e = 0; e < entrants; ++e)
    for (int o = 0; o < entrants; ++o) played[e] += table.games[e][o];
  return rate(duel_terms(table, rated), played, rated, options);
}

// Players who sat at one table are joined; the anchor's component is rated. Only with a
// prior: teams that never change partners fix only their sums, and the prior splits them.
std::vector<Rating> bradley_terry_teams(int players, const std::vector<TeamGameResult>& games,
                                        const RatingOptions& options) {
  check_options("bradley_terry_teams", players, options);
  if (options.prior_draws <= 0) throw std::invalid_argument("bradley_terry_teams: needs prior_draws > 0");
  std::vector<Term> terms;
  std::vector<int> played(players, 0);
  std::vector<std::vector<bool>> met(players, std::vector<bool>(players));
  for (const TeamGameResult& g : games) {
    terms.push_back(team_term(g, players));
    for (const auto& [p, c] : terms.back().coef) {
      ++played[p];
      for (const auto& [q, d] : terms.back().coef) met[p][q] = true;
    }
  }
  const std::vector<bool> rated = reachable(options.anchor, met);
  std::erase_if(terms, [&](const Term& t) { return !rated[t.coef.front().first]; });
  return rate(terms, played, rated, options);
}

}  // namespace bh
