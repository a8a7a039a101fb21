// model_loader.cpp — specs to sources: the stand-ins here, networks through the loader given.
#include "training/players/model_loader.h"

#include <filesystem>
#include <stdexcept>
#include <system_error>

#include "mcts/simple_evaluators.h"
#include "training/players/model_spec.h"

namespace bh {

namespace {

template <class E>
ModelSource stand_in(std::string name) {
  ModelSource source;
  source.name = std::move(name);
  source.make = [](int, int) -> std::unique_ptr<Evaluator> { return std::make_unique<E>(); };
  return source;
}

// A spec that is none of the words names a file: a typo ("unifrom") is told as such
// rather than as an unreadable checkpoint.
void require_file(const std::string& spec) {
  std::error_code ec;
  if (!std::filesystem::exists(spec, ec))
    throw std::invalid_argument("model '" + spec + "': no such checkpoint file (a model is uniform, material, tactical, "
                                "fresh or a checkpoint file)");
  if (std::filesystem::is_directory(spec, ec))
    throw std::invalid_argument("model '" + spec + "': is a directory, not a checkpoint file");
}

}  // namespace

ModelSource ModelLoader::load(const std::string& spec) const {
  const ModelKind kind = model_kind(spec);
  if (kind == ModelKind::Uniform) return stand_in<UniformEvaluator>("uniform");
  if (kind == ModelKind::Material) return stand_in<MaterialEvaluator>("material");
  if (kind == ModelKind::Tactical) return stand_in<TacticalEvaluator>("tactical");
  if (kind == ModelKind::Checkpoint) require_file(spec);
  if (!networks_)
    throw std::invalid_argument("model '" + spec + "': a network needs the LibTorch build of bughouse "
                                "(without it: uniform, material or tactical)");
  return networks_(spec);
}

}  // namespace bh
