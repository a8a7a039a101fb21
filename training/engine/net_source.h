// net_source.h — the network behind an engine or a player, from a `--model` value: a
// checkpoint file, or `fresh` (a randomly initialised net of the default size: it plays
// legal, aimless bughouse — what an untrained run starts from). LibTorch builds only.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>

#include "core/rules.h"
#include "mcts/evaluator.h"
#include "nn/inference_net.h"

namespace bh {

struct NetSource {
  std::shared_ptr<const InferenceNet> net;  // shared read-only by every evaluator
  std::string name;                          // "fresh-6x64" or the checkpoint's file name
  std::optional<RuleSet> rules;              // the rules a checkpoint was trained under
};

// Throws CheckpointError (unreadable, foreign, wrong encoding version ...) or
// std::invalid_argument (device) with the reason.
NetSource load_net_source(const std::string& model, const std::string& device, std::uint64_t fresh_seed = 1);

// An evaluator on the calling thread's LibTorch with `threads` intra-op threads.
std::unique_ptr<Evaluator> make_net_evaluator(const NetSource& source, int threads, int max_batch = 64);

}  // namespace bh
