// chunk_ingest.cpp — read, write, then acknowledge.
#include "training/broker/chunk_ingest.h"

#include <string>

namespace bh {

IngestBatch ingest_batch(ChunkConsumer& consumer, ChunkFileSink& sink, std::size_t count,
                         std::chrono::milliseconds block) {
  IngestBatch batch;
  std::vector<std::string> done;
  std::vector<ChunkEntry> entries = consumer.read(count, block);
  try {
    for (ChunkEntry& e : entries) {
      std::string id = e.id;
      if (sink.write(id, e.bytes()))
        batch.written.push_back(std::move(e));
      else
        ++batch.already_written;
      done.push_back(std::move(id));
    }
  } catch (...) {
    consumer.ack(done);
    throw;
  }
  consumer.ack(done);
  return batch;
}

}  // namespace bh
