// player.h — a participant in a match, for arenas and engines: asked when its seat starts
// (or resumes) thinking, it answers with an action and how long it thinks before acting.
// Baselines: RandomPlayer, GreedyPlayer (random_player.h, greedy_player.h); the search:
// MctsPlayer (mcts_player.h). arena_match.h plays a match between four of them.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/match.h"
#include "mcts/rng.h"
#include "mcts/time_model.h"

namespace bh {

struct SearchResult;  // mcts/search.h

struct PlayerAction {
  Move action;                 // a legal move of the seat, or Move::wait() in a timed match
  std::int64_t think_ms = 1;   // the action lands at t + think_ms (at least 1)
  // Standard chess: claim a draw with this move (or, with Move::none(), on the current
  // position): core/RULES.md "Chess draws". The referee judges it (Match::claim_draw).
  bool claim_draw = false;
};

class Player {
 public:
  virtual ~Player() = default;
  // `seat` is the mover of its board and has a legal move; `t` >= match.now() is when it
  // starts thinking. The match is the one being played (with its record).
  virtual PlayerAction decide(const Match& match, Seat seat, std::int64_t t) = 0;
  // A new match begins: forget what belonged to the last one.
  virtual void new_match() {}
  // Partners talk, as at a real table: what this player said to its partner since it was
  // last asked (taken, so each message is passed on once), and a message from its
  // partner. Programs with a partner protocol (xboard's `ptell`) override both; the
  // referee relays between partners after every decision.
  virtual std::vector<std::string> take_partner_messages() { return {}; }
  virtual void hear_partner(const std::string& message) { (void)message; }
  // The statistics of the last decision's search, for a player that searches (nullptr
  // otherwise, or when the last decision was made without one): a partner's request may
  // pick among the moves the search rates near its best (partner_player.h).
  virtual const SearchResult* last_search() const { return nullptr; }
  virtual std::string name() const = 0;
};

// A think time drawn from `time` for `seat` starting at t (at least 1 ms).
std::int64_t sample_think_ms(const TimeModel& time, const Match& match, Seat seat, std::int64_t t, Rng& rng);

}  // namespace bh
