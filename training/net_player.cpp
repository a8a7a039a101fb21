// net_player.cpp — checkpoints as evaluators and players.
#include "training/net_player.h"

#include "nn/checkpoint.h"

namespace bh {

InferenceOptions inference_options(const NetworkSettings& network) {
  InferenceOptions o;
  o.device = resolve_device(network.device);
  o.precision = parse_precision(network.precision);
  return o;
}

std::shared_ptr<const InferenceNet> load_inference_net(const std::filesystem::path& checkpoint,
                                                       const InferenceOptions& options) {
  LoadedCheckpoint ckpt(checkpoint);
  Network net = ckpt.network(c10::kCPU);
  net->eval();
  return InferenceNet::create(net, options);
}

NetPlayer::NetPlayer(std::shared_ptr<const InferenceNet> net, const SearchConfig& search, const TurnModel& turn,
                     std::uint64_t seed, std::string name)
    : evaluator_(std::move(net)), player_(evaluator_, search, turn, seed), name_(std::move(name)) {}

ArenaSide net_side(std::string name, std::shared_ptr<const InferenceNet> net, SearchConfig search, TurnModel turn) {
  return {name, [=](std::uint64_t seed) { return std::make_unique<NetPlayer>(net, search, turn, seed, name); }};
}

}  // namespace bh
