// net_player.h — a network checkpoint put to work: loaded as a shared inference net, made
// into evaluators for self-play workers, or into arena players (an MctsPlayer that owns
// its evaluator). One InferenceNet is shared read-only by all of them.
#pragma once

#include <filesystem>
#include <memory>
#include <string>

#include "mcts/evaluator.h"
#include "mcts/game_state.h"
#include "mcts/mcts_player.h"
#include "mcts/search_config.h"
#include "nn/inference_net.h"
#include "nn/torch_evaluator.h"
#include "training/arena/arena.h"
#include "training/config.h"

namespace bh {

// Inference options from [network] (precision, device with CPU fallback).
InferenceOptions inference_options(const NetworkSettings& network);
// Loads a checkpoint's network for inference. Throws CheckpointError.
std::shared_ptr<const InferenceNet> load_inference_net(const std::filesystem::path& checkpoint,
                                                       const InferenceOptions& options);

class NetPlayer final : public Player {
 public:
  NetPlayer(std::shared_ptr<const InferenceNet> net, const SearchConfig& search, const TurnModel& turn,
            std::uint64_t seed, std::string name);
  PlayerAction decide(const Match& match, Seat seat, std::int64_t t) override { return player_.decide(match, seat, t); }
  void new_match() override { player_.new_match(); }
  std::string name() const override { return name_; }

 private:
  TorchEvaluator evaluator_;  // before player_, which holds a reference to it
  MctsPlayer player_;
  std::string name_;
};

// An arena side playing `net` with `search` (its visits, no root noise) and `turn`.
ArenaSide net_side(std::string name, std::shared_ptr<const InferenceNet> net, SearchConfig search, TurnModel turn);

}  // namespace bh
