// network_source.h — networks as ModelSources (LibTorch builds only): `fresh`, a
// checkpoint file, a checkpoint already read, or a network in memory (the trainer's).
// Every evaluator made from one source shares one InferenceNet read-only
// (nn/inference_net.h), each running it on its own thread.
#pragma once

#include <memory>
#include <string>

#include "mcts/residual_evaluator.h"
#include "nn/inference_net.h"
#include "training/players/model_loader.h"
#include "training/players/model_source.h"
#include "training/players/model_spec.h"

namespace bh {

class LoadedCheckpoint;

// The device (with the CPU fallback) and precision of `options`. Throws
// std::invalid_argument for an unknown device or precision.
InferenceOptions inference_options(const ModelOptions& options);

// A loader of every spec: networks run with `options` (device and precision resolved at
// each network load).
ModelLoader network_model_loader(const ModelOptions& options);

// `fresh` or a checkpoint file, named "fresh-6x64" or after the file. Throws
// CheckpointError (the file and why: unreadable, foreign, truncated, corrupt, another
// format or encoding version) or std::invalid_argument (a spec that is no network).
// `part`: which corrections of a tactical-residual net apply (mcts/residual_evaluator.h;
// anything but Both on another net is an std::invalid_argument naming it).
ModelSource load_network(const std::string& spec, const InferenceOptions& inference, int threads = 1,
                         ResidualPart part = ResidualPart::Both);
// A checkpoint already read (e.g. for its metadata), with its rules.
ModelSource checkpoint_source(const LoadedCheckpoint& checkpoint, std::string name, const InferenceOptions& inference,
                              int threads = 1, ResidualPart part = ResidualPart::Both);
// A network already built for inference. A tactical-residual net's evaluators put its
// answer on the tactical evaluator's (mcts/residual_evaluator.h), unless `alone`: then the
// net's raw outputs are its answer (what an engine that runs the export without the
// tactical terms would see). A `part` other than Both names the source "NAME (value only)".
ModelSource network_source(std::shared_ptr<const InferenceNet> net, std::string name, int threads = 1,
                           bool alone = false, ResidualPart part = ResidualPart::Both);

}  // namespace bh
