// chunk_ingest.cpp — read, write, then acknowledge.
#include "training/broker/chunk_ingest.h"

#include <string>

namespace bh {

IngestBatch ingest_batch(ChunkConsumer& consumer, ChunkFileSink& sink, std::size_t count,
                         std::chrono::milliseconds block) {
  IngestBatch batch;
  std::vector<ChunkEntry> entries = consumer.read(count, block);
  if (entries.empty()) return batch;
  // Throws before anything is acknowledged when the disk refuses: the whole batch stays
  // pending and comes back; files that did get written are found then.
  std::vector<bool> fresh = sink.write_batch(entries);
  std::vector<std::string> ids;
  ids.reserve(entries.size());
  for (std::size_t i = 0; i < entries.size(); ++i) {
    ids.push_back(entries[i].id);
    if (fresh[i])
      batch.written.push_back(std::move(entries[i]));
    else
      ++batch.already_written;
  }
  consumer.ack(ids);  // only now: every file of the batch is durable
  return batch;
}

}  // namespace bh
