// worker_registry.h — who is playing, how fast, with which net.
//
// Each worker writes a hash <prefix>:<name> (name, host, games, evals/s, net version,
// last-seen) every few seconds with a TTL, and adds its name to the set <prefix>s. A
// worker that stops (crash, SIGKILL, lost network) drops out of the list when its hash
// expires, with no one cleaning up. The trainer and `bughouse workers` read the set and
// the hashes (not a SCAN: the broker holds many other keys), and prune names whose hash
// has expired.
#pragma once

#include <chrono>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "training/broker/redis_connection.h"

namespace bh {

struct WorkerStatus {
  std::string name;   // the worker name rule of chunk_entry.h
  std::string host;   // free text for people (hostname); at most 255 bytes
  std::int64_t games = 0;         // matches finished since the worker started
  double evals_per_s = 0;         // network evaluations per second, recent average
  std::int64_t net_version = -1;  // the net it plays with (-1: none yet)
  std::int64_t last_seen_ms = 0;  // Unix milliseconds of the heartbeat, worker's clock
};

struct WorkerRegistryOptions {
  std::string prefix = "bh:worker";
  // A worker not heard from for this long is gone. Several heartbeat periods.
  std::chrono::seconds ttl{30};
};

class WorkerRegistry {
 public:
  explicit WorkerRegistry(RedisConnection& conn, WorkerRegistryOptions options = {});

  // Worker: writes its status (last_seen_ms is set to now) and renews the TTL, in one
  // transaction so a key never lives without its TTL. Throws std::invalid_argument for a
  // bad name.
  void heartbeat(WorkerStatus status);
  // Worker leaving cleanly: drops out of the list at once.
  void remove(std::string_view name);
  // Trainer: live workers, sorted by name.
  std::vector<WorkerStatus> live();
  // A table for `bughouse workers`: name, host, games, evals/s, net, seconds since seen.
  static std::string format(const std::vector<WorkerStatus>& workers, std::int64_t now_ms);

  std::string key(std::string_view name) const;
  std::string set_key() const;

 private:
  RedisConnection& conn_;
  WorkerRegistryOptions options_;
};

}  // namespace bh
