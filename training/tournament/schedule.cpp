// schedule.cpp — rounds for each format, seated.
#include "training/tournament/schedule.h"

#include <algorithm>
#include <array>
#include <limits>
#include <stdexcept>

namespace bh {

namespace {

int team_index(const std::vector<TeamSpec>& teams, const std::string& name) {
  for (std::size_t i = 0; i < teams.size(); ++i)
    if (teams[i].name == name) return int(i);
  throw std::invalid_argument("tournament: --hero " + name + " is not a team (teams are named P1+P2, or as --team gives)");
}

bool share_player(const TeamSpec& a, const TeamSpec& b) {
  return a.white == b.white || a.white == b.black || a.black == b.white || a.black == b.black;
}

double rating_of(const TournamentConfig& c, int participant) {
  return c.participants[std::size_t(participant)].rating.value_or(0);
}

// Partnerships of a group of four (ranked a, b, c, d) by round: everyone partners everyone
// once in three rounds, the strongest with the weakest first.
std::pair<TeamSeats, TeamSeats> rotate_four(const std::array<int, 4>& g, int r) {
  switch (r % 3) {
    case 0: return {{g[0], g[3]}, {g[1], g[2]}};
    case 1: return {{g[0], g[2]}, {g[1], g[3]}};
    default: return {{g[0], g[1]}, {g[2], g[3]}};
  }
}

}  // namespace

std::vector<Round> disjoint_team_schedule(const std::vector<TeamSpec>& teams) {
  std::vector<Round> rounds;
  std::vector<std::vector<int>> busy;  // per round: participants already seated
  for (std::size_t i = 0; i < teams.size(); ++i)
    for (std::size_t j = i + 1; j < teams.size(); ++j) {
      if (share_player(teams[i], teams[j])) continue;
      const int seats[4] = {teams[i].white, teams[i].black, teams[j].white, teams[j].black};
      std::size_t r = 0;
      for (; r < rounds.size(); ++r)
        if (std::none_of(seats, seats + 4, [&](int p) { return std::ranges::count(busy[r], p) > 0; })) break;
      if (r == rounds.size()) rounds.emplace_back(), busy.emplace_back();
      rounds[r].push_back({int(i), int(j)});
      busy[r].insert(busy[r].end(), seats, seats + 4);
    }
  return rounds;
}

Schedule::Schedule(const TournamentConfig& config, std::vector<TeamSpec> teams)
    : config_(config), teams_(std::move(teams)) {
  entrants_ = config.team_mode == TeamMode::Rotating ? int(config.participants.size()) : int(teams_.size());
  if (config.team_mode == TeamMode::AllPairs) fixed_ = disjoint_team_schedule(teams_);
  else if (config.format == Format::RoundRobin) fixed_ = round_robin(entrants_, false);
  else if (config.format == Format::DoubleRoundRobin) fixed_ = round_robin(entrants_, true);
  else if (config.format == Format::Gauntlet) fixed_ = gauntlet(entrants_, team_index(teams_, config.hero));
}

std::string Schedule::entrant_name(int e) const {
  if (config_.team_mode == TeamMode::Rotating) return config_.participants[std::size_t(e)].name;
  return teams_[std::size_t(e)].name;
}

int Schedule::rounds() const {
  if (config_.format == Format::Swiss) return config_.rounds;
  if (config_.format == Format::Sprt) return std::numeric_limits<int>::max();
  return int(fixed_.size());
}

RoundPlan Schedule::plan(int r, const ResultsSoFar& so_far) const {
  if (config_.team_mode == TeamMode::Rotating) return rotating(r, so_far);
  if (config_.format == Format::Swiss) return swiss(so_far);
  if (config_.format == Format::Sprt) return sprt_batch();
  return seat(fixed_.at(std::size_t(r)));
}

RoundPlan Schedule::seat(const Round& round) const {
  RoundPlan plan;
  for (const Pairing& p : round) {
    Meeting m{p.home, p.away, {}, {}};
    const TeamSpec& home = teams_[std::size_t(p.home)];
    m.home_seats = {home.white, home.black};
    if (p.away != kBye) m.away_seats = {teams_[std::size_t(p.away)].white, teams_[std::size_t(p.away)].black};
    plan.push_back(m);
  }
  return plan;
}

RoundPlan Schedule::swiss(const ResultsSoFar& so_far) const {
  std::vector<SwissEntrant> entrants(static_cast<std::size_t>(entrants_));
  for (int e = 0; e < entrants_; ++e) {
    SwissEntrant& s = entrants[std::size_t(e)];
    s.score = so_far.bye_points.empty() ? 0 : so_far.bye_points[std::size_t(e)];
    s.had_bye = !so_far.byes.empty() && so_far.byes[std::size_t(e)] > 0;
    s.home_minus_away = so_far.home_minus_away.empty() ? 0 : so_far.home_minus_away[std::size_t(e)];
    s.rating = rating_of(config_, teams_[std::size_t(e)].white) + rating_of(config_, teams_[std::size_t(e)].black);
  }
  for (const GameResult& g : so_far.games) {
    entrants[std::size_t(g.home)].score += g.home_score;
    entrants[std::size_t(g.away)].score += 1 - g.home_score;
    entrants[std::size_t(g.home)].opponents.push_back(g.away);
    entrants[std::size_t(g.away)].opponents.push_back(g.home);
  }
  return seat(swiss_round(entrants));
}

// Players ranked by their standing so far (rating, then number, before any game), in fours.
RoundPlan Schedule::rotating(int r, const ResultsSoFar& so_far) const {
  std::vector<int> order(static_cast<std::size_t>(entrants_));
  if (so_far.games.empty()) {
    for (int i = 0; i < entrants_; ++i) order[std::size_t(i)] = i;
    std::ranges::stable_sort(order, [&](int a, int b) { return rating_of(config_, a) > rating_of(config_, b); });
  } else {
    const std::vector<StandingRow> rows = standings(entrants_, so_far.games, so_far.bye_points);
    for (std::size_t i = 0; i < rows.size(); ++i) order[i] = rows[i].entrant;
  }
  RoundPlan plan;
  for (std::size_t g = 0; g + 3 < order.size(); g += 4) {
    const auto [home, away] = rotate_four({order[g], order[g + 1], order[g + 2], order[g + 3]}, r);
    plan.push_back({home.white, away.white, home, away});
  }
  return plan;
}

// A batch of meetings of the two participants: enough to keep the concurrency busy.
RoundPlan Schedule::sprt_batch() const {
  const int meetings = std::max(1, config_.concurrency / std::max(1, config_.games_per_pairing));
  return RoundPlan(std::size_t(meetings), seat({{0, 1}})[0]);
}

}  // namespace bh
