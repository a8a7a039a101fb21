// training_batch.cpp — samples to tensors, in parallel.
#include "training/loop/training_batch.h"

#include <algorithm>
#include <stdexcept>
#include <string>

#include <ATen/ATen.h>
#include <tbb/parallel_for.h>

#include "nn/encoding.h"
#include "nn/policy_map.h"
#include "nn/shape.h"

namespace bh {

TrainingBatch build_batch(std::span<const Sample* const> samples, double q_weight) {
  const auto n = std::int64_t(samples.size());
  TrainingBatch b;
  b.planes = at::empty({n, kInputPlanes, kInputHeight, kInputWidth}, at::kFloat);
  b.policy = at::zeros({n, kPolicySize}, at::kFloat);
  b.policy_weight = at::zeros({n}, at::kFloat);
  b.wdl = at::zeros({n, 3}, at::kFloat);
  float* planes = b.planes.data_ptr<float>();
  float* policy = b.policy.data_ptr<float>();
  float* weight = b.policy_weight.data_ptr<float>();
  float* wdl = b.wdl.data_ptr<float>();

  tbb::parallel_for(std::int64_t(0), n, [&](std::int64_t i) {
    const Sample& s = *samples[std::size_t(i)];
    MatchView view;
    try {
      view = MatchView::unpack(s.view);
    } catch (const std::invalid_argument& e) {
      throw std::invalid_argument("training sample " + std::to_string(i) + ": " + e.what());
    }
    encode(view, std::span<float, kInputSize>(planes + i * kInputSize, kInputSize));
    const Color mover = color_of(s.seat);
    float* row = policy + i * kPolicySize;
    float mass = 0;
    for (const PolicyEntry& e : s.policy) {
      const int index = policy_index(Move::from_raw(e.move), mover);
      if (index < 0 || index >= kPolicySize)
        throw std::invalid_argument("training sample " + std::to_string(i) + ": move " + std::to_string(e.move) +
                                    " has no policy index");
      row[index] += e.probability;
      mass += e.probability;
    }
    if (s.full_search && mass > 0) {
      for (const PolicyEntry& e : s.policy) row[policy_index(Move::from_raw(e.move), mover)] /= mass;
      weight[i] = 1;
    } else {
      for (const PolicyEntry& e : s.policy) row[policy_index(Move::from_raw(e.move), mover)] = 0;
    }
    float* target = wdl + i * 3;
    target[s.result > 0 ? 0 : (s.result == 0 ? 1 : 2)] = float(1 - q_weight);
    const double q = std::clamp<double>(s.root_value, -1, 1);
    target[0] += float(q_weight * (1 + q) / 2);
    target[2] += float(q_weight * (1 - q) / 2);
  });
  return b;
}

}  // namespace bh
