// worker.h — the worker's side of distributed self-play (`bughouse worker`): fetch the
// trainer's current net (verified by SHA-256) with the run's configuration in its
// metadata, play rounds of matches with it on this machine's threads, publish each
// finished chunk to the broker's stream, report a heartbeat, and between rounds pick up a
// newer net. Killed, a worker loses only what it had not yet published; restarted, it
// joins again. The trainer's side is training/loop/broker_link.h.
#pragma once

#include <string>

namespace bh {

struct WorkerOptions {
  std::string broker;        // redis://[user:password@]host:port/db
  std::string name;          // [A-Za-z0-9._-]; empty: <host>-<pid>
  int threads = 0;           // self-play threads; 0: the run configuration's [selfplay] workers
  int matches_per_round = 0; // matches between checks for a newer net; 0: threads x concurrent_matches
};

// Plays until Ctrl-C or SIGTERM, then leaves the worker registry and returns. Throws on a
// bad name or URL, and when the broker stays unreachable for an hour.
void run_worker(const WorkerOptions& options);

}  // namespace bh
