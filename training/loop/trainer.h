// trainer.h — the optimiser loop over one network: SGD with Nesterov momentum or AdamW,
// weight decay, a learning-rate schedule (linear warm-up, then constant, steps or cosine),
// policy cross-entropy over the legal actions (full searches only) plus weighted
// win/draw/loss cross-entropy,
// global gradient-norm clipping, and bf16 autocast on the CPU. Checkpoints carry the
// weights, the optimiser state and the step count, so a resumed run continues exactly.
//
// With [training] weight_average_steps = n > 0 the net that plays is not the trained one
// but the trained weights' moving average: their plain mean while fewer than n steps are
// taken, then an exponential average over about the last n. An optimiser step at a
// useful learning rate moves the weights by noise as well as by signal; the average
// smooths the generations a run makes (training/loop/README.md "Experiments", weight
// averaging). Checkpoints then hold the average as the network and the trained weights
// apart (nn/SPEC.md "Checkpoint").
#pragma once

#include <cstdint>
#include <filesystem>
#include <memory>

#include <c10/core/Device.h>
#include <torch/optim/optimizer.h>

#include "core/rules.h"
#include "nn/checkpoint.h"
#include "nn/model.h"
#include "training/config/config.h"
#include "training/loop/training_batch.h"

namespace bh {

struct StepStats {
  double loss = 0, policy_loss = 0, value_loss = 0;
  double learning_rate = 0;
  double grad_norm = 0;  // before clipping
  // measure() only: the share of policy targets whose most likely action is the policy's
  // first choice among the legal actions, and the value as an expected score (win + draw
  // / 2) against the target's, by binary cross-entropy (the value loss any evaluator that
  // gives a win probability can be held to: validation.h).
  double policy_top1 = 0;
  double score_loss = 0;
};

class Trainer {
 public:
  // A fresh network of `net` shape, initialised from `seed`.
  Trainer(const NetConfig& net, const TrainingSettings& settings, c10::Device device, std::uint64_t seed);
  // Resumes from a checkpoint: its weights, optimiser state and step count. Throws
  // CheckpointError when the checkpoint has no optimiser state or another net shape.
  Trainer(const LoadedCheckpoint& checkpoint, const TrainingSettings& settings, c10::Device device);

  // One optimiser step on the batch; the network is left in train mode.
  StepStats step(const TrainingBatch& batch);
  // The player's losses on a batch without learning (validation, tests).
  StepStats measure(const TrainingBatch& batch);

  double learning_rate_at(std::int64_t step) const;
  // Whether steps run under bf16 autocast: asked for, on the CPU, and a CPU with bf16 in
  // hardware (core/platform/cpu_features.h; elsewhere bf16 is the slow path).
  bool bf16_autocast() const;
  std::int64_t steps() const { return steps_; }
  // The weights the optimiser moves.
  Network& network() { return net_; }
  const Network& network() const { return net_; }
  // The net that plays and is measured: the average where there is one, else network().
  Network& player() { return average_ ? average_ : net_; }
  const Network& player() const { return average_ ? average_ : net_; }

  // Atomic; the metadata's step is this trainer's step count.
  void save(const std::filesystem::path& path, const RuleSet& rules, CheckpointMeta meta) const;

 private:
  void make_optimizer();
  void update_average();
  StepStats losses(Network& net, const TrainingBatch& batch, bool learn);

  TrainingSettings settings_;
  c10::Device device_;
  Network net_{nullptr};
  Network average_{nullptr};  // only with weight_average_steps > 0
  std::unique_ptr<torch::optim::Optimizer> optimizer_;
  std::int64_t steps_ = 0;
};

}  // namespace bh
