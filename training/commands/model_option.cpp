// model_option.cpp — the model options on the command line, and the loader of this build.
#include "training/commands/model_option.h"

#if BUGHOUSE_WITH_TORCH
#include "training/players/network_source.h"
#endif

namespace bh::cli {

void add_network_options(CLI::App* cmd, ModelOptions& options, bool with_threads) {
  cmd->add_option("--device", options.device, "Where a network runs: cpu, cuda or cuda:N")->capture_default_str();
  cmd->add_option("--precision", options.precision,
                  "A network's inference precision: fp32, bf16, or auto (bf16 on a GPU or a CPU with bf16 in "
                  "hardware, else fp32)")
      ->check(CLI::IsMember({"fp32", "bf16", "auto"}))
      ->capture_default_str();
  cmd->add_option("--tactical-weight", options.tactical_weight,
                  "Mix the tactical evaluator into a network's value and priors: (1 - W) network + W tactical "
                  "(networks only; 0: the network alone)")
      ->check(CLI::Range(0.0, 1.0))
      ->capture_default_str();
  cmd->add_option("--residual-part", options.residual_part,
                  "A tactical-residual network's corrections that apply: both (as trained), value (its value with "
                  "the tactical priors) or policy (its priors with the tactical value); an ablation")
      ->check(CLI::IsMember({"both", "value", "policy"}))
      ->capture_default_str();
  if (with_threads)
    cmd->add_option("--threads", options.threads, "LibTorch threads of the network evaluation")
        ->check(CLI::Range(1, 256))
        ->capture_default_str();
}

void add_model_options(CLI::App* cmd, ModelChoice& choice, bool with_threads) {
  cmd->add_option("--model", choice.model,
                  "Model: a checkpoint file, 'fresh' (random weights, default size), or without a network "
                  "'tactical' (material with captures resolved and king danger), 'material' or 'uniform'")
      ->capture_default_str();
  add_network_options(cmd, choice.options, with_threads);
}

ModelLoader model_loader(const ModelOptions& options) {
#if BUGHOUSE_WITH_TORCH
  return network_model_loader(options);
#else
  (void)options;
  return ModelLoader();
#endif
}

}  // namespace bh::cli
