// net_source.cpp — loading a checkpoint or building a fresh net for the engines.
#include "training/engine/net_source.h"

#include <filesystem>

#include <torch/utils.h>

#include "nn/checkpoint.h"
#include "nn/model.h"
#include "nn/torch_evaluator.h"

namespace bh {

NetSource load_net_source(const std::string& model, const std::string& device_name, std::uint64_t fresh_seed) {
  const c10::Device device = resolve_device(device_name);
  NetSource source;
  InferenceOptions options;
  options.device = device;
  if (model == "fresh") {
    torch::manual_seed(fresh_seed);  // a fresh net is the same net on every run
    Network net(NetConfig::small());
    net->eval();
    source.net = InferenceNet::create(net, options);
    source.name = "fresh-" + NetConfig::small().short_name();
    return source;
  }
  LoadedCheckpoint checkpoint(model);
  Network net = checkpoint.network();
  net->eval();
  source.net = InferenceNet::create(net, options);
  source.name = std::filesystem::path(model).filename().string();
  source.rules = checkpoint.info().rules;
  return source;
}

std::unique_ptr<Evaluator> make_net_evaluator(const NetSource& source, int threads, int max_batch) {
  return std::make_unique<TorchEvaluator>(source.net, TorchEvaluatorOptions{threads, max_batch});
}

}  // namespace bh
