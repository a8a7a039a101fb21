// arena.h — matches between two sides, each side a way to make Players, in full
// four-player matches with both team colourings (side A plays team 1 in even-numbered
// matches and team 2 in odd ones), on several threads. Scores and Elo are from side A's
// view. The generation loop's evaluation and `bughouse arena` both run here.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "core/match.h"
#include "mcts/player.h"
#include "training/players/elo.h"

namespace bh {

// Makes a fresh player for one seat of one match; called on the thread that plays it.
using PlayerFactory = std::function<std::unique_ptr<Player>(std::uint64_t seed)>;

struct ArenaSide {
  std::string name;
  PlayerFactory make;
};

struct ArenaConfig {
  int games = 100;
  RuleSet rules;
  TimeControl clock;
  int threads = 1;               // matches played at once
  std::uint64_t seed = 1;
  std::string bpgn_path;         // every match appended here as BPGN when not empty
  bool adjudicate_claims = false; // draws granted when a claim would hold (chess, claim options)
};

struct ArenaResult {
  int wins = 0, draws = 0, losses = 0;      // side A's
  std::map<std::string, int> endings;       // outcome tags ("mate A-white" -> "mate", ...)
  EloEstimate elo() const { return estimate_elo(wins, draws, losses); }
  int games() const { return wins + draws + losses; }
  double score() const { return games() ? (wins + 0.5 * draws) / games() : 0.5; }
  // Counts a match that side A played as team `a_team`, and how it ended.
  void add(const Outcome& o, Team a_team);
  // Pools another arena's matches of the same side A into this one.
  ArenaResult& operator+=(const ArenaResult& other);
};

// How a match ended, without the board and seat: "mate", "flag", "draw move-limit", ...
std::string ending_kind(const Outcome& o);

// Called after each match (under a lock) with the match number and the running result.
using ArenaProgress = std::function<void(int match_index, const Match& match, const ArenaResult& so_far)>;

// The one way an arena counts its matches, which finish on many threads in any order:
// each is added under a lock with its record, and its progress report is made while the
// lock is held; finish() appends the records to the BPGN file in match order.
class ArenaTally {
 public:
  ArenaTally(int games, std::string bpgn_path);
  bool recording() const { return !bpgn_path_.empty(); }
  void add(int i, const Outcome& o, Team a_team, std::string record, const std::function<void(const ArenaResult&)>& report);
  // Throws std::runtime_error naming the file when it cannot be written.
  ArenaResult finish();

 private:
  std::mutex lock_;
  ArenaResult result_;
  std::vector<std::string> records_;
  std::string bpgn_path_;
};

// Plays matches 0 .. games-1 on `threads` TBB threads (each seeded by its number).
void for_each_match(int games, int threads, const std::function<void(int)>& play);

// Throws what a player throws (e.g. an external engine that dies), naming the match.
ArenaResult run_arena(const ArenaSide& a, const ArenaSide& b, const ArenaConfig& config,
                      const ArenaProgress& progress = {});

}  // namespace bh
