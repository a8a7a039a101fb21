// model_loader.h — the one way from a model spec (model_spec.h) to a ModelSource. The
// specs without a network (uniform, material, tactical) are made here; networks (fresh, a
// checkpoint) come from the NetworkLoader the loader is given, which only LibTorch builds
// have (network_source.h). Without one, the loader refuses a network with the reason, so
// code without LibTorch (the engine protocols, their tests) takes the same specs.
#pragma once

#include <functional>
#include <string>

#include "training/players/model_source.h"

namespace bh {

// Loads `fresh` or a checkpoint file.
using NetworkLoader = std::function<ModelSource(const std::string& spec)>;

class ModelLoader {
 public:
  ModelLoader() = default;  // uniform and material only
  explicit ModelLoader(NetworkLoader networks) : networks_(std::move(networks)) {}

  // Throws std::invalid_argument (an empty spec, a checkpoint file that does not exist, a
  // network without a NetworkLoader) or what the NetworkLoader throws (CheckpointError:
  // the file and why it cannot be used).
  ModelSource load(const std::string& spec) const;
  bool loads_networks() const { return bool(networks_); }

 private:
  NetworkLoader networks_;
};

}  // namespace bh
