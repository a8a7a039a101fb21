// mcts_player.h — the search as a player: at each decision it searches the match from the
// seat's view (think times by the time model's expectation, the other board's mover
// expected to act after its expected rest of thought), plays the most visited action
// (or Gumbel's choice), and reports a think time drawn from the time model. It keeps its
// tree between decisions when the match went the way the tree expected.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

#include "mcts/evaluator.h"
#include "mcts/game_state.h"
#include "mcts/leaf_batch.h"
#include "mcts/player.h"
#include "mcts/search.h"

namespace bh {

class MctsPlayer final : public Player {
 public:
  // `evaluator` must outlive the player; it is called from the player's thread only.
  MctsPlayer(Evaluator& evaluator, const SearchConfig& search, const TurnModel& turn_model, std::uint64_t seed = 0);

  PlayerAction decide(const Match& match, Seat seat, std::int64_t t) override;
  void new_match() override;
  std::string name() const override { return "mcts(" + evaluator_.name() + ")"; }
  const SearchResult* last_search() const override { return searched_ ? &last_ : nullptr; }

  // The last decision's search (tests and analysis).
  const SearchResult& last_result() const { return last_; }
  const Search& search() const { return search_; }

 private:
  Evaluator& evaluator_;
  TurnModel turn_model_;
  Search search_;
  LeafBatch batch_;
  Rng rng_;
  SearchResult last_;
  bool searched_ = false;  // the last decision was searched (last_ is its result)
  std::size_t events_seen_ = 0;  // events of the match already followed by the tree
};

}  // namespace bh
