// checkpoint.h — saving and resuming training: the network's weights (batch-norm
// statistics included), the optimiser's state, the NetConfig, the rule set, the encoding
// version and free-form metadata, in one file written atomically.
//
// File layout (SPEC.md "Checkpoint"): a 28-byte envelope — magic, format version,
// encoding version, payload length, CRC-32 of the payload — then a LibTorch archive
// (zip) with the weights, optimiser state and metadata. The envelope lets a loader say
// precisely why a file is refused before LibTorch parses anything (checkpoint_envelope.h,
// with CheckpointError).
#pragma once

#include <cstdint>
#include <filesystem>
#include <map>
#include <optional>
#include <string>

#include <c10/core/Device.h>
#include <torch/optim/optimizer.h>

#include "core/rules.h"
#include "nn/checkpoint_envelope.h"
#include "nn/model.h"
#include "nn/net_config.h"

namespace bh {

struct CheckpointMeta {
  std::int64_t step = 0;          // optimiser steps taken
  std::int64_t generation = 0;    // self-play <-> training generation
  std::string config_text;        // the run's configuration file, verbatim, for the record
  std::map<std::string, std::string> extra;  // anything else the caller wants back
  bool operator==(const CheckpointMeta&) const = default;
};

struct CheckpointInfo {
  int encoding_version = 0;
  NetConfig net;
  RuleSet rules;
  CheckpointMeta meta;
  bool has_optimizer = false;
  bool has_trained_weights = false;  // the weights training continues from, apart (trainer.h)
};

// Writes the checkpoint atomically (temporary file + rename). `net` is the network that
// plays. `optimizer` may be null (e.g. an exported or initial net). `trained` is given
// only when training continues from other weights than those that play (a run that plays
// an average of its trained weights: training/loop/trainer.h). Throws std::runtime_error
// when writing fails.
void save_checkpoint(const std::filesystem::path& path, const Network& net, const RuleSet& rules,
                     const CheckpointMeta& meta, const torch::optim::Optimizer* optimizer = nullptr,
                     const Network* trained = nullptr);

// A checkpoint read and validated in memory. Typical resume:
//   LoadedCheckpoint ckpt(path);
//   Network net = ckpt.network(device);
//   torch::optim::Adam opt(net->parameters(), ...);   // same parameter order as saved
//   ckpt.restore_optimizer(opt);
class LoadedCheckpoint {
 public:
  // Throws CheckpointError saying whether the file is unreadable, not a checkpoint
  // (foreign), truncated, corrupt, or of another format or encoding version.
  explicit LoadedCheckpoint(const std::filesystem::path& path);

  const CheckpointInfo& info() const { return info_; }
  // A new network of the stored config holding the stored weights, in train mode.
  Network network(c10::Device device = c10::kCPU) const;
  // The weights training continues from: the trained ones where the checkpoint holds
  // them apart from those that play, else the same as network().
  Network trained_network(c10::Device device = c10::kCPU) const;
  // Loads the weights into an existing network; throws CheckpointError (Mismatch) when
  // its config differs from the stored one.
  void load_weights(Network& net) const;
  // Restores the optimiser's state: per-parameter state (moments, step counts) and each
  // param group's options (lr, betas, ...), whatever it was built with. It must be
  // built over the parameters of a network loaded from this checkpoint. Throws
  // CheckpointError (Mismatch) when the checkpoint holds no optimiser state.
  void restore_optimizer(torch::optim::Optimizer& optimizer) const;

 private:
  Network read_network(const std::string& key, c10::Device device) const;
  void read_weights(Network& net, const std::string& key) const;

  std::filesystem::path path_;
  std::string payload_;  // the LibTorch archive
  CheckpointInfo info_;
};

}  // namespace bh
