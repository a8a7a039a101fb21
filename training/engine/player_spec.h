// player_spec.h — arena players named on the command line (`bughouse arena --a SPEC`):
//
//   random, greedy          the baselines of mcts/ (random_player.h, greedy_player.h)
//   uniform                 the search with uniform priors and value 0 (no network)
//   fresh | CHECKPOINT      the search with a network (resolved by the caller: LibTorch)
//   uci:PATH[?k=v&...]      an external UCI engine (engine_spec.h)
//   xboard:PATH[?k=v&...]   an external CECP engine in bughouse mode
//
// External engines are started once and reused from match to match (engine_pool.h).
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <string>

#include "core/rules.h"
#include "mcts/evaluator.h"
#include "mcts/game_state.h"
#include "mcts/player.h"
#include "mcts/search_config.h"
#include "training/arena/arena.h"

namespace bh {

using EvaluatorMaker = std::function<std::unique_ptr<Evaluator>()>;

struct PlayerContext {
  RuleSet rules;
  SearchConfig search;  // the search players' configuration (visits per decision, ...)
  TurnModel turn;       // simulated think times of the built-in players, the wait slice
  // Built-in players' clocks pay the wall time each decision really took, as external
  // engines' do, instead of the time model's simulated think time: the fair currency
  // when the two sides are programs of different speed.
  bool real_time = false;
  // Resolves a network spec (`fresh`, a checkpoint path) to a maker of evaluators; unset
  // when the build has no LibTorch (such specs are then an error).
  std::function<EvaluatorMaker(const std::string& model)> network;
};

// Throws std::invalid_argument (a malformed spec) or what resolving it throws (a
// checkpoint that cannot be read). External engines are not started here: the first
// match starts them, on the arena thread that plays it.
ArenaSide make_arena_side(const std::string& spec, const PlayerContext& context);

// The search as a player that owns its evaluator (one per player: players run on
// different threads).
std::unique_ptr<Player> make_search_player(std::unique_ptr<Evaluator> evaluator, const SearchConfig& search,
                                           const TurnModel& turn, std::uint64_t seed, std::string name);

}  // namespace bh
