// tournament_results.cpp — adding up the journal.
#include "training/tournament/tournament_results.h"

#include "training/tournament/tournament.h"

namespace bh {

namespace {

void add_meeting_balance(ResultsSoFar& r, const Meeting& m, int games_per_pairing) {
  if (m.away == kBye) {
    r.bye_points[std::size_t(m.home)] += games_per_pairing;  // a bye scores as won matches
    ++r.byes[std::size_t(m.home)];
    return;
  }
  ++r.home_minus_away[std::size_t(m.home)];
  --r.home_minus_away[std::size_t(m.away)];
}

// Standings games of one match: in a team event, home entrant against away entrant; in a
// rotating (individual) event, each player against the player across its board.
void add_games(TournamentResults& out, const TournamentConfig& c, const Meeting& m, const MatchRecord& rec) {
  if (c.team_mode != TeamMode::Rotating) {
    out.so_far.games.push_back({m.home, m.away, rec.home_score});
    return;
  }
  const std::array<int, kSeats> s = seats_of(m, rec.game, c.alternate_colours);
  out.so_far.games.push_back({s[AWhite], s[ABlack], rec.team1_score()});
  out.so_far.games.push_back({s[BBlack], s[BWhite], rec.team1_score()});
}

void add_match(TournamentResults& out, const TournamentConfig& c, const Meeting& m, const MatchRecord& rec) {
  add_games(out, c, m, rec);
  ++out.endings[rec.ending];
  if (!rec.fault.empty() && rec.ending != "forfeit") ++out.faults[std::size_t(c.participant(rec.fault))];
  if (!rec.file.empty()) out.seated.push_back({seats_of(m, rec.game, c.alternate_colours), rec.team1_score()});
  const double s0 = m.home == 0 ? rec.home_score : m.away == 0 ? 1 - rec.home_score : -1;
  if (s0 == 1) ++out.wins;
  else if (s0 == 0.5) ++out.draws;
  else if (s0 == 0) ++out.losses;
}

}  // namespace

TournamentResults results_of(const TournamentConfig& c, const Schedule& schedule, const Journal& journal, int before) {
  TournamentResults out;
  const std::size_t n = std::size_t(schedule.entrants());
  out.so_far.bye_points.assign(n, 0);
  out.so_far.byes.assign(n, 0);
  out.so_far.home_minus_away.assign(n, 0);
  out.faults.assign(c.participants.size(), 0);
  out.withdrawn.assign(c.participants.size(), false);
  const auto& rounds = journal.rounds();
  const int last = before < 0 ? int(rounds.size()) : std::min(before, int(rounds.size()));
  for (int r = 0; r < last; ++r)
    for (const Meeting& m : rounds[std::size_t(r)]) add_meeting_balance(out.so_far, m, c.games_per_pairing);
  for (const MatchRecord& rec : journal.matches())
    if (rec.round < last) add_match(out, c, rounds[std::size_t(rec.round)][std::size_t(rec.meeting)], rec);
  for (const Journal::Withdrawal& w : journal.withdrawals())
    if (w.from_round <= last && c.participant(w.participant) >= 0) out.withdrawn[std::size_t(c.participant(w.participant))] = true;
  return out;
}

bool is_withdrawn(const TournamentConfig& config, const TournamentResults& results, int participant) {
  return results.faults[std::size_t(participant)] >= config.max_faults || results.withdrawn[std::size_t(participant)];
}

}  // namespace bh
