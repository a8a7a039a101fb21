// model_source.h — a loaded model put to work. A ModelSource is named and makes, as often
// as asked: an evaluator for the calling thread (an engine's or a player's, with the
// loaded threads), one evaluator per self-play worker (LibTorch intra-op 1 each), a search
// player that owns its evaluator, or an arena side of such players. Loaded once
// (model_loader.h); copies share the loaded weights, read-only.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>

#include "core/rules.h"
#include "mcts/evaluator.h"
#include "mcts/game_state.h"
#include "mcts/player.h"
#include "mcts/search_config.h"
#include "mcts/selfplay.h"
#include "training/players/arena.h"

namespace bh {

// Makes one evaluator for the calling thread: `threads` LibTorch intra-op threads, at most
// `max_batch` requests per forward pass (both ignored without a network).
using EvaluatorMaker = std::function<std::unique_ptr<Evaluator>(int threads, int max_batch)>;

// Requests per forward pass: a player's search asks for a few leaves at a time; a
// self-play worker for concurrent matches x leaves (128 by default).
inline constexpr int kPlayerMaxBatch = 64;
inline constexpr int kSelfPlayMaxBatch = 256;

struct ModelSource {
  std::string name;              // "uniform", "material", "fresh-6x64", a checkpoint's file name, "gen 12"
  EvaluatorMaker make;           // what the members below call
  std::string network;           // the network's shape ("6x64"); empty without a network
  std::optional<RuleSet> rules;  // the rules a checkpoint was trained under
  int threads = 1;               // LibTorch intra-op threads of evaluator()
  double tactical_scale = 0;     // a tactical-residual network's scale; 0 for any other model
  bool tactical_placement = true;  // whether its tactical terms count the placement (its NetConfig's)
  bool net_alone = false;        // a residual network without its tactical terms: no tactical look anywhere

  // An engine's or a player's evaluator, on the calling thread.
  std::unique_ptr<Evaluator> evaluator() const;
  // One evaluator per self-play worker, made on the worker's thread.
  EvaluatorFactory selfplay_evaluators() const;
  // `search` as this model's searches use it: without a network, no lazy network (its
  // tactical first look would only be repeated; mcts/README.md "Lazy network"); for the
  // net alone none either (its tactical first looks would put back the terms it is
  // measured without); with a residual network, the lazy tactical look at its scale.
  SearchConfig search_config(SearchConfig search) const;
  // The search with this model, named after it.
  std::unique_ptr<Player> player(const SearchConfig& search, const TurnModel& turn, std::uint64_t seed) const;
  // An arena side of such players (each made on the thread that plays it).
  ArenaSide side(const SearchConfig& search, const TurnModel& turn) const;
};

// The same model with the tactical evaluator mixed into every evaluator it makes, at
// `weight` (mcts/blended_evaluator.h), named "NAME+tactical W"; unchanged at weight 0.
// Throws std::invalid_argument unless 0 <= weight <= 1.
ModelSource with_tactical(ModelSource source, float weight);

}  // namespace bh
