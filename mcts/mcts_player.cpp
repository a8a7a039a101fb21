// mcts_player.cpp — one search per decision, with tree reuse along the match's events.
#include "mcts/mcts_player.h"

#include <algorithm>

namespace bh {

MctsPlayer::MctsPlayer(Evaluator& evaluator, const SearchConfig& search, const TurnModel& turn_model,
                       std::uint64_t seed)
    : evaluator_(evaluator), turn_model_(turn_model), search_(search, seed), batch_(search.max_leaves_per_tree),
      rng_(derive_seed(seed, 1)) {}

void MctsPlayer::new_match() {
  search_.reset();
  events_seen_ = 0;
}

PlayerAction MctsPlayer::decide(const Match& match, Seat seat, std::int64_t t) {
  // Follow what happened since the last search, so the tree can be kept.
  if (!match.recording() || match.events().size() < events_seen_) {
    search_.reset();
  } else {
    for (std::size_t i = events_seen_; i < match.events().size(); ++i)
      search_.advance(match.events()[i].seat, match.events()[i].move);
  }
  events_seen_ = match.recording() ? match.events().size() : 0;
  searched_ = false;

  GameState root = GameState::at_decision(match, seat, t, turn_model_);
  const std::int64_t think = sample_think_ms(turn_model_.time, match, seat, t, rng_);
  if (root.over()) {  // a flag falls before this seat can act: any legal move will do
    return {match.legal_moves(board_of(seat)).moves[0], think};
  }
  SearchParams params;
  params.visits = search_.config().visits;
  last_ = run_search(search_, root, params, evaluator_, batch_);
  searched_ = true;
  const Move action = last_.best;
  return {action, action.is_wait() ? std::max(think, turn_model_.time.wait_ms()) : think};
}

}  // namespace bh
