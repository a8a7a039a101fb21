// replay_buffer.cpp — reading chunks into the window and drawing from it.
#include "training/loop/replay_buffer.h"

#include <algorithm>
#include <cmath>
#include <optional>

namespace bh {

std::int64_t WindowSettings::size_for(std::int64_t total) const {
  const double grown = double(min) + growth * double(std::max<std::int64_t>(0, total - min));
  return std::clamp<std::int64_t>(std::int64_t(grown), min, max);
}

namespace {

// The chunk files in `dir` not seen before, oldest name first; nullopt (with a warning)
// when the directory cannot be listed.
std::optional<std::vector<std::filesystem::path>> unseen_chunk_files(const std::filesystem::path& dir,
                                                                    const std::set<std::string>& seen,
                                                                    std::vector<std::string>& warnings) {
  std::vector<std::filesystem::path> fresh;
  std::error_code ec;
  for (const auto& entry : std::filesystem::directory_iterator(dir, ec)) {
    const auto& p = entry.path();
    if (p.extension() != ".chunk" || seen.count(p.filename().string())) continue;
    fresh.push_back(p);
  }
  if (ec) {
    warnings.push_back("cannot list chunk directory " + dir.string() + ": " + ec.message());
    return std::nullopt;
  }
  std::sort(fresh.begin(), fresh.end());
  return fresh;
}

// The samples in files whose header could be read (count >= 0).
std::int64_t readable_samples(const std::vector<std::int64_t>& counts) {
  std::int64_t sum = 0;
  for (std::int64_t c : counts)
    if (c >= 0) sum += c;
  return sum;
}

// The oldest file worth decoding: the newest files that hold `keep` samples start there.
std::size_t first_to_decode(const std::vector<std::int64_t>& counts, std::int64_t keep) {
  std::size_t first = counts.size();
  for (std::int64_t newest = 0; first > 0 && newest < keep;) {
    --first;
    if (counts[first] > 0) newest += counts[first];
  }
  return first;
}

}  // namespace

// A resumed run may find millions of samples on disk; only the newest `window` of them
// can stay. The headers say how many each file holds, so older files are counted as seen
// without being decoded (and memory never holds more than the window and a file).
ReplayBuffer::Refresh ReplayBuffer::refresh(const std::filesystem::path& dir) {
  Refresh r;
  const std::optional<std::vector<std::filesystem::path>> fresh = unseen_chunk_files(dir, seen_, r.warnings);
  if (!fresh) return r;
  const std::vector<std::int64_t> counts = count_headers(*fresh, r);
  const std::size_t first = first_to_decode(counts, window_.size_for(total_ + readable_samples(counts)));
  for (std::size_t i = 0; i < fresh->size(); ++i)
    if (counts[i] >= 0) take_file((*fresh)[i], counts[i], i >= first, r);
  trim();
  return r;
}

std::vector<std::int64_t> ReplayBuffer::count_headers(const std::vector<std::filesystem::path>& files, Refresh& r) {
  std::vector<std::int64_t> counts(files.size(), -1);
  for (std::size_t i = 0; i < files.size(); ++i) {
    try {
      counts[i] = std::int64_t(read_chunk_sample_count(files[i]));
    } catch (const std::exception& e) {
      seen_.insert(files[i].filename().string());
      r.warnings.push_back(std::string("skipped: ") + e.what());
    }
  }
  return counts;
}

void ReplayBuffer::take_file(const std::filesystem::path& file, std::int64_t count, bool decode, Refresh& r) {
  seen_.insert(file.filename().string());
  if (!decode) {  // older than the window can hold
    total_ += count;
    r.samples += count;
    ++r.files;
    return;
  }
  try {
    std::vector<Sample> samples = read_chunk(file);
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
