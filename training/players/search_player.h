// search_player.h — the search as a Player that owns its evaluator. MctsPlayer borrows
// one; the players of an arena or a table each need their own, made on the thread that
// plays them, and kept exactly as long as the player.
#pragma once

#include <cstdint>
#include <memory>
#include <string>

#include "mcts/evaluator.h"
#include "mcts/game_state.h"
#include "mcts/mcts_player.h"
#include "mcts/player.h"
#include "mcts/search_config.h"

namespace bh {

class SearchPlayer final : public Player {
 public:
  // Throws std::invalid_argument without an evaluator.
  SearchPlayer(std::unique_ptr<Evaluator> evaluator, const SearchConfig& search, const TurnModel& turn,
               std::uint64_t seed, std::string name);

  PlayerAction decide(const Match& match, Seat seat, std::int64_t t) override { return player_.decide(match, seat, t); }
  void new_match() override { player_.new_match(); }
  std::string name() const override { return name_; }
  const SearchResult* last_search() const override { return player_.last_search(); }

 private:
  std::unique_ptr<Evaluator> evaluator_;  // before player_: built first, destroyed last
  MctsPlayer player_;
  std::string name_;
};

}  // namespace bh
