// selfplay_match.h — one self-play match in progress: the real match (think times drawn
// from the time model), its record for BPGN, the search tree that follows it (reused from
// decision to decision), and the samples of its searched decisions. A worker holds dozens
// of these and feeds all their searches through one evaluator (selfplay.h).
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "core/match.h"
#include "mcts/chunk.h"
#include "mcts/game_state.h"
#include "mcts/rng.h"
#include "mcts/search.h"
#include "mcts/selfplay_config.h"
#include "mcts/selfplay_counters.h"

namespace bh {

// A finished match: the record (with every move's clock) and its samples, results filled.
struct FinishedMatch {
  std::int64_t index = 0;             // 0-based number of the match in the run
  Match record;
  std::vector<Sample> samples;
  bool resign_playthrough = false;    // nobody could resign (measures false resigns)
  std::optional<Team> would_resign;   // playthrough: the team that first met the resign rule
  int moves = 0, waits = 0, searches = 0;

  // Playthrough matches only: the team that would have resigned did not lose.
  bool false_resign() const;
};

class SelfPlayMatch {
 public:
  // `config` (and `counters`, which may be null) must outlive the match.
  explicit SelfPlayMatch(const SelfPlayConfig& config, SelfPlayCounters* counters = nullptr);

  // Starts match number `index`; its randomness comes from (config.seed, index) only.
  void begin(std::int64_t index);
  bool active() const { return active_; }

  // Plays decisions that need no search (a single action) and starts the search of the
  // next one (a search already under way just goes on). Returns false when the match is
  // over instead (take it with finish()).
  bool prepare();
  Search& search() { return search_; }
  // After search().done(): records the sample, applies resignation, plays the chosen action.
  void decide();
  // The finished match, results filled in; the slot becomes inactive.
  FinishedMatch finish();

  const GameState& state() const { return *state_; }

 private:
  void play(Move action);
  float temperature() const;

  const SelfPlayConfig& config_;
  SelfPlayCounters* counters_;
  TurnModel turn_model_;
  Search search_;
  Rng rng_;
  std::optional<GameState> state_;
  std::optional<Match> record_;
  FinishedMatch out_;
  bool active_ = false;
  bool searching_ = false;
  bool full_search_ = false;
  int low_streak_[2] = {0, 0};  // consecutive searched decisions below the resign threshold, per team
};

}  // namespace bh
