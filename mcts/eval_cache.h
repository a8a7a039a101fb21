// eval_cache.h — a cache of network results in front of an Evaluator, keyed by the
// position: both boards with reserves, the seat to decide, the counters the network sees
// and the clocks bucketed (EvalCacheConfig::clock_bucket_ms), so that the same position
// reached by another move order, or searched again at the next decision, is not sent to
// the network twice. A miss is evaluated with its clocks bucketed too, so a cached result
// is exactly what the network says for its key: the search's outcome does not depend on
// what the cache held (mcts/README.md "Evaluation cache").
//
// Fixed size, one entry a slot, a new result replaces the old (Stockfish's transposition
// table policy: recent positions matter most to a search). Threading: lookups and stores
// take a lock, so threads may share one cache; the inner evaluator is called without it,
// under the inner evaluator's own contract.
#pragma once

#include <cstddef>
#include <cstdint>
#include <mutex>
#include <vector>

#include "mcts/evaluator.h"

namespace bh {

struct EvalCacheConfig {
  std::size_t entries = 1 << 16;     // 0 = no cache: every request goes to the inner evaluator
  std::int64_t clock_bucket_ms = 250; // clocks (and the other mover's thinking time) rounded down to this
};

struct EvalCacheStats {
  std::uint64_t lookups = 0, hits = 0;
  std::size_t filled = 0, entries = 0;  // slots holding a result, of all slots
  double hit_rate() const { return lookups ? double(hits) / double(lookups) : 0.0; }
  int permille_full() const { return entries ? int(filled * 1000 / entries) : 0; }
};

class EvalCache final : public Evaluator {
 public:
  // `inner` must outlive the cache.
  EvalCache(Evaluator& inner, EvalCacheConfig config = {});

  void evaluate(std::span<const EvalRequest> batch, std::span<Evaluation> out) override;
  std::string name() const override { return inner_.name(); }

  // Empties the cache and sets its size (results of another network must not survive it).
  void resize(std::size_t entries);
  void clear() { resize(config_.entries); }
  EvalCacheStats stats() const;
  // Forgets the counters (not the results): the next stats() count from here.
  void reset_stats();

  // The key of a request: the bucketed view and the actions offered.
  std::uint64_t key(const EvalRequest& request) const;
  // `view` with its clocks bucketed: what a miss is evaluated on.
  MatchView bucketed(const MatchView& view) const;

 private:
  struct Slot {
    std::uint64_t key = 0;
    bool used = false;
    Evaluation result;
  };
  bool find(std::uint64_t key, Evaluation& out);
  void store(std::uint64_t key, const Evaluation& result);

  Evaluator& inner_;
  EvalCacheConfig config_;
  mutable std::mutex mutex_;
  std::vector<Slot> slots_;
  std::size_t filled_ = 0;
  std::uint64_t lookups_ = 0, hits_ = 0;
};

}  // namespace bh
