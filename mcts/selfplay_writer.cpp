// selfplay_writer.cpp — chunk + BPGN files of finished self-play matches, in commit order.
#include "mcts/selfplay_writer.h"

#include <cstdio>
#include <stdexcept>

#include "core/platform/atomic_file.h"
#include "core/bpgn.h"
#include "core/platform/write_boundary.h"

namespace bh {

namespace fs = std::filesystem;

namespace {

constexpr const char* kPending = ".bpgn.pending";

// Renames the pending record into place (a boundary a kill may fall on, like the others).
void publish_record(const fs::path& pending, const fs::path& record) {
  fs::rename(pending, record);
  write_boundary("renamed", record);
}

}  // namespace

SelfPlayWriter::SelfPlayWriter(fs::path dir, std::string stem, int matches_per_chunk,
                               std::vector<std::pair<std::string, std::string>> tags, ChunkProvenance provenance)
    : dir_(std::move(dir)),
      stem_(std::move(stem)),
      matches_per_chunk_(matches_per_chunk),
      tags_(std::move(tags)),
      provenance_(provenance) {
  if (matches_per_chunk_ < 1) throw std::invalid_argument("matches per chunk must be at least 1");
  fs::create_directories(dir_ / "chunks");
  fs::create_directories(dir_ / "games");
}

void SelfPlayWriter::add(FinishedMatch&& match) {
  auto tags = tags_;
  tags.emplace_back("Round", std::to_string(match.index + 1));
  bpgn_ += write_bpgn(match.record, tags) + "\n";
  for (Sample& s : match.samples) samples_.push_back(std::move(s));
  if (++queued_ >= matches_per_chunk_) flush();
}

void SelfPlayWriter::flush() {
  if (queued_ == 0) return;
  char number[16];
  std::snprintf(number, sizeof number, "%06d", chunks_);
  const std::string name = stem_ + "-" + number;
  const auto chunk = dir_ / "chunks" / (name + ".chunk");
  const auto record = dir_ / "games" / (name + ".bpgn");
  const auto pending = pending_record_path(dir_, name);
  ChunkProvenance provenance = provenance_;
  provenance.matches = std::uint32_t(queued_);
  write_file_atomic(pending, bpgn_);
  write_chunk(chunk, samples_, provenance);  // the commit point
  publish_record(pending, record);
  files_.push_back(chunk);
  files_.push_back(record);
  samples_.clear();
  bpgn_.clear();
  queued_ = 0;
  ++chunks_;
}

fs::path pending_record_path(const fs::path& dir, const std::string& name) { return dir / "games" / (name + kPending); }

SettledRecords settle_pending_records(const fs::path& dir) {
  const std::string_view suffix = kPending;
  std::vector<std::string> names;  // gathered first: renaming while iterating may skip files
  std::error_code ec;
  for (const auto& e : fs::directory_iterator(dir / "games", ec)) {
    const std::string file = e.path().filename().string();
    if (file.size() > suffix.size() && file.ends_with(suffix)) names.push_back(file.substr(0, file.size() - suffix.size()));
  }
  SettledRecords settled;
  for (const std::string& name : names) {
    if (fs::exists(dir / "chunks" / (name + ".chunk"))) {
      publish_record(pending_record_path(dir, name), dir / "games" / (name + ".bpgn"));
      ++settled.completed;
    } else {
      fs::remove(pending_record_path(dir, name));
      ++settled.dropped;
    }
  }
  return settled;
}

}  // namespace bh
