// tournament.h — playing a tournament: each round paired by the schedule (or read back
// from the journal), its matches played on threads (`concurrency` at once), each match's
// BPGN written and then its journal line. A player that fails a match (an engine that
// dies, hangs or plays illegally) loses it for its team and is named; after `max_faults`
// failures its entrant forfeits the rest. Scores, standings and ratings are computed from
// the journal (tournament_results.h), so a resumed tournament reports what a whole one does.
#pragma once

#include <array>
#include <filesystem>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "training/players/arena.h"
#include "training/tournament/entered_result.h"
#include "training/tournament/journal.h"
#include "training/tournament/schedule.h"
#include "training/tournament/tournament_config.h"
#include "training/tournament/tournament_results.h"

namespace bh {

// The participant on each seat (AWhite, ABlack, BWhite, BBlack) of game g of a meeting:
// the home team is team 1 (A-white, B-black) in even games and team 2 in odd ones; with
// alternating colours, each team's players also swap colours in odd games.
std::array<int, kSeats> seats_of(const Meeting& m, int game, bool alternate_colours);

struct TournamentProgress {
  std::function<void(const Meeting&, const MatchRecord&)> match;  // after each match (serialised)
  std::function<void(int round)> round;                           // after each finished round
  std::function<void(int round)> paired;                          // when a round's pairings stand
};

// A match with a person in it, played over the board: its place and who sits where.
struct OverTheBoard {
  int round = 0, meeting = 0, game = 0;  // 0-based; the meeting is the table (numbered from 1)
  std::array<int, kSeats> seats{};       // participants, in seat order
};
// Asked once for each match with a person, in round and table order after the round's
// other matches; std::nullopt stops the tournament there (it resumes from the journal).
using ResultEntry = std::function<std::optional<EnteredResult>(const OverTheBoard&)>;

class Tournament {
 public:
  // `sides[i]` makes participant i's players. Starts a journal in `dir`, or resumes one.
  Tournament(TournamentConfig config, std::vector<ArenaSide> sides, const std::filesystem::path& dir, bool resume);

  // For matches played elsewhere, at the tables of `bughouse serve` (hosted below): no
  // sides, and run() refuses to play.
  Tournament(TournamentConfig config, const std::filesystem::path& dir, bool resume);

  // Plays until the schedule ends (or the SPRT decides); false when `enter` stopped it.
  // Matches with a person (kPersonSpec) take their results from `enter`. Throws
  // std::runtime_error when a match cannot be played for a reason that is no player's
  // fault, or when people play and there is no `enter`.
  bool run(const TournamentProgress& progress = {}, const ResultEntry& enter = {});

  // The director enters a person's match again (a result typed wrong): the journal keeps
  // both lines, the standings and later pairings use the new one. Throws
  // std::invalid_argument when that match has no entered result.
  void correct(int round, int meeting, int game, const EnteredResult& result);
  // The director withdraws a participant between rounds: from the first round not yet
  // paired, its team forfeits every match. Throws std::invalid_argument for an unknown
  // name or one already withdrawn.
  void withdraw(const std::string& participant);

  // The hosted form, a round at a time (training/server/hosted_tournament.h). Pairs the
  // next round and journals it, with the forfeits of withdrawn teams; returns its index.
  // Throws std::logic_error when every round is paired, or when a match of the latest
  // round has no result yet.
  int pair_next_round();
  // The matches of paired round r without a result yet, in table and match order.
  std::vector<OverTheBoard> unfinished(int r) const;
  // A match played at a table: its BPGN (the tournament's tags) written, then its journal
  // line. False, and nothing written, when the match has a result already (the director
  // entered one while it was played).
  bool record_played(int r, int meeting, int game, const Match& match);
  // The director's result for a match of a paired round that has none yet. Throws
  // std::invalid_argument naming the match when there is no such match or it has a result.
  void enter(int r, int meeting, int game, const EnteredResult& result);
  bool finished() const;  // every round paired and every match with a result
  // The director enters a team late, between rounds of a Swiss of teams: its two
  // participants (journaled as an "entry" line) play from the next round paired, with no
  // points for the rounds before. Throws std::invalid_argument saying why not (another
  // format, a name already in, every round paired).
  void enter_late(const Participant& white, const Participant& black);

  const TournamentConfig& config() const { return config_; }
  const Schedule& schedule() const { return *schedule_; }
  const Journal& journal() const { return journal_; }
  const std::filesystem::path& dir() const { return dir_; }

 private:
  bool play_round(int r, const TournamentProgress& progress, const ResultEntry& enter);
  bool has_person(const std::array<int, kSeats>& seats) const;
  MatchRecord entered(int r, int meeting, int game, const EnteredResult& result) const;
  MatchRecord play_match(int r, int meeting, int game, const Meeting& m);
  MatchRecord played(int r, int meeting, int game, const Match& match, const std::array<int, kSeats>& seats) const;
  void forfeit_withdrawn(int r, const TournamentProgress& progress);
  MatchRecord forfeit(int r, int meeting, int game, const Meeting& m) const;
  int withdrawn(const TeamSeats& team) const;
  std::string withdrawal_reason(int participant) const;
  bool decided() const;
  int opening_of(int r, int meeting) const;
  Match start_of(int r, int meeting) const;
  std::vector<std::pair<std::string, std::string>> record_tags(int r, int meeting, int game,
                                                               const std::array<int, kSeats>& seats) const;

  void admit(const Journal::LateEntry& entry);

  TournamentConfig config_;      // as set up, then with the late entries' participants
  std::vector<ArenaSide> sides_;
  std::filesystem::path dir_;
  Journal journal_;
  std::vector<TeamSpec> teams_;  // the teams as set up, then the late ones
  std::unique_ptr<Schedule> schedule_;
  TournamentResults results_;  // as of the current round's start
};

// The journal's settings line: every setting that changes what is played.
std::string settings_json(const TournamentConfig& config);

}  // namespace bh
