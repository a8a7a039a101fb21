// model_option.h — the `--model`, `--device`, `--precision` and `--threads` options of the
// commands that play (uci, xboard, play, arena), and the model loader of this program.
// `--model` takes a model spec (training/players/model_spec.h): a checkpoint file, `fresh`,
// `material` or `uniform` (the default). Networks need the LibTorch build.
#pragma once

#include <string>

#include <CLI/CLI.hpp>

#include "training/players/model_loader.h"
#include "training/players/model_spec.h"

namespace bh::cli {

struct ModelChoice {
  std::string model = "uniform";
  ModelOptions options;  // where a network runs, its precision, its LibTorch threads
};

void add_model_options(CLI::App* cmd, ModelChoice& choice, bool with_threads = true);
// --device and --precision (and --threads) alone: for commands whose models are named elsewhere.
void add_network_options(CLI::App* cmd, ModelOptions& options, bool with_threads);

// The loader of every spec this build can play: networks too where it has LibTorch.
ModelLoader model_loader(const ModelOptions& options);

}  // namespace bh::cli
