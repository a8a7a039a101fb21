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
  for (const auto& p : fresh) {
    seen_.insert(p.filename().string());
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
