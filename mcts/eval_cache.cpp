// eval_cache.cpp — keys from the packed, bucketed view; a fixed table of slots.
#include "mcts/eval_cache.h"

#include <array>
#include <cstring>

#include "mcts/rng.h"

namespace bh {

namespace {

std::int64_t round_down(std::int64_t ms, std::int64_t bucket) { return bucket > 1 ? ms - ms % bucket : ms; }

// Folds 64-bit words into a hash (splitmix64 of the running state and each word).
std::uint64_t fold(std::uint64_t h, std::uint64_t word) {
  std::uint64_t s = h ^ word;
  return splitmix64(s);
}

}  // namespace

EvalCache::EvalCache(Evaluator& inner, EvalCacheConfig config) : inner_(inner), config_(config) {
  slots_.resize(config_.entries);
}

MatchView EvalCache::bucketed(const MatchView& view) const {
  MatchView v = view;
  for (auto& c : v.clocks_ms) c = round_down(c, config_.clock_bucket_ms);
  v.other_thinking_ms = round_down(v.other_thinking_ms, config_.clock_bucket_ms);
  return v;
}

std::uint64_t EvalCache::key(const EvalRequest& request) const {
  std::array<std::uint8_t, MatchView::kPackedSize> packed{};
  bucketed(*request.view).pack(packed);
  std::uint64_t h = 0x6A09E667F3BCC908ULL;
  for (std::size_t i = 0; i < packed.size(); i += 8) {
    std::uint64_t word = 0;
    std::memcpy(&word, packed.data() + i, 8);
    h = fold(h, word);
  }
  // The actions are a function of the position but for the wait, which the caller may
  // offer or not (GameState::wait_allowed).
  h = fold(h, request.actions.size());
  for (const Move m : request.actions) h = fold(h, m.raw());
  return h;
}

bool EvalCache::find(std::uint64_t key, Evaluation& out) {
  std::lock_guard lock(mutex_);
  ++lookups_;
  const Slot& slot = slots_[key % slots_.size()];
  if (!slot.used || slot.key != key) return false;
  ++hits_;
  out.priors.assign(slot.result.priors.begin(), slot.result.priors.end());
  out.wdl = slot.result.wdl;
  out.value = slot.result.value;
  return true;
}

void EvalCache::store(std::uint64_t key, const Evaluation& result) {
  std::lock_guard lock(mutex_);
  Slot& slot = slots_[key % slots_.size()];
  if (!slot.used) ++filled_;
  slot.used = true;
  slot.key = key;
  slot.result.priors.assign(result.priors.begin(), result.priors.end());
  slot.result.wdl = result.wdl;
  slot.result.value = result.value;
}

void EvalCache::evaluate(std::span<const EvalRequest> batch, std::span<Evaluation> out) {
  if (slots_.empty()) return inner_.evaluate(batch, out);
  std::vector<std::uint64_t> keys(batch.size());
  std::vector<std::size_t> missed;
  for (std::size_t i = 0; i < batch.size(); ++i) {
    keys[i] = key(batch[i]);
    if (!find(keys[i], out[i])) missed.push_back(i);
  }
  if (missed.empty()) return;
  std::vector<MatchView> views(missed.size());
  std::vector<EvalRequest> requests(missed.size());
  for (std::size_t j = 0; j < missed.size(); ++j) {
    views[j] = bucketed(*batch[missed[j]].view);
    requests[j] = {&views[j], batch[missed[j]].actions};
  }
  std::vector<Evaluation> results(missed.size());
  inner_.evaluate(requests, results);
  for (std::size_t j = 0; j < missed.size(); ++j) {
    store(keys[missed[j]], results[j]);
    out[missed[j]] = std::move(results[j]);
  }
}

void EvalCache::resize(std::size_t entries) {
  std::lock_guard lock(mutex_);
  config_.entries = entries;
  slots_.assign(entries, Slot{});
  filled_ = 0;
}

EvalCacheStats EvalCache::stats() const {
  std::lock_guard lock(mutex_);
  return {lookups_, hits_, filled_, slots_.size()};
}

void EvalCache::reset_stats() {
  std::lock_guard lock(mutex_);
  lookups_ = hits_ = 0;
}

}  // namespace bh
