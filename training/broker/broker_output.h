// broker_output.h — self-play matches to a broker's chunk stream (`bughouse worker`): each
// worker thread gathers its matches into chunks of matches_per_chunk; the driving thread
// publishes the finished chunks (the Redis connection is used from that thread only).
#pragma once

#include <deque>
#include <mutex>
#include <string>
#include <vector>

#include "mcts/chunk.h"
#include "training/broker/chunk_stream.h"
#include "mcts/selfplay_driver.h"

namespace bh {

class BrokerOutput final : public MatchOutput {
 public:
  // `provenance` goes into each chunk header (matches filled in per chunk).
  BrokerOutput(ChunkProducer& producer, std::string worker_name, int workers, int matches_per_chunk,
               ChunkProvenance provenance);
  void add(int worker, FinishedMatch&& match) override;
  void tick() override;  // publishes the chunks that are ready
  void finish() override;
  int chunks() const override { return chunks_; }
  std::int64_t matches_published() const { return matches_; }

 private:
  struct Pending {
    std::vector<Sample> samples;
    int matches = 0;
  };
  void hand_over(Pending& pending);

  ChunkProducer& producer_;
  std::string name_;
  int matches_per_chunk_;
  ChunkProvenance provenance_;
  std::vector<Pending> pending_;  // one per worker, touched by that worker only
  std::mutex lock_;
  std::deque<Pending> ready_;     // guarded by lock_
  int chunks_ = 0;
  std::int64_t matches_ = 0;
};

}  // namespace bh
