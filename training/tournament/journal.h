// journal.h — a tournament's journal.jsonl: the tournament's settings, each round's
// meetings as paired, and each finished match, one JSON object per line, appended as the
// tournament goes. It is the tournament's memory: a killed tournament resumes from it,
// replaying no finished match, and re-pairs nothing (the rounds are read back as paired).
// A match's BPGN file is written (atomically) before its journal line: the line is the
// commit point, a file without a line is played again and overwritten. A correction (a
// result the director enters again) is a line of its own: the match's earlier line stays,
// and the journal read back holds the latest record of each match.
#pragma once

#include <filesystem>
#include <fstream>
#include <mutex>
#include <string>
#include <vector>

#include "training/tournament/schedule.h"

namespace bh {

// "round 2, table 1, match 1": a match's place as the director reads it (0-based in, 1-based out).
std::string match_place(int round, int meeting, int game);

struct MatchRecord {
  int round = 0, meeting = 0, game = 0;  // 0-based
  double home_score = 0.5;               // from the meeting's home entrant's view
  std::string ending;                    // "mate", "flag", "draw move-limit", "fault", "forfeit", ...
  std::string file;                      // the BPGN record, relative to the directory ("" when none)
  std::string fault;                     // the participant at fault, if any
  std::string message;                   // what went wrong
  int moves = 0;

  // Team 1 (A-white and B-black) is the home entrant in even games and the away one in odd
  // games (tournament.h seats_of): the score one side of a record reads from the other's.
  static double home_from_team1(int game, double team1) { return game % 2 == 0 ? team1 : 1 - team1; }
  double team1_score() const { return home_from_team1(game, home_score); }
};

class Journal {
 public:
  // Starts DIR/journal.jsonl with `settings` (a JSON object), or with `resume` reads it
  // back (a tournament killed before its journal was written starts afresh). Throws
  // std::runtime_error naming the file: a journal exists without `resume`, the settings
  // differ from the journal's (naming the first key that differs), or a line other than
  // the last is malformed. A last line cut short by a kill is dropped.
  Journal(const std::filesystem::path& dir, const std::string& settings, bool resume);

  const std::vector<RoundPlan>& rounds() const { return rounds_; }
  const std::vector<MatchRecord>& matches() const { return matches_; }
  const std::filesystem::path& path() const { return path_; }
  bool resumed() const { return resumed_; }  // read back from an existing journal

  void add_round(const RoundPlan& plan);
  void add_match(const MatchRecord& record);  // thread-safe
  // Replaces the record of the same match (round, meeting, game), which must exist;
  // appended as a "correction" line. Throws std::invalid_argument when there is none.
  void correct(const MatchRecord& record);
  // The record of a match, or nullptr when it has none yet.
  const MatchRecord* find(int round, int meeting, int game) const;
  int corrections() const { return corrections_; }
  // A participant withdrawn by the director, from round `from_round` (0-based) on.
  struct Withdrawal {
    std::string participant;
    int from_round = 0;
  };
  const std::vector<Withdrawal>& withdrawals() const { return withdrawals_; }
  void add_withdrawal(const Withdrawal& w);
  // A team entered by the director after the first round ("entry" line): its two
  // participants, playing from round `from_round` (0-based) on.
  struct LateEntry {
    Participant white, black;
    int from_round = 0;
  };
  const std::vector<LateEntry>& late_entries() const { return late_entries_; }
  void add_late_entry(const LateEntry& entry);

 private:
  void read_back(const std::string& settings);
  void append(const std::string& line);
  MatchRecord* find_mutable(const MatchRecord& record);
  std::filesystem::path path_;
  std::vector<RoundPlan> rounds_;
  std::vector<MatchRecord> matches_;
  int corrections_ = 0;
  std::vector<Withdrawal> withdrawals_;
  std::vector<LateEntry> late_entries_;
  bool resumed_ = false;
  std::ofstream out_;
  std::mutex mutex_;
};

}  // namespace bh
