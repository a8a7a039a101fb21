// model_store.cpp — versioned blobs with a digest, and the version key written last.
#include "training/broker/model_store.h"

#include <cassert>

#include "training/broker/sha256.h"

namespace bh {

namespace {

std::int64_t unix_ms() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::system_clock::now().time_since_epoch())
      .count();
}

std::string_view as_text(std::span<const std::uint8_t> bytes) {
  return {reinterpret_cast<const char*>(bytes.data()), bytes.size()};
}

}  // namespace

ModelStore::ModelStore(RedisConnection& conn, ModelStoreOptions options) : conn_(conn), options_(std::move(options)) {
  if (options_.prefix.empty()) throw std::invalid_argument("model store: the key prefix is empty");
  if (options_.old_version_ttl.count() < 1) throw std::invalid_argument("model store: old_version_ttl must be >= 1 s");
}

std::string ModelStore::blob_key(std::int64_t v) const { return options_.prefix + ":blob:" + std::to_string(v); }
std::string ModelStore::meta_key(std::int64_t v) const { return options_.prefix + ":meta:" + std::to_string(v); }
std::string ModelStore::version_key() const { return options_.prefix + ":version"; }

std::string ModelStore::publish(std::int64_t version, std::span<const std::uint8_t> blob) {
  if (version < 0) throw std::invalid_argument("model store: version " + std::to_string(version) + " is negative");
  if (blob.empty()) throw std::invalid_argument("model store: net version " + std::to_string(version) + " is empty");
  if (blob.size() > options_.max_blob_bytes)
    throw std::invalid_argument("model store: net version " + std::to_string(version) + " has " +
                                std::to_string(blob.size()) + " bytes, limit " + std::to_string(options_.max_blob_bytes));
  const std::string digest = sha256_hex(blob);
  const std::optional<std::int64_t> current = current_version();
  if (current && *current > version)
    throw ModelStoreError("model store: cannot publish net version " + std::to_string(version) +
                          ": version " + std::to_string(*current) + " is already published");
  if (current && *current == version) {
    RedisReply old = conn_.command({"HGET", meta_key(version), "sha256"});
    if (!old.is_nil() && old.str() != digest)
      throw ModelStoreError("model store: net version " + std::to_string(version) +
                            " is already published with other bytes (sha256 " + old.string() + ")");
  }
  const std::string v = std::to_string(version);
  const std::string size = std::to_string(blob.size());
  const std::string now = std::to_string(unix_ms());
  const std::string blob_k = blob_key(version), meta_k = meta_key(version), version_k = version_key();
  // One transaction, version key last: no reader can see the new number without the
  // blob. The DEL makes the meta hash exactly these fields, whatever was there.
  conn_.transaction({
      {"SET", blob_k, as_text(blob)},
      {"DEL", meta_k},
      {"HSET", meta_k, "version", v, "sha256", digest, "bytes", size, "published_ms", now},
      {"SET", version_k, v},
  });
  if (current && *current != version) {
    const std::string ttl = std::to_string(options_.old_version_ttl.count());
    conn_.pipeline({{"EXPIRE", blob_key(*current), ttl}, {"EXPIRE", meta_key(*current), ttl}});
  }
  return digest;
}

std::optional<std::int64_t> ModelStore::current_version() {
  RedisReply r = conn_.command({"GET", version_key()});
  if (r.is_nil()) return std::nullopt;
  return r.as_int();
}

NetBlob ModelStore::fetch(std::int64_t version) {
  const std::string what = "net version " + std::to_string(version);
  std::vector<RedisReply> r = conn_.pipeline({{"HGETALL", meta_key(version)}, {"GET", blob_key(version)}});
  const ReplyView meta = r[0];
  const ReplyView blob = r[1];
  if (meta.size() == 0 || blob.is_nil())
    throw ModelStoreError("model store: " + what + " is not in the broker (never published, or replaced and expired)");
  NetBlob out;
  out.version = version;
  std::optional<std::int64_t> size;
  for (std::size_t i = 0; i + 1 < meta.size(); i += 2) {
    std::string_view key = meta[i].str();
    if (key == "sha256") out.sha256 = meta[i + 1].string();
    if (key == "bytes") size = meta[i + 1].as_int();
    if (key == "published_ms") out.published_ms = meta[i + 1].as_int();
  }
  if (out.sha256.size() != 64) throw ModelIntegrityError("model store: " + what + " has no valid sha256 in its metadata");
  std::span<const std::uint8_t> bytes = blob.bytes();
  if (size && *size != std::int64_t(bytes.size()))
    throw ModelIntegrityError("model store: " + what + ": downloaded " + std::to_string(bytes.size()) +
                              " bytes, published " + std::to_string(*size));
  std::string actual = sha256_hex(bytes);
  if (actual != out.sha256)
    throw ModelIntegrityError("model store: " + what + ": sha256 mismatch: published " + out.sha256 + ", downloaded " +
                              actual);
  out.bytes.assign(bytes.begin(), bytes.end());
  return out;
}

std::optional<NetBlob> ModelStore::fetch_if_newer(std::int64_t have) {
  // The version can move on between our GET and the download, and the old blob expire;
  // a few tries see a stable pair unless the trainer publishes every few milliseconds.
  constexpr int kTries = 3;
  for (int attempt = 1;; ++attempt) {
    std::optional<std::int64_t> current = current_version();
    if (!current || *current <= have) return std::nullopt;
    try {
      return fetch(*current);
    } catch (const ModelStoreError&) {
      if (attempt == kTries) throw;
    }
  }
}

}  // namespace bh
