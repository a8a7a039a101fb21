// model_spec.cpp — the words of a model spec.
#include "training/players/model_spec.h"

#include <stdexcept>

namespace bh {

ModelKind model_kind(std::string_view spec) {
  if (spec.empty()) throw std::invalid_argument("model spec is empty (uniform, material, tactical, fresh or a checkpoint file)");
  if (spec == "uniform") return ModelKind::Uniform;
  if (spec == "material") return ModelKind::Material;
  if (spec == "tactical") return ModelKind::Tactical;
  if (spec == "fresh") return ModelKind::Fresh;
  return ModelKind::Checkpoint;
}

}  // namespace bh
