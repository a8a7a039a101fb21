// model_option.h — the `--model`, `--device` and `--threads` options shared by the
// commands that play (uci, xboard, play, arena): where the evaluator comes from.
// `--model` takes a checkpoint file, `fresh` (a randomly initialised net of the default
// size) or `uniform` (no network: uniform priors, value 0; the default). Networks need
// the LibTorch build.
#pragma once

#include <functional>
#include <memory>
#include <optional>
#include <string>

#include <CLI/CLI.hpp>

#include "core/rules.h"
#include "mcts/evaluator.h"

namespace bh::cli {

struct ModelChoice {
  std::string model = "uniform";
  std::string device = "cpu";
  int threads = 1;  // LibTorch intra-op threads of each evaluator
};

struct EvaluatorSource {
  std::string name;                                  // "uniform", "fresh-6x64", the checkpoint's file name
  std::function<std::unique_ptr<Evaluator>()> make;  // one evaluator per thread that searches
  std::optional<RuleSet> rules;                      // a checkpoint's rules
};

void add_model_options(CLI::App* cmd, ModelChoice& choice, bool with_threads = true);
// Loads the network once (if any). Throws with the reason (unreadable checkpoint, a
// network asked of a build without LibTorch, ...).
EvaluatorSource evaluator_source(const ModelChoice& choice);
// The same for one model name with the other choices kept (arena specs).
EvaluatorSource evaluator_source(const std::string& model, const ModelChoice& choice);

}  // namespace bh::cli
