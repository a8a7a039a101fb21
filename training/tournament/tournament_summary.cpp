// tournament_summary.cpp — from the journal to the tables.
#include "training/tournament/tournament_summary.h"

#include <cstdio>

#include "training/tournament/prizes.h"
#include "training/tournament/tournament_results.h"

namespace bh {

namespace {

const std::string& name_of(const TournamentConfig& c, int p) { return c.participants[std::size_t(p)].name; }

std::vector<EntrantInfo> entrant_infos(const Tournament& t) {
  const TournamentConfig& c = t.config();
  std::vector<EntrantInfo> out;
  for (int e = 0; e < t.schedule().entrants(); ++e) {
    EntrantInfo info{t.schedule().entrant_name(e), ""};
    if (c.team_mode != TeamMode::Rotating && c.team_mode != TeamMode::Solo) {
      const TeamSpec& team = t.schedule().teams()[std::size_t(e)];
      info.members = name_of(c, team.white) + " (white) + " + name_of(c, team.black) + " (black)";
    }
    out.push_back(info);
  }
  return out;
}

std::string format_line(const Tournament& t) {
  const TournamentConfig& c = t.config();
  std::string rounds = c.format == Format::Sprt ? "until decided" : std::to_string(t.schedule().rounds()) + " rounds";
  return to_string(c.format) + ", " + rounds + ", teams " + to_string(c.team_mode) + ", " + c.clock.to_string() + ", " +
         std::to_string(c.games_per_pairing) + " matches per meeting";
}

int rounds_done(const Tournament& t) {
  const auto& rounds = t.journal().rounds();
  int done = 0;
  for (std::size_t r = 0; r < rounds.size(); ++r) {
    int needed = 0, have = 0;
    for (const Meeting& m : rounds[r]) needed += m.away == kBye ? 0 : t.config().games_per_pairing;
    for (const MatchRecord& rec : t.journal().matches()) have += rec.round == int(r);
    if (have < needed) break;
    ++done;
  }
  return done;
}

int anchor_participant(const TournamentConfig& c) { return c.anchor.empty() ? 0 : c.participant(c.anchor); }

// The entrant the ratings are anchored to: the anchor participant, or its team.
int anchor_entrant(const Tournament& t) {
  const int p = anchor_participant(t.config());
  if (t.config().team_mode == TeamMode::Rotating) return p;
  const auto& teams = t.schedule().teams();
  for (std::size_t e = 0; e < teams.size(); ++e)
    if (teams[e].white == p || teams[e].black == p) return int(e);
  return 0;
}

std::vector<TeamGameResult> team_games(const TournamentResults& r) {
  std::vector<TeamGameResult> out;
  for (const SeatedGame& g : r.seated)
    out.push_back({{g.seats[AWhite], g.seats[BBlack]}, {g.seats[BWhite], g.seats[ABlack]}, g.team1_score});
  return out;
}

// The category prizes the participants' groups and ratings allow (none in individual
// events: rotating partners, or solo entrants).
std::vector<PrizeCategory> prize_categories(const Tournament& t) {
  const TournamentConfig& c = t.config();
  std::vector<PrizeCategory> out;
  if (c.team_mode == TeamMode::Rotating || c.team_mode == TeamMode::Solo) return out;
  auto of_team = [&t, &c](auto&& in) {
    return [&t, &c, in](int entrant) {
      const TeamSpec& team = t.schedule().teams()[std::size_t(entrant)];
      return in(c.participants[std::size_t(team.white)], c.participants[std::size_t(team.black)]);
    };
  };
  out.push_back({"first mixed team", of_team([](const Participant& a, const Participant& b) {
                   return !a.group.empty() && !b.group.empty() && a.group != b.group;
                 })});
  if (c.rating_limit) {
    char what[64];
    std::snprintf(what, sizeof what, "first team rated under %.0f", *c.rating_limit);
    const double limit = *c.rating_limit;
    out.push_back({what, of_team([limit](const Participant& a, const Participant& b) {
                     return a.rating && b.rating && *a.rating + *b.rating < limit;
                   })});
  }
  return out;
}

// Prizes as (name, team), "-" where nobody is eligible.
std::vector<std::pair<std::string, std::string>> named(const Tournament& t, const std::vector<Prize>& prizes) {
  std::vector<std::pair<std::string, std::string>> out;
  for (const Prize& p : prizes)
    out.emplace_back(p.name, p.entrant < 0 ? "-" : t.schedule().teams()[std::size_t(p.entrant)].name);
  return out;
}

std::vector<std::string> fault_lines(const TournamentConfig& c, const TournamentResults& r) {
  std::vector<std::string> out;
  for (std::size_t p = 0; p < c.participants.size(); ++p)
    if (r.faults[p] > 0)
      out.push_back(c.participants[p].name + ": " + std::to_string(r.faults[p]) + " fault" + (r.faults[p] == 1 ? "" : "s") +
                    (is_withdrawn(c, r, int(p)) ? " (withdrawn)" : ""));
  return out;
}

// The hero's W/D/L against each opponent, in the order they met.
std::vector<GauntletRung> rungs(const Tournament& t, const TournamentResults& r, int hero) {
  std::vector<GauntletRung> out;
  std::vector<int> index(std::size_t(t.schedule().entrants()), -1);
  for (const GameResult& g : r.so_far.games) {
    if (g.home != hero && g.away != hero) continue;
    const int opponent = g.home == hero ? g.away : g.home;
    const double score = g.home == hero ? g.home_score : 1 - g.home_score;
    int& i = index[std::size_t(opponent)];
    if (i < 0) i = int(out.size()), out.emplace_back().opponent = t.schedule().entrant_name(opponent);
    GauntletRung& rung = out[std::size_t(i)];
    (score == 1 ? rung.wins : score == 0 ? rung.losses : rung.draws) += 1;
  }
  for (GauntletRung& rung : out) rung.elo = estimate_elo(rung.wins, rung.draws, rung.losses);
  return out;
}

int hero_entrant(const Tournament& t) {
  const auto& teams = t.schedule().teams();
  for (std::size_t e = 0; e < teams.size(); ++e)
    if (teams[e].name == t.config().hero) return int(e);
  return -1;
}

}  // namespace

TournamentSummary summarize(const Tournament& t) {
  const TournamentConfig& c = t.config();
  const TournamentResults r = results_of(c, t.schedule(), t.journal());
  const int n = t.schedule().entrants();
  TournamentSummary s;
  s.format = format_line(t);
  s.rounds_done = rounds_done(t);
  s.rounds_planned = c.format == Format::Sprt ? s.rounds_done : t.schedule().rounds();
  s.entrants = entrant_infos(t);
  s.standings = standings(n, r.so_far.games, r.so_far.bye_points);
  s.cross = cross_table(n, r.so_far.games);
  const int anchor = anchor_participant(c);
  const double anchor_elo = c.participants[std::size_t(anchor)].rating.value_or(0);
  s.anchor = name_of(c, anchor) + " = " + std::to_string(int(anchor_elo));
  s.entrant_ratings = bradley_terry(n, r.so_far.games, {anchor_entrant(t), anchor_elo});
  for (const Participant& p : c.participants) s.players.push_back(p.name);
  s.player_ratings = bradley_terry_teams(int(c.participants.size()), team_games(r), {anchor, anchor_elo});
  const std::vector<PrizeCategory> cats = prize_categories(t);
  for (const auto& [what, who] : named(t, award_prizes(s.standings, cats, {.places = 0, .one_per_team = false})))
    if (who != "-") s.categories.emplace_back(what, who);
  if (c.team_mode != TeamMode::Rotating && c.team_mode != TeamMode::Solo)
    s.prizes = named(t, award_prizes(s.standings, cats, {.places = c.prize_places, .one_per_team = !c.prizes_stack}));
  s.endings = r.endings;
  s.faults = fault_lines(c, r);
  if (c.format == Format::Sprt) s.sprt = sprt(c.sprt, r.wins, r.draws, r.losses);
  if (c.format == Format::Gauntlet) s.hero = c.hero, s.rungs = rungs(t, r, hero_entrant(t));
  s.matches = int(t.journal().matches().size());
  return s;
}

}  // namespace bh
