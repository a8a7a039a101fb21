// tournament_config.cpp — checking a tournament before it starts; forming its teams.
#include "training/tournament/tournament_config.h"

#include <algorithm>
#include <map>
#include <numeric>
#include <set>
#include <stdexcept>

#include "mcts/rng.h"

namespace bh {

namespace {

void fail(const std::string& what) { throw std::invalid_argument("tournament: " + what); }

void validate_participants(const TournamentConfig& c) {
  std::set<std::string> names;
  for (const Participant& p : c.participants) {
    if (p.name.empty()) fail("a participant has no name (--player NAME=SPEC)");
    if (p.spec.empty()) fail("participant " + p.name + " has no player spec");
    if (!names.insert(p.name).second) fail("two participants are named " + p.name);
  }
  if (c.participants.size() < 2) fail("at least two participants are needed");
}

void validate_fixed_teams(const TournamentConfig& c) {
  if (c.teams.size() < 2) fail("--teams fixed needs at least two --team NAME=P1,P2");
  std::set<std::string> names;
  std::set<int> seated;
  for (const TeamSpec& t : c.teams) {
    if (!names.insert(t.name).second) fail("two teams are named " + t.name);
    for (int p : {t.white, t.black}) {
      if (p < 0 || p >= int(c.participants.size())) fail("team " + t.name + " names an unknown participant");
      if (!seated.insert(p).second) fail("team " + t.name + ": participant " + c.participants[std::size_t(p)].name + " is in two teams");
    }
  }
}

void validate_team_mode(const TournamentConfig& c) {
  const int n = int(c.participants.size());
  switch (c.team_mode) {
    case TeamMode::Fixed: validate_fixed_teams(c); break;
    case TeamMode::Random:
      if (n % 2 != 0 || n < 4) fail("--teams random needs an even number of participants, at least 4 (has " + std::to_string(n) + ")");
      break;
    case TeamMode::AllPairs:
      if (n < 4) fail("--teams all-pairs needs at least 4 participants");
      if (c.format != Format::RoundRobin) fail("--teams all-pairs plays every meeting of disjoint teams: use --format roundrobin");
      break;
    case TeamMode::Rotating:
      if (n % 4 != 0) fail("--teams rotating groups players into fours: the count must be a multiple of 4 (has " + std::to_string(n) + ")");
      if (c.format != Format::Swiss) fail("--teams rotating pairs by standing each round: use --format swiss");
      break;
    case TeamMode::Solo: break;
    case TeamMode::Balanced:
      if (n % 2 != 0 || n < 4) fail("--teams balanced needs an even number of participants, at least 4 (has " + std::to_string(n) + ")");
      for (const Participant& p : c.participants)
        if (!p.rating) fail("--teams balanced pairs by rating: participant " + p.name + " has none");
      break;
  }
}

void validate_format(const TournamentConfig& c) {
  if (c.rounds < 1) fail("--rounds must be at least 1");
  if (c.games_per_pairing < 1) fail("--games must be at least 1");
  if (c.concurrency < 1) fail("--concurrency must be at least 1");
  if (c.max_faults < 1) fail("--max-faults must be at least 1");
  if (c.format == Format::Gauntlet && c.hero.empty()) fail("--format gauntlet needs --hero NAME");
  if (c.format == Format::Sprt) {
    if (c.team_mode != TeamMode::Solo || c.participants.size() != 2)
      fail("--format sprt tests two participants, each holding both seats of its team (--teams solo)");
    if (!(c.sprt.elo1 > c.sprt.elo0)) fail("--sprt: elo1 must be above elo0");
    if (!(c.sprt.alpha > 0 && c.sprt.alpha < 1 && c.sprt.beta > 0 && c.sprt.beta < 1)) fail("--sprt: alpha and beta lie in (0, 1)");
  }
  if (!c.anchor.empty() && c.participant(c.anchor) < 0) fail("--anchor " + c.anchor + " is not a participant");
}

// Fisher-Yates with the project's generator: the same seed draws the same teams.
std::vector<int> shuffled(int n, std::uint64_t seed) {
  std::vector<int> order(static_cast<std::size_t>(n));
  for (int i = 0; i < n; ++i) order[std::size_t(i)] = i;
  Rng rng(seed);
  for (int i = n - 1; i > 0; --i) std::swap(order[std::size_t(i)], order[std::size_t(rng.below(std::uint64_t(i + 1)))]);
  return order;
}

std::string team_name(const TournamentConfig& c, int white, int black) {
  if (white == black) return c.participants[std::size_t(white)].name;
  return c.participants[std::size_t(white)].name + "+" + c.participants[std::size_t(black)].name;
}

}  // namespace

int TournamentConfig::participant(const std::string& name) const {
  for (std::size_t i = 0; i < participants.size(); ++i)
    if (participants[i].name == name) return int(i);
  return -1;
}

void validate(const TournamentConfig& config) {
  validate_participants(config);
  validate_team_mode(config);
  validate_format(config);
}

namespace {

// The strongest with the weakest, the second with the second-weakest, ...: team ratings
// as equal as a fixed rule makes them. The stronger partner plays white; equal ratings keep
// the order given.
std::vector<TeamSpec> balanced_teams(const TournamentConfig& c) {
  std::vector<int> order(c.participants.size());
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(),
                   [&](int a, int b) { return *c.participants[std::size_t(a)].rating > *c.participants[std::size_t(b)].rating; });
  std::vector<TeamSpec> teams;
  for (std::size_t i = 0, j = order.size() - 1; i < j; ++i, --j)
    teams.push_back({team_name(c, order[i], order[j]), order[i], order[j]});
  return teams;
}

}  // namespace

std::vector<TeamSpec> make_teams(const TournamentConfig& c) {
  const int n = int(c.participants.size());
  std::vector<TeamSpec> teams;
  switch (c.team_mode) {
    case TeamMode::Fixed: return c.teams;
    case TeamMode::Random: {
      const std::vector<int> order = shuffled(n, c.seed);
      for (int i = 0; i + 1 < n; i += 2) teams.push_back({team_name(c, order[std::size_t(i)], order[std::size_t(i + 1)]), order[std::size_t(i)], order[std::size_t(i + 1)]});
      break;
    }
    case TeamMode::AllPairs:
      for (int i = 0; i < n; ++i)
        for (int j = i + 1; j < n; ++j) teams.push_back({team_name(c, i, j), i, j});
      break;
    case TeamMode::Solo:
      for (int i = 0; i < n; ++i) teams.push_back({team_name(c, i, i), i, i});
      break;
    case TeamMode::Rotating: break;
    case TeamMode::Balanced: return balanced_teams(c);
  }
  return teams;
}

std::string to_string(TeamMode mode) {
  static const std::map<TeamMode, std::string> names = {{TeamMode::Fixed, "fixed"},       {TeamMode::Random, "random"},
                                                        {TeamMode::AllPairs, "all-pairs"}, {TeamMode::Solo, "solo"},
                                                        {TeamMode::Rotating, "rotating"}, {TeamMode::Balanced, "balanced"}};
  return names.at(mode);
}

std::string to_string(Format format) {
  static const std::map<Format, std::string> names = {{Format::Swiss, "swiss"},
                                                      {Format::RoundRobin, "roundrobin"},
                                                      {Format::DoubleRoundRobin, "double-roundrobin"},
                                                      {Format::Gauntlet, "gauntlet"},
                                                      {Format::Sprt, "sprt"}};
  return names.at(format);
}

}  // namespace bh
