// chunk_file_sink.cpp — each chunk through core's write_file_atomic, one directory fsync
// per write or batch.
#include "training/broker/chunk_file_sink.h"

#include <unistd.h>

#include <stdexcept>
#include <system_error>

#include "core/platform/atomic_file.h"

namespace bh {

namespace {

constexpr std::string_view kSuffix = ".chunk";
constexpr std::string_view kTempMark = ".tmp-";  // in ".<id>.chunk.tmp-<pid>-<n>"

}  // namespace

ChunkFileSink::ChunkFileSink(std::filesystem::path dir, bool durable) : dir_(std::move(dir)), durable_(durable) {
  std::filesystem::create_directories(dir_);
  // A crash mid-write leaves a temporary file; its entry was never acknowledged and comes
  // back, so the leftover is garbage.
  for (const auto& f : std::filesystem::directory_iterator(dir_)) {
    std::string name = f.path().filename().string();
    if (name.starts_with('.') && name.find(kTempMark) != std::string::npos) std::filesystem::remove(f.path());
  }
}

std::filesystem::path ChunkFileSink::path_for(std::string_view entry_id) const {
  if (!valid_stream_id(entry_id))
    throw std::invalid_argument("chunk file: '" + printable_name(entry_id) + "' is not a stream entry id");
  return dir_ / (std::string(entry_id) + std::string(kSuffix));
}

bool ChunkFileSink::contains(std::string_view entry_id) const { return std::filesystem::exists(path_for(entry_id)); }

bool ChunkFileSink::write(std::string_view entry_id, std::span<const std::uint8_t> bytes) {
  bool fresh = write_file(entry_id, bytes);
  if (fresh && durable_) fsync_directory(dir_);
  return fresh;
}

std::vector<bool> ChunkFileSink::write_batch(std::span<const ChunkEntry> entries) {
  std::vector<bool> fresh;
  fresh.reserve(entries.size());
  bool any = false;
  for (const ChunkEntry& e : entries) {
    fresh.push_back(write_file(e.id, e.bytes()));
    any = any || fresh.back();
  }
  // One fsync makes every rename above durable.
  if (any && durable_) fsync_directory(dir_);
  return fresh;
}

bool ChunkFileSink::write_file(std::string_view entry_id, std::span<const std::uint8_t> bytes) {
  const std::filesystem::path target = path_for(entry_id);
  if (std::filesystem::exists(target)) return false;
  // Hidden, and marked so that a sink opening the directory after a crash removes it.
  const std::filesystem::path temp =
      dir_ / ("." + std::string(entry_id) + std::string(kSuffix) + std::string(kTempMark) +
              std::to_string(::getpid()) + "-" + std::to_string(temp_counter_++));
  write_file_atomic(target, bytes, {durable_ ? FileSync::File : FileSync::None, temp});
  return true;
}

std::vector<std::string> ChunkFileSink::entry_ids() const {
  std::vector<std::string> ids;
  for (const auto& f : std::filesystem::directory_iterator(dir_)) {
    std::string name = f.path().filename().string();
    if (name.size() <= kSuffix.size() || !name.ends_with(kSuffix)) continue;
    std::string id = name.substr(0, name.size() - kSuffix.size());
    if (valid_stream_id(id)) ids.push_back(std::move(id));
  }
  return ids;
}

}  // namespace bh
