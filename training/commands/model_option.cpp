// model_option.cpp — evaluators for the playing commands, with or without LibTorch.
#include "training/commands/model_option.h"

#include <stdexcept>

#include "mcts/simple_evaluators.h"
#if BUGHOUSE_WITH_TORCH
#include "training/engine/net_source.h"
#endif

namespace bh::cli {

void add_model_options(CLI::App* cmd, ModelChoice& choice, bool with_threads) {
  cmd->add_option("--model", choice.model,
                  "Network: a checkpoint file, 'fresh' (random weights, default size) or 'uniform' (no network)")
      ->capture_default_str();
  cmd->add_option("--device", choice.device, "Where the network runs: cpu, cuda or cuda:N")->capture_default_str();
  if (with_threads)
    cmd->add_option("--threads", choice.threads, "LibTorch threads of the network evaluation")
        ->check(CLI::Range(1, 256))
        ->capture_default_str();
}

EvaluatorSource evaluator_source(const std::string& model, const ModelChoice& choice) {
  if (model.empty() || model == "uniform")
    return {"uniform", [] { return std::make_unique<UniformEvaluator>(); }, std::nullopt};
#if BUGHOUSE_WITH_TORCH
  auto source = std::make_shared<NetSource>(load_net_source(model, choice.device));
  const int threads = choice.threads;
  return {source->name, [source, threads] { return make_net_evaluator(*source, threads, 64); }, source->rules};
#else
  (void)choice;
  throw std::runtime_error("--model " + model + ": a network needs the LibTorch build of bughouse; use 'uniform'");
#endif
}

EvaluatorSource evaluator_source(const ModelChoice& choice) { return evaluator_source(choice.model, choice); }

}  // namespace bh::cli
