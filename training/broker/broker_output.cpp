// broker_output.cpp — per-worker chunks, published from the driving thread.
#include "training/broker/broker_output.h"

namespace bh {

BrokerOutput::BrokerOutput(ChunkProducer& producer, std::string worker_name, int workers, int matches_per_chunk,
                           ChunkProvenance provenance)
    : producer_(producer),
      name_(std::move(worker_name)),
      matches_per_chunk_(matches_per_chunk),
      provenance_(provenance),
      pending_(std::size_t(workers)) {}

void BrokerOutput::hand_over(Pending& pending) {
  std::lock_guard guard(lock_);
  ready_.push_back(std::move(pending));
  pending = {};
}

void BrokerOutput::add(int worker, FinishedMatch&& match) {
  Pending& p = pending_[std::size_t(worker)];
  for (Sample& s : match.samples) p.samples.push_back(std::move(s));
  if (++p.matches >= matches_per_chunk_) hand_over(p);
}

void BrokerOutput::tick() {
  for (;;) {
    Pending chunk;
    {
      std::lock_guard guard(lock_);
      if (ready_.empty()) return;
      chunk = std::move(ready_.front());
      ready_.pop_front();
    }
    if (chunk.samples.empty()) continue;
    ChunkProvenance provenance = provenance_;
    provenance.matches = std::uint32_t(chunk.matches);
    const auto bytes = encode_chunk(chunk.samples, provenance);
    producer_.publish(bytes, {name_, provenance.net_version, std::int64_t(chunk.samples.size()), chunk.matches});
    matches_ += chunk.matches;
    ++chunks_;
  }
}

void BrokerOutput::finish() {
  for (Pending& p : pending_)
    if (p.matches > 0) hand_over(p);
  tick();
}

}  // namespace bh
