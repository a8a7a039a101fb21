// tournament.cpp — rounds, matches on threads, faults and forfeits, the journal's order.
#include "training/tournament/tournament.h"

#include <algorithm>
#include <cstdio>
#include <mutex>
#include <stdexcept>

#include <nlohmann/json.hpp>
#include <tbb/parallel_for.h>
#include <tbb/task_arena.h>

#include "core/platform/atomic_file.h"
#include "core/bfen.h"
#include "core/bpgn.h"
#include "mcts/arena_match.h"
#include "training/tournament/sprt.h"
#include "training/tournament/tournament_results.h"

namespace bh {

namespace {

using Players = std::array<std::unique_ptr<Player>, kSeats>;

std::string record_file(int r, int meeting, int game) {
  char name[64];
  std::snprintf(name, sizeof name, "games/r%02d-m%02d-g%d.bpgn", r + 1, meeting + 1, game + 1);
  return name;
}

nlohmann::json participants_json(const TournamentConfig& c) {
  nlohmann::json out = nlohmann::json::array();
  for (const Participant& p : c.participants)
    out.push_back({{"name", p.name}, {"spec", p.spec}, {"rating", p.rating ? nlohmann::json(*p.rating) : nlohmann::json()},
                   {"group", p.group}});
  return out;
}

nlohmann::json teams_json(const std::vector<TeamSpec>& teams) {
  nlohmann::json out = nlohmann::json::array();
  for (const TeamSpec& t : teams) out.push_back({t.name, t.white, t.black});
  return out;
}

}  // namespace

std::array<int, kSeats> seats_of(const Meeting& m, int game, bool alternate_colours) {
  const bool home_team1 = game % 2 == 0;
  TeamSeats t1 = home_team1 ? m.home_seats : m.away_seats;
  TeamSeats t2 = home_team1 ? m.away_seats : m.home_seats;
  if (alternate_colours && game % 2 == 1) std::swap(t1.white, t1.black), std::swap(t2.white, t2.black);
  std::array<int, kSeats> seats{};
  seats[AWhite] = t1.white, seats[BBlack] = t1.black;
  seats[BWhite] = t2.white, seats[ABlack] = t2.black;
  return seats;
}

std::string settings_json(const TournamentConfig& c) {
  nlohmann::json j = {{"participants", participants_json(c)},
                      {"team_mode", to_string(c.team_mode)},
                      {"teams", teams_json(make_teams(c))},
                      {"format", to_string(c.format)},
                      {"rounds", c.rounds},
                      {"hero", c.hero},
                      {"games_per_pairing", c.games_per_pairing},
                      {"alternate_colours", c.alternate_colours},
                      {"rules", describe(c.rules)},
                      {"clock", c.clock.to_string()},
                      {"seed", c.seed},
                      {"openings", c.openings},
                      {"max_faults", c.max_faults},
                      {"adjudicate_claims", c.adjudicate_claims},
                      {"sprt", {c.sprt.elo0, c.sprt.elo1, c.sprt.alpha, c.sprt.beta}},
                      {"max_games", c.max_games}};
  return j.dump();
}

Tournament::Tournament(TournamentConfig config, std::vector<ArenaSide> sides, const std::filesystem::path& dir,
                       bool resume)
    : Tournament(std::move(config), dir, resume) {
  sides_ = std::move(sides);
  if (sides_.size() != config_.participants.size()) throw std::invalid_argument("tournament: one side per participant");
}

Tournament::Tournament(TournamentConfig config, const std::filesystem::path& dir, bool resume)
    : config_((validate(config), std::move(config))),
      dir_(dir),
      journal_(dir, settings_json(config_), resume),
      teams_(make_teams(config_)),
      schedule_(std::make_unique<Schedule>(config_, teams_)) {
  for (const Journal::LateEntry& entry : journal_.late_entries()) admit(entry);
  std::filesystem::create_directories(dir_ / "games");
}

void Tournament::enter_late(const Participant& white, const Participant& black) {
  if (config_.format != Format::Swiss || config_.team_mode == TeamMode::Solo || config_.team_mode == TeamMode::Rotating)
    throw std::invalid_argument("a late entry joins a Swiss of teams of two");
  if (white.name == black.name) throw std::invalid_argument("a team is two different participants");
  for (const Participant* p : {&white, &black})
    if (config_.participant(p->name) >= 0) throw std::invalid_argument("'" + p->name + "' is in the tournament already");
  const int from = int(journal_.rounds().size());
  if (from >= schedule_->rounds()) throw std::invalid_argument("every round is paired: there is no round left to join");
  const Journal::LateEntry entry{white, black, from};
  journal_.add_late_entry(entry);
  admit(entry);
}

// A late team's participants join the configuration and the schedule (results_of counts
// them from their first round; they score nothing before).
void Tournament::admit(const Journal::LateEntry& entry) {
  const int white = int(config_.participants.size());
  config_.participants.push_back(entry.white);
  config_.participants.push_back(entry.black);
  teams_.push_back({entry.white.name + "+" + entry.black.name, white, white + 1});
  schedule_ = std::make_unique<Schedule>(config_, teams_);
}

bool Tournament::run(const TournamentProgress& progress, const ResultEntry& enter) {
  if (sides_.size() != config_.participants.size())
    throw std::logic_error("tournament: its matches are played at tables, not by run()");
  for (int r = 0; r < schedule_->rounds() && !decided(); ++r) {
    if (r >= int(journal_.rounds().size())) journal_.add_round(schedule_->plan(r, results_of(config_, *schedule_, journal_).so_far));
    if (progress.paired) progress.paired(r);
    if (!play_round(r, progress, enter)) return false;
    if (progress.round) progress.round(r);
  }
  return true;
}

bool Tournament::has_person(const std::array<int, kSeats>& seats) const {
  return std::any_of(seats.begin(), seats.end(), [this](int p) { return config_.is_person(p); });
}

bool Tournament::decided() const {
  if (config_.format != Format::Sprt) return false;
  const TournamentResults r = results_of(config_, *schedule_, journal_);
  return r.wins + r.draws + r.losses >= config_.max_games ||
         sprt(config_.sprt, r.wins, r.draws, r.losses).decision != SprtDecision::Continue;
}

// The first withdrawn participant of a team, or -1.
int Tournament::withdrawn(const TeamSeats& team) const {
  for (int p : {team.white, team.black})
    if (is_withdrawn(config_, results_, p)) return p;
  return -1;
}

// The round's matches not yet in the journal: those of a withdrawn team forfeited first,
// then the programs' played `concurrency` at once, then those with a person entered one by
// one. False when the entry stopped.
bool Tournament::play_round(int r, const TournamentProgress& progress, const ResultEntry& enter) {
  // Withdrawals count from the round's start: the results before round r, so a round
  // resumed halfway forfeits exactly what the whole round would have.
  results_ = results_of(config_, *schedule_, journal_, r);
  forfeit_withdrawn(r, progress);
  std::vector<OverTheBoard> todo, over_the_board;
  for (const OverTheBoard& m : unfinished(r)) (has_person(m.seats) ? over_the_board : todo).push_back(m);
  if (!over_the_board.empty() && !enter)
    throw std::runtime_error("people play in this tournament: their results are entered by the director");
  const RoundPlan& plan = journal_.rounds()[std::size_t(r)];
  std::mutex lock;
  auto play_one = [&](int i) {
    const OverTheBoard& m = todo[std::size_t(i)];
    const MatchRecord rec = play_match(r, m.meeting, m.game, plan[std::size_t(m.meeting)]);
    std::lock_guard guard(lock);
    journal_.add_match(rec);
    if (progress.match) progress.match(plan[std::size_t(m.meeting)], rec);
  };
  tbb::task_arena arena(config_.concurrency);
  arena.execute([&] { tbb::parallel_for(0, int(todo.size()), play_one, tbb::simple_partitioner()); });
  for (const OverTheBoard& m : over_the_board) {
    const std::optional<EnteredResult> result = enter(m);
    if (!result) return false;
    const MatchRecord rec = entered(r, m.meeting, m.game, *result);
    journal_.add_match(rec);
    if (progress.match) progress.match(plan[std::size_t(m.meeting)], rec);
  }
  return true;
}

// Every unfinished match of round r in which a withdrawn team sits, lost without play.
void Tournament::forfeit_withdrawn(int r, const TournamentProgress& progress) {
  const RoundPlan& plan = journal_.rounds()[std::size_t(r)];
  for (const OverTheBoard& m : unfinished(r)) {
    const Meeting& meeting = plan[std::size_t(m.meeting)];
    if (withdrawn(meeting.home_seats) < 0 && withdrawn(meeting.away_seats) < 0) continue;
    const MatchRecord rec = forfeit(r, m.meeting, m.game, meeting);
    journal_.add_match(rec);
    if (progress.match) progress.match(meeting, rec);
  }
}

std::vector<OverTheBoard> Tournament::unfinished(int r) const {
  const RoundPlan& plan = journal_.rounds().at(std::size_t(r));
  std::vector<OverTheBoard> out;
  for (int m = 0; m < int(plan.size()); ++m)
    for (int g = 0; g < config_.games_per_pairing && plan[std::size_t(m)].away != kBye; ++g)
      if (!journal_.find(r, m, g)) out.push_back({r, m, g, seats_of(plan[std::size_t(m)], g, config_.alternate_colours)});
  return out;
}

int Tournament::pair_next_round() {
  const int r = int(journal_.rounds().size());
  if (r >= schedule_->rounds() || decided()) throw std::logic_error("every round of the tournament is paired");
  if (r > 0 && !unfinished(r - 1).empty())
    throw std::logic_error("round " + std::to_string(r) + " has " + std::to_string(unfinished(r - 1).size()) +
                           " matches without a result");
  journal_.add_round(schedule_->plan(r, results_of(config_, *schedule_, journal_).so_far));
  results_ = results_of(config_, *schedule_, journal_, r);
  forfeit_withdrawn(r, {});
  return r;
}

bool Tournament::finished() const {
  const int paired = int(journal_.rounds().size());
  return (paired >= schedule_->rounds() || decided()) && (paired == 0 || unfinished(paired - 1).empty());
}

bool Tournament::record_played(int r, int m, int g, const Match& match) {
  if (journal_.find(r, m, g)) return false;
  const Meeting& meeting = journal_.rounds().at(std::size_t(r)).at(std::size_t(m));
  journal_.add_match(played(r, m, g, match, seats_of(meeting, g, config_.alternate_colours)));
  return true;
}

void Tournament::enter(int r, int m, int g, const EnteredResult& result) {
  const bool exists = r >= 0 && r < int(journal_.rounds().size()) && m >= 0 &&
                      m < int(journal_.rounds()[std::size_t(r)].size()) && g >= 0 && g < config_.games_per_pairing &&
                      journal_.rounds()[std::size_t(r)][std::size_t(m)].away != kBye;
  if (!exists) throw std::invalid_argument(match_place(r, m, g) + ": no such match");
  if (journal_.find(r, m, g)) throw std::invalid_argument(match_place(r, m, g) + " has a result: correct it instead");
  journal_.add_match(entered(r, m, g, result));
}

void Tournament::correct(int r, int m, int g, const EnteredResult& result) {
  const MatchRecord* earlier = journal_.find(r, m, g);
  const std::string which = match_place(r, m, g);
  if (!earlier) throw std::invalid_argument(which + " has no result to correct");
  if (earlier->message.rfind("entered by the director", 0) != 0)
    throw std::invalid_argument(which + " was played by programs, not entered: its record stands");
  MatchRecord rec = entered(r, m, g, result);
  rec.message = "entered by the director, corrected";
  journal_.correct(rec);
}

// A result the director entered: no record file, no moves.
MatchRecord Tournament::entered(int r, int m, int g, const EnteredResult& result) const {
  if (result.team1 != 0 && result.team1 != 0.5 && result.team1 != 1)
    throw std::invalid_argument("an entered result scores 1, 0.5 or 0 for team 1");
  MatchRecord rec;
  rec.round = r, rec.meeting = m, rec.game = g;
  rec.home_score = MatchRecord::home_from_team1(g, result.team1);
  rec.ending = result.ending;
  rec.message = "entered by the director";
  return rec;
}

int Tournament::opening_of(int r, int m) const {
  int ordinal = m;
  for (int i = 0; i < r; ++i) ordinal += int(journal_.rounds()[std::size_t(i)].size());
  return ordinal % int(config_.openings.size());
}

Match Tournament::start_of(int r, int m) const {
  if (config_.openings.empty()) return Match(config_.rules, config_.clock);
  return match_from_bfen(config_.openings[std::size_t(opening_of(r, m))], config_.rules, config_.clock);
}

MatchRecord Tournament::play_match(int r, int m, int g, const Meeting& meeting) {
  MatchRecord rec;
  rec.round = r, rec.meeting = m, rec.game = g;
  const std::array<int, kSeats> seats = seats_of(meeting, g, config_.alternate_colours);
  Players owned;
  for (int s = 0; s < kSeats; ++s)
    owned[std::size_t(s)] = sides_[std::size_t(seats[std::size_t(s)])].make(
        config_.seed * 1000003ULL + std::uint64_t(r) * 65537 + std::uint64_t(m) * 257 + std::uint64_t(g) * 8 + std::uint64_t(s));
  std::array<Player*, kSeats> players{};
  for (int s = 0; s < kSeats; ++s) players[std::size_t(s)] = owned[std::size_t(s)].get();
  try {
    return played(r, m, g, play_arena_match(players, start_of(r, m), {.adjudicate_claims = config_.adjudicate_claims}),
                  seats);
  } catch (const PlayerFault& fault) {
    const double team1 = team_of(fault.seat) == Team1 ? 0 : 1;  // the failing player's team loses
    rec.home_score = MatchRecord::home_from_team1(g, team1);
    rec.ending = "fault";
    rec.fault = config_.participants[std::size_t(seats[fault.seat])].name;
    rec.message = fault.what();
  }
  return rec;
}

// A finished match's record: its BPGN written, the line to journal returned.
MatchRecord Tournament::played(int r, int m, int g, const Match& match, const std::array<int, kSeats>& seats) const {
  MatchRecord rec;
  rec.round = r, rec.meeting = m, rec.game = g;
  // core/RULES.md "Both games played out": there the share of the two games' points.
  rec.home_score = MatchRecord::home_from_team1(g, match.outcome().share(Team1));
  rec.ending = ending_kind(match.outcome());
  if (match.outcome().reason == EndReason::Fault) {  // a program that failed at its table
    rec.fault = config_.participants[std::size_t(seats[match.outcome().seat])].name;
    rec.message = rec.fault + "'s program failed at its table";
  }
  rec.moves = match.moves_played();
  rec.file = record_file(r, m, g);
  write_file_atomic(dir_ / rec.file, write_bpgn(match, record_tags(r, m, g, seats)));
  return rec;
}

std::vector<std::pair<std::string, std::string>> Tournament::record_tags(int r, int m, int g,
                                                                         const std::array<int, kSeats>& seats) const {
  auto name = [&](Seat s) { return config_.participants[std::size_t(seats[s])].name; };
  return {{"Event", "bughouse tournament"},
          {"Round", std::to_string(r + 1) + "." + std::to_string(m + 1) + "." + std::to_string(g + 1)},
          {"WhiteA", name(AWhite)},
          {"BlackA", name(ABlack)},
          {"WhiteB", name(BWhite)},
          {"BlackB", name(BBlack)}};
}

// A withdrawn team loses without playing; when both have withdrawn, neither scores more.
MatchRecord Tournament::forfeit(int r, int m, int g, const Meeting& meeting) const {
  MatchRecord rec;
  rec.round = r, rec.meeting = m, rec.game = g;
  const int home_out = withdrawn(meeting.home_seats), away_out = withdrawn(meeting.away_seats);
  rec.home_score = home_out >= 0 && away_out >= 0 ? 0.5 : home_out >= 0 ? 0 : 1;
  rec.ending = "forfeit";
  const int out = home_out >= 0 ? home_out : away_out;
  rec.fault = config_.participants[std::size_t(out)].name;
  rec.message = withdrawal_reason(out);
  return rec;
}

std::string Tournament::withdrawal_reason(int p) const {
  const std::string& name = config_.participants[std::size_t(p)].name;
  if (results_.faults[std::size_t(p)] >= config_.max_faults)
    return name + " was withdrawn after " + std::to_string(config_.max_faults) + " faults";
  return name + " was withdrawn by the director";
}

void Tournament::withdraw(const std::string& participant) {
  if (config_.participant(participant) < 0) throw std::invalid_argument("withdraw " + participant + ": no such participant");
  for (const Journal::Withdrawal& w : journal_.withdrawals())
    if (w.participant == participant) throw std::invalid_argument("withdraw " + participant + ": already withdrawn");
  journal_.add_withdrawal({participant, int(journal_.rounds().size())});
}

}  // namespace bh
