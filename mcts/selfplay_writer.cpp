// selfplay_writer.cpp — chunk + BPGN files of finished self-play matches.
#include "mcts/selfplay_writer.h"

#include <cstdio>
#include <stdexcept>

#include "core/bpgn.h"
#include "core/atomic_file.h"

namespace bh {

SelfPlayWriter::SelfPlayWriter(std::filesystem::path dir, std::string stem, int matches_per_chunk,
                               std::vector<std::pair<std::string, std::string>> tags)
    : dir_(std::move(dir)), stem_(std::move(stem)), matches_per_chunk_(matches_per_chunk), tags_(std::move(tags)) {
  if (matches_per_chunk_ < 1) throw std::invalid_argument("matches per chunk must be at least 1");
  std::filesystem::create_directories(dir_ / "chunks");
  std::filesystem::create_directories(dir_ / "games");
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
  const auto games = dir_ / "games" / (name + ".bpgn");
  write_chunk(chunk, samples_);
  write_file_atomic(games, bpgn_);
  files_.push_back(chunk);
  files_.push_back(games);
  samples_.clear();
  bpgn_.clear();
  queued_ = 0;
  ++chunks_;
}

}  // namespace bh
