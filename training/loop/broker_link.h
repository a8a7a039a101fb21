// broker_link.h — the trainer's side of distributed self-play: it publishes each net
// (version = generation) to the broker and collects a generation's matches from the
// workers' chunk stream instead of playing them. Every chunk is validated
// (chunk_validation.h), written to chunks/<stream id>.chunk and only then acknowledged
// (broker/chunk_stream.h). Stream ids grow, so the chunks after the last one a
// checkpoint recorded are the unfinished generation's: a resumed trainer counts them from
// their headers and collects only what is missing.
#pragma once

#include <cstdint>
#include <string>

#include "training/broker/chunk_file_sink.h"
#include "training/broker/chunk_ingest.h"
#include "training/broker/model_store.h"
#include "training/broker/redis_connection.h"
#include "training/broker/worker_registry.h"
#include "training/loop/chunk_validation.h"
#include "training/loop/run_context.h"

namespace bh {

class BrokerLink {
 public:
  BrokerLink(const std::string& url, const Config& config, const RunDirectory& dir, InterruptWatch& interrupt);

  // Publishes the trainer's current net as `version` (weights and the run's configuration,
  // not the optimiser state); a resumed trainer keeps a version already there.
  void publish(RunContext& run, std::int64_t version);
  // Collects until generation `g` has [run] matches_per_generation matches, counting those
  // already on disk after run.state.broker_entry. Returns false when stopped. Sets
  // run.state.broker_entry to the newest entry on disk.
  bool collect(RunContext& run, std::int64_t g);

 private:
  RedisConnection connection_;
  ModelStore nets_;
  ChunkConsumer consumer_;
  ChunkFileSink sink_;
  WorkerRegistry registry_;
  ChunkPolicy policy_;
};

}  // namespace bh
