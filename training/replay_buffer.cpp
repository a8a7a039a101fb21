// replay_buffer.cpp — reading chunks into the window and drawing from it.
#include "training/replay_buffer.h"

#include <algorithm>
#include <cmath>

namespace bh {

std::int64_t WindowSettings::size_for(std::int64_t total) const {
  const double grown = double(min) + growth * double(std::max<std::int64_t>(0, total - min));
  return std::clamp<std::int64_t>(std::int64_t(grown), min, max);
}

ReplayBuffer::Refresh ReplayBuffer::refresh(const std::filesystem::path& dir) {
  Refresh r;
  std::vector<std::filesystem::path> fresh;
  std::error_code ec;
  for (const auto& entry : std::filesystem::directory_iterator(dir, ec)) {
    const auto& p = entry.path();
    if (p.extension() != ".chunk" || seen_.count(p.filename().string())) continue;
    fresh.push_back(p);
  }
  if (ec) {
    r.warnings.push_back("cannot list chunk directory " + dir.string() + ": " + ec.message());
    return r;
  }
  std::sort(fresh.begin(), fresh.end());
  // A resumed run may find millions of samples on disk; only the newest `window` of them
  // can stay. The headers say how many each file holds, so older files are counted as
  // seen without being decoded (and memory never holds more than the window and a file).
  std::vector<std::int64_t> counts(fresh.size(), -1);
  std::int64_t counted = 0;
  for (std::size_t i = 0; i < fresh.size(); ++i) {
    try {
      counts[i] = std::int64_t(read_chunk_sample_count(fresh[i]));
      counted += counts[i];
    } catch (const std::exception& e) {
      seen_.insert(fresh[i].filename().string());
      r.warnings.push_back(std::string("skipped: ") + e.what());
    }
  }
  const std::int64_t keep = window_.size_for(total_ + counted);
  std::size_t first = fresh.size();  // the oldest file worth decoding
  for (std::int64_t newest = 0; first > 0 && newest < keep;) {
    --first;
    if (counts[first] > 0) newest += counts[first];
  }
  for (std::size_t i = 0; i < fresh.size(); ++i) {
    if (counts[i] < 0) continue;
    const auto& p = fresh[i];
    seen_.insert(p.filename().string());
    if (i < first) {  // older than the window can hold
      total_ += counts[i];
      r.samples += counts[i];
      ++r.files;
      continue;
    }
    try {
      std::vector<Sample> samples = read_chunk(p);
      r.samples += std::int64_t(samples.size());
      ++r.files;
      for (auto& s : samples) samples_.push_back(std::move(s));
      total_ += std::int64_t(samples.size());
    } catch (const std::exception& e) {
      // ChunkError names the file and what is wrong with it.
      r.warnings.push_back(std::string("skipped: ") + e.what());
    }
    trim();
  }
  trim();
  return r;
}

void ReplayBuffer::add(std::vector<Sample> samples) {
  total_ += std::int64_t(samples.size());
  for (auto& s : samples) samples_.push_back(std::move(s));
  trim();
}

void ReplayBuffer::trim() {
  const auto keep = std::size_t(window());
  while (samples_.size() > keep) samples_.pop_front();
}

std::vector<const Sample*> ReplayBuffer::draw(std::size_t n, Rng& rng, double recency) const {
  std::vector<const Sample*> out;
  if (samples_.empty()) return out;
  out.reserve(n);
  const double size = double(samples_.size());
  for (std::size_t i = 0; i < n; ++i) {
    double u = rng.uniform();
    // Inverse of the CDF of a density proportional to exp(recency x) on [0, 1).
    double x = recency > 0 ? std::log1p(u * std::expm1(recency)) / recency : u;
    auto index = std::min(std::size_t(x * size), samples_.size() - 1);
    out.push_back(&samples_[index]);
  }
  return out;
}

}  // namespace bh
