// model_spec.h — what a model spec names (`--model`, an arena side that searches, the
// bootstrap of a run), and the options a network is loaded with:
//
//   uniform     no network: uniform priors, value 0 (plays legally, aimlessly)
//   material    no network: material balance as value, checks and captures first
//               (mcts/simple_evaluators.h); the bootstrap of a run's first generations
//   tactical    no network: material after each board's pending captures, less the
//               danger to the team's kings; priors from each move's exchange
//   fresh       a randomly initialised network of the default size, the same on every run
//   PATH        a checkpoint file
//
// Networks (fresh, checkpoints) need the LibTorch build (model_loader.h).
#pragma once

#include <string>
#include <string_view>

namespace bh {

enum class ModelKind { Uniform, Material, Tactical, Fresh, Checkpoint };

// Anything but the three words is a checkpoint path. Throws std::invalid_argument for an
// empty spec.
ModelKind model_kind(std::string_view spec);
inline bool is_network(ModelKind kind) { return kind == ModelKind::Fresh || kind == ModelKind::Checkpoint; }

struct ModelOptions {
  std::string device = "cpu";      // where a network runs: cpu, cuda or cuda:N (the CPU, saying so, without a GPU)
  std::string precision = "fp32";  // of a network's inference: fp32, bf16 or auto (nn/inference_net.h)
  int threads = 1;                 // LibTorch intra-op threads of an engine's or a player's evaluator
  float tactical_weight = 0;       // the tactical evaluator mixed into a network's answers (model_source.h)
  std::string residual_part = "both";  // a tactical-residual net's corrections that apply: both, value or policy
                                       // (mcts/residual_evaluator.h ResidualPart)
};

}  // namespace bh
