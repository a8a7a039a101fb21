// chunk_validation.h — what the trainer checks in a chunk from another machine before it
// enters the replay window (distributed self-play): the format (version, checksums, sizes, via
// decode_chunk), every packed view (a real position, the seat to move on its board), the
// result (-1, 0 or +1), the policy (finite probabilities in [0, 1] summing to at most 1,
// every move legal for that seat in that position, or the wait action), and the net
// version against the window policy: chunks played by a net more than `max_net_lag`
// generations older than the current one are refused as stale.
#pragma once

#include <cstdint>
#include <span>
#include <string>

#include "core/rules.h"

namespace bh {

struct ChunkPolicy {
  RuleSet rules;
  std::int64_t current_net = 0;  // the newest published net version
  std::int64_t max_net_lag = 2;  // accept nets current_net - max_net_lag .. current_net
};

// "" when the chunk may enter the window, else why not (naming the sample). The net
// version is the samples' own (all samples of a chunk must share it).
std::string validate_chunk(std::span<const std::uint8_t> bytes, const ChunkPolicy& policy);

}  // namespace bh
