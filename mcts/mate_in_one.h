// mate_in_one.h — the decider's mates in one: the actions after which the match ends at
// once in a win for the decider's team. They are where the search's proofs start
// (mcts/README.md "Proofs"): a node whose decider can mate is won without a look at the
// network, and a mating action at the root is the move to play.
//
// The rules core judges the mate (gives_mate, core/movegen.h), under the match's mate rule:
// by default a check that a drop could block is not mate (core/RULES.md "Check, mate and
// waiting"). Only checking moves and drops are tried further, so a node costs one cheap
// check test per action and a reply generation per checking action that no drop could
// block. Under both_games a mate ends only its game, so neither finds one there.
#pragma once

#include "core/movegen.h"
#include "mcts/game_state.h"

namespace bh {

// Whether `action` (one of state.actions()) mates at once. The same as applying it and
// finding the match won by the decider's team: the decider acts before any flag
// (GameState), and after a move the Match judges mate on that board first
// (core/RULES.md "End of the match").
bool mates_at_once(const GameState& state, Move action);

// Whether any of `actions` (the state's actions) mates at once.
bool has_mate_in_one(const GameState& state, const MoveList& actions);

}  // namespace bh
