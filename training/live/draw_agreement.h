// draw_agreement.h — the draw offered at a live table, seat by seat (core/RULES.md "End
// of the match": a draw by agreement). The people agree one by one; each computer
// answers from its latest finished search by the rule of mcts/draw_offer.h (it accepts
// unless that search rates its team ahead), and one that has not searched (random, greedy,
// or before its first search) leaves the draw to the people. LiveMatch holds one and
// says when a seat agrees, a decision comes in, or the offer ends.
#pragma once

#include <array>
#include <optional>
#include <string>
#include <vector>

#include "core/types.h"
#include "mcts/draw_offer.h"
#include "mcts/search.h"

namespace bh {

class DrawAgreement {
 public:
  bool offered() const;
  bool agreed(Seat s) const { return agreed_[s]; }
  void agree(Seat s) { agreed_[s] = true; }
  void withdraw() { agreed_ = {}; }
  // The seats that agreed, in seat order.
  std::vector<Seat> seats() const;
  // The people (`person[s]`) who have not agreed yet, as "A-black, B-white" ("" when none).
  std::string people_to_agree(const std::array<bool, kSeats>& person) const;

  // Computer seat s's decision came in with this search (nullptr: it does not search).
  void judge(Seat s, const SearchResult* search);
  // Computer seat s's answer: "" when it accepts, else why not ("declines the draw (its
  // search rates the match +0.42 for its team)").
  std::string computer_declines(Seat s) const;

 private:
  std::array<bool, kSeats> agreed_{};
  std::array<std::optional<float>, kSeats> judged_{};  // latest search's value for the seat's team
};

}  // namespace bh
