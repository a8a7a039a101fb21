// player_spec.h — arena players named on the command line (`bughouse arena --a SPEC`):
//
//   random, greedy          the baselines of mcts/ (random_player.h, greedy_player.h)
//   uniform | material      the search with a stand-in evaluator (no network)
//   fresh | CHECKPOINT      the search with a network (the context's ModelLoader: LibTorch)
//   uci:PATH[?k=v&...]      an external UCI engine (engine_spec.h)
//   xboard:PATH[?k=v&...]   an external CECP engine in bughouse mode
//
// External engines are started once and reused from match to match (engine_pool.h).
#pragma once

#include <string>

#include "core/rules.h"
#include "mcts/game_state.h"
#include "mcts/search_config.h"
#include "training/players/arena.h"
#include "training/players/model_loader.h"

namespace bh {

struct PlayerContext {
  RuleSet rules;
  SearchConfig search;  // the search players' configuration (visits per decision, ...)
  TurnModel turn;       // simulated think times of the built-in players, the wait slice
  // Built-in players' clocks pay the wall time each decision really took, as external
  // engines' do, instead of the time model's simulated think time: the fair currency
  // when the two sides are programs of different speed.
  bool real_time = false;
  // Loads the search players' models: the stand-ins only, unless the program has LibTorch
  // and gives a loader of networks (training/players/network_source.h).
  ModelLoader models;
};

// A built-in side is named by its spec, an external engine by its `name=` or program.
// Throws std::invalid_argument (a malformed spec, a network without a loader of networks)
// or what loading a model throws (a checkpoint that cannot be read). External engines are not started here: the first match starts them, on the
// arena thread that plays it.
ArenaSide make_arena_side(const std::string& spec, const PlayerContext& context);

}  // namespace bh
