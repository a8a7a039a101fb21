// checkpoint.cpp — envelope + LibTorch archive.
#include "nn/checkpoint.h"

#include <fstream>
#include <iterator>
#include <sstream>

#include <torch/serialize/input-archive.h>
#include <torch/serialize/output-archive.h>

#include "core/platform/atomic_file.h"

namespace bh {

namespace {

std::string join_rules(const RuleSet& rules) {
  std::string s;
  for (const auto& line : describe(rules)) s += line + "\n";
  return s;
}

std::string read_string(torch::serialize::InputArchive& a, const std::string& key) {
  c10::IValue v;
  a.read(key, v);
  return v.toStringRef();
}

std::int64_t read_int(torch::serialize::InputArchive& a, const std::string& key) {
  c10::IValue v;
  a.read(key, v);
  return v.toInt();
}

}  // namespace

void save_checkpoint(const std::filesystem::path& path, const Network& net, const RuleSet& rules,
                     const CheckpointMeta& meta, const torch::optim::Optimizer* optimizer, const Network* trained) {
  torch::serialize::OutputArchive archive;
  archive.write("net_config", c10::IValue(net->config().to_text()));
  archive.write("rules", c10::IValue(join_rules(rules)));
  archive.write("meta_step", c10::IValue(meta.step));
  archive.write("meta_generation", c10::IValue(meta.generation));
  archive.write("meta_config_text", c10::IValue(meta.config_text));
  // Keys of `extra` are free text, not identifiers: store them as two string lists.
  c10::List<std::string> keys, values;
  for (const auto& [k, v] : meta.extra) {
    keys.push_back(k);
    values.push_back(v);
  }
  archive.write("meta_extra_keys", c10::IValue(keys));
  archive.write("meta_extra_values", c10::IValue(values));
  torch::serialize::OutputArchive model;
  net->save(model);
  archive.write("model", model);
  if (trained) {
    torch::serialize::OutputArchive weights;
    (*trained)->save(weights);
    archive.write("trained_model", weights);
  }
  if (optimizer) {
    torch::serialize::OutputArchive opt;
    optimizer->save(opt);
    archive.write("optimizer", opt);
  }
  std::ostringstream payload_stream;
  archive.save_to(payload_stream);
  const std::string payload = std::move(payload_stream).str();

  write_file_atomic(path, seal_checkpoint_envelope(payload));
}

LoadedCheckpoint::LoadedCheckpoint(const std::filesystem::path& path) : path_(path) {
  using Kind = CheckpointError::Kind;
  const std::string what = "checkpoint " + path.string();
  std::ifstream in(path, std::ios::binary);
  if (!in) throw CheckpointError(Kind::Unreadable, "cannot open " + what);
  std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  if (in.bad()) throw CheckpointError(Kind::Unreadable, "cannot read " + what);

  const CheckpointEnvelope envelope = open_checkpoint_envelope(bytes, path.string());
  info_.encoding_version = envelope.encoding_version;
  payload_ = std::string(envelope.payload);

  try {
    torch::serialize::InputArchive archive;
    archive.load_from(payload_.data(), payload_.size());
    info_.net = NetConfig::from_text(read_string(archive, "net_config"));
    info_.rules = parse_rules(read_string(archive, "rules"));
    info_.meta.step = read_int(archive, "meta_step");
    info_.meta.generation = read_int(archive, "meta_generation");
    info_.meta.config_text = read_string(archive, "meta_config_text");
    c10::IValue keys, values;
    archive.read("meta_extra_keys", keys);
    archive.read("meta_extra_values", values);
    auto k = keys.toList(), v = values.toList();
    if (k.size() != v.size()) throw std::invalid_argument("metadata keys and values differ in number");
    for (std::size_t i = 0; i < k.size(); ++i) info_.meta.extra[k.get(i).toStringRef()] = v.get(i).toStringRef();
    torch::serialize::InputArchive opt;
    info_.has_optimizer = archive.try_read("optimizer", opt);
    torch::serialize::InputArchive trained;
    info_.has_trained_weights = archive.try_read("trained_model", trained);
  } catch (const std::exception& e) {
    // The checksum matched, so this is a file written wrongly, not damaged later.
    throw CheckpointError(Kind::Corrupt, what + " is corrupt (its archive does not parse: " + e.what() + ")");
  }
}

Network LoadedCheckpoint::network(c10::Device device) const { return read_network("model", device); }

Network LoadedCheckpoint::trained_network(c10::Device device) const {
  return read_network(info_.has_trained_weights ? "trained_model" : "model", device);
}

void LoadedCheckpoint::load_weights(Network& net) const { read_weights(net, "model"); }

Network LoadedCheckpoint::read_network(const std::string& key, c10::Device device) const {
  Network net(info_.net);
  read_weights(net, key);
  net->to(device);
  return net;
}

void LoadedCheckpoint::read_weights(Network& net, const std::string& key) const {
  if (!(net->config() == info_.net))
    throw CheckpointError(CheckpointError::Kind::Mismatch,
                          "checkpoint " + path_.string() + " holds a " + info_.net.short_name() +
                              " network, not " + net->config().short_name());
  const auto params = net->parameters();
  const c10::Device device = params.empty() ? c10::Device(c10::kCPU) : params.front().device();
  torch::serialize::InputArchive archive, model;
  archive.load_from(payload_.data(), payload_.size(), device);
  archive.read(key, model);
  net->load(model);
}

void LoadedCheckpoint::restore_optimizer(torch::optim::Optimizer& optimizer) const {
  const auto& groups0 = optimizer.param_groups();
  const c10::Device device = groups0.empty() || groups0.front().params().empty()
                                 ? c10::Device(c10::kCPU)
                                 : groups0.front().params().front().device();
  torch::serialize::InputArchive archive, opt;
  archive.load_from(payload_.data(), payload_.size(), device);
  if (!archive.try_read("optimizer", opt))
    throw CheckpointError(CheckpointError::Kind::Mismatch,
                          "checkpoint " + path_.string() + " holds no optimiser state");
  optimizer.load(opt);
  // LibTorch 1.13's load() restores the per-parameter state but reads the param groups'
  // options (lr, betas, weight decay...) only to discard them; resume must not depend on
  // the caller rebuilding them identically, so apply them here. The options' virtual
  // serialize() reads the fields of the concrete optimiser type.
  torch::serialize::InputArchive groups;
  opt.read("param_groups", groups);
  for (std::size_t i = 0; i < optimizer.param_groups().size(); ++i) {
    torch::serialize::InputArchive group, options;
    groups.read("param_groups/" + std::to_string(i), group);
    group.read("options", options);
    optimizer.param_groups()[i].options().serialize(options);
  }
}

}  // namespace bh
