// chunk_ingest.h — one step of the trainer's ingest loop, the delivery protocol of
// chunk_stream.h in code: read a batch, write each chunk to its file (skipping files that
// exist), then acknowledge. A crash anywhere in between loses nothing and duplicates
// nothing in the run directory.
#pragma once

#include <chrono>
#include <cstddef>
#include <vector>

#include "training/broker/chunk_file_sink.h"
#include "training/broker/chunk_stream.h"

namespace bh {

struct IngestBatch {
  std::vector<ChunkEntry> written;  // new in the directory: hand these to the replay buffer
  std::size_t already_written = 0;  // re-deliveries whose file existed: only acknowledged
};

// Files of a batch are written with one directory fsync (ChunkFileSink::write_batch) and
// acknowledged with one XACK. Throws what the sink or the broker throws; then nothing of
// the batch is acknowledged, and it all comes back (files already written are skipped).
IngestBatch ingest_batch(ChunkConsumer& consumer, ChunkFileSink& sink, std::size_t count,
                         std::chrono::milliseconds block);

}  // namespace bh
