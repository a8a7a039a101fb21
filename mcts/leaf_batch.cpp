// leaf_batch.cpp — building the evaluator's request batch from the collected leaves.
#include "mcts/leaf_batch.h"

#include <cassert>
#include <cmath>
#include <stdexcept>
#include <string>

namespace bh {

LeafBatch::LeafBatch(int capacity) : leaves_(std::size_t(capacity)), results_(std::size_t(capacity)) {
  if (capacity < 1) throw std::invalid_argument("leaf batch capacity must be at least 1");
  requests_.reserve(std::size_t(capacity));
}

void LeafBatch::evaluate(Evaluator& evaluator) {
  requests_.clear();
  for (int i = 0; i < size_; ++i) {
    const PendingLeaf& l = leaves_[i];
    requests_.push_back({&l.view, std::span<const Move>(l.actions.begin(), l.actions.end())});
  }
  evaluator.evaluate(requests_, std::span<Evaluation>(results_.data(), std::size_t(size_)));
  for (int i = 0; i < size_; ++i) {
    if (results_[i].priors.size() != std::size_t(leaves_[i].actions.size))
      throw std::runtime_error("evaluator " + evaluator.name() + " returned " +
                               std::to_string(results_[i].priors.size()) + " priors for " +
                               std::to_string(leaves_[i].actions.size) + " actions");
    if (!std::isfinite(results_[i].value))
      throw std::runtime_error("evaluator " + evaluator.name() + " returned a value that is not finite");
  }
}

}  // namespace bh
