// model_store.h — the current net, from the trainer to every worker.
//
// Keys (prefix "bh:net"):
//   <prefix>:blob:<v>   the net's bytes (opaque to this layer: a checkpoint or export)
//   <prefix>:meta:<v>   hash: version, sha256 (hex), bytes, published_ms
//   <prefix>:version    the current version number
// The trainer writes blob and meta, then the version key last, in one MULTI/EXEC, so a
// reader that sees version v always finds v's blob. Keys of a version never change once
// written; the previous version's keys expire after a grace period, long enough for a
// worker that read the old version number to finish its download.
//
// A worker polls current_version() (one small GET) between matches and downloads the blob
// only when it is newer; fetch() verifies the SHA-256 against the published digest and
// throws ModelIntegrityError on a mismatch.
//
// One trainer publishes; any number of workers read.
#pragma once

#include <chrono>
#include <cstdint>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <vector>

#include "training/broker/redis_connection.h"

namespace bh {

// The downloaded bytes do not match the published digest or size.
class ModelIntegrityError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// The version asked for is not in the broker (never published, or expired), or a publish
// would move the version backwards.
class ModelStoreError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

struct NetBlob {
  std::int64_t version = 0;
  std::string sha256;  // lower-case hex
  std::int64_t published_ms = 0;  // trainer's clock, Unix milliseconds
  std::vector<std::uint8_t> bytes;
};

struct ModelStoreOptions {
  std::string prefix = "bh:net";
  // How long a replaced version stays downloadable.
  std::chrono::seconds old_version_ttl{600};
  // Largest blob accepted; Redis refuses values over 512 MB (proto-max-bulk-len).
  std::size_t max_blob_bytes = 512u << 20;
};

class ModelStore {
 public:
  explicit ModelStore(RedisConnection& conn, ModelStoreOptions options = {});

  // Trainer: publishes the net as `version` (>= 0) and returns its SHA-256 hex digest.
  // Publishing the current version again with the same bytes is allowed (it restores the
  // keys of a broker that lost them); older versions, or the current one with other
  // bytes, throw ModelStoreError.
  std::string publish(std::int64_t version, std::span<const std::uint8_t> blob);
  // Worker: the current version, or nullopt before the first publish.
  std::optional<std::int64_t> current_version();
  // Worker: downloads and verifies one version. Throws ModelStoreError when it is not
  // there, ModelIntegrityError when the bytes do not match the digest.
  NetBlob fetch(std::int64_t version);
  // Worker: the current net when its version is newer than `have` (-1: none yet), else
  // nullopt. Retries when the trainer publishes again during the download.
  std::optional<NetBlob> fetch_if_newer(std::int64_t have);

  std::string blob_key(std::int64_t version) const;
  std::string meta_key(std::int64_t version) const;
  std::string version_key() const;

 private:
  RedisConnection& conn_;
  ModelStoreOptions options_;
};

}  // namespace bh
