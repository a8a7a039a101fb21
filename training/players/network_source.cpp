// network_source.cpp — fresh nets, checkpoints and in-memory nets as sources of TorchEvaluators.
#include "training/players/network_source.h"

#include <filesystem>
#include <stdexcept>

#include <ATen/Parallel.h>
#include <torch/utils.h>

#include "mcts/residual_evaluator.h"
#include "nn/checkpoint.h"
#include "nn/model.h"
#include "nn/torch_evaluator.h"

namespace bh {

namespace {

constexpr std::uint64_t kFreshSeed = 1;  // a fresh net is the same net on every run

// A residual net's answers are corrections to the tactical evaluator's: every evaluator
// of it applies them (mcts/residual_evaluator.h).
EvaluatorMaker torch_evaluators(std::shared_ptr<const InferenceNet> net, bool alone, ResidualPart part) {
  return [net = std::move(net), alone, part](int threads, int max_batch) -> std::unique_ptr<Evaluator> {
    at::set_num_threads(threads);  // a property of the calling thread (nn/README.md "Threads")
    auto evaluator = std::make_unique<TorchEvaluator>(net, TorchEvaluatorOptions{threads, max_batch});
    if (alone || !net->config().tactical_residual) return evaluator;
    return std::make_unique<ResidualEvaluator>(std::move(evaluator), net->config().tactical_scale,
                                               net->config().tactical_placement, part);
  };
}

ModelSource fresh_source(const InferenceOptions& inference, int threads, ResidualPart part) {
  torch::manual_seed(kFreshSeed);
  Network net(NetConfig::small());
  net->eval();
  return network_source(InferenceNet::create(net, inference), "fresh-" + NetConfig::small().short_name(), threads,
                        false, part);
}

}  // namespace

InferenceOptions inference_options(const ModelOptions& options) {
  InferenceOptions o;
  o.device = resolve_device(options.device);
  o.precision = parse_precision(options.precision, o.device);
  return o;
}

ModelLoader network_model_loader(const ModelOptions& options) {
  return ModelLoader([options](const std::string& spec) {
    return with_tactical(
        load_network(spec, inference_options(options), options.threads, parse_residual_part(options.residual_part)),
        options.tactical_weight);
  });
}

ModelSource load_network(const std::string& spec, const InferenceOptions& inference, int threads, ResidualPart part) {
  const ModelKind kind = model_kind(spec);
  if (kind == ModelKind::Fresh) return fresh_source(inference, threads, part);
  if (kind != ModelKind::Checkpoint) throw std::invalid_argument("model '" + spec + "' is not a network");
  return checkpoint_source(LoadedCheckpoint(spec), std::filesystem::path(spec).filename().string(), inference,
                           threads, part);
}

ModelSource checkpoint_source(const LoadedCheckpoint& checkpoint, std::string name, const InferenceOptions& inference,
                              int threads, ResidualPart part) {
  Network net = checkpoint.network(c10::kCPU);
  net->eval();
  ModelSource source = network_source(InferenceNet::create(net, inference), std::move(name), threads, false, part);
  source.rules = checkpoint.info().rules;
  return source;
}

ModelSource network_source(std::shared_ptr<const InferenceNet> net, std::string name, int threads, bool alone,
                           ResidualPart part) {
  if (!net) throw std::invalid_argument("model '" + name + "': no network");
  if (part != ResidualPart::Both) {
    if (alone || !net->config().tactical_residual)
      throw std::invalid_argument("model '" + name + "': only a tactical-residual net with its tactical terms has a " +
                                  to_string(part) + " correction alone to apply");
    name += std::string(" (") + to_string(part) + " only)";
  }
  std::string shape = net->config().short_name();
  const double scale = net->config().tactical_residual && !alone ? net->config().tactical_scale : 0;
  const bool net_alone = alone && net->config().tactical_residual;
  const bool placement = net->config().tactical_placement;
  return {std::move(name), torch_evaluators(std::move(net), alone, part), std::move(shape), std::nullopt, threads, scale,
          placement, net_alone};
}

}  // namespace bh
