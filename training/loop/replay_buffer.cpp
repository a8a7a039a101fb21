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

// The chunk files in `dir` not seen before (in no order); nullopt (with a warning) when
// the directory cannot be listed.
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
  return fresh;
}

// Where a chunk stands in the order a run made its data, whatever the file is called:
// the generation that played it first (0: from outside the run, i.e. imported games and
// `bughouse selfplay` output, or a broker's), then, within a generation, a broker's
// entries after the rest and in stream order (ids "<ms>-<seq>" compared as numbers), the
// rest by name (a run's own names sort by session, worker and sequence).
struct ChunkOrder {
  std::uint32_t generation = 0;
  bool stream = false;
  std::uint64_t ms = 0, seq = 0;
  std::string name;
  auto operator<=>(const ChunkOrder&) const = default;
};

ChunkOrder chunk_order(const std::filesystem::path& file, const ChunkHeader& header) {
  ChunkOrder order;
  order.generation = header.provenance.generation;
  order.name = file.stem().string();
  const auto dash = order.name.find('-');
  const auto digits = [](std::string_view t) {
    return !t.empty() && t.size() <= 19 && t.find_first_not_of("0123456789") == std::string_view::npos;
  };
  const std::string_view stem = order.name;
  if (dash != std::string::npos && digits(stem.substr(0, dash)) && digits(stem.substr(dash + 1))) {
    order.stream = true;
    order.ms = std::stoull(order.name.substr(0, dash));
    order.seq = std::stoull(order.name.substr(dash + 1));
  }
  return order;
}

// A chunk file not read yet, with its place in the run's order and its header's count.
struct ChunkFile {
  ChunkOrder order;
  std::int64_t samples = 0;
  std::filesystem::path path;
  bool operator<(const ChunkFile& o) const { return order < o.order; }
};

// The files whose header reads, in the run's order; the others are named in a warning and
// marked seen (never tried again).
std::vector<ChunkFile> read_headers(const std::vector<std::filesystem::path>& files, std::set<std::string>& seen,
                                    std::vector<std::string>& warnings) {
  std::vector<ChunkFile> out;
  for (const auto& file : files) {
    try {
      const ChunkHeader header = read_chunk_header(file);
      out.push_back({chunk_order(file, header), std::int64_t(header.samples), file});
    } catch (const std::exception& e) {
      seen.insert(file.filename().string());
      warnings.push_back(std::string("skipped: ") + e.what());
    }
  }
  std::sort(out.begin(), out.end());
  return out;
}

// The oldest file worth decoding: the newest files that hold `keep` samples start there.
std::size_t first_to_decode(const std::vector<ChunkFile>& files, std::int64_t keep) {
  std::size_t first = files.size();
  for (std::int64_t newest = 0; first > 0 && newest < keep;) newest += files[--first].samples;
  return first;
}

}  // namespace

// A resumed run may find millions of samples on disk; only the newest `window` of them
// can stay. The headers say how many each file holds, so older files are counted as seen
// without being decoded (and memory never holds more than the window and a file).
ReplayBuffer::Refresh ReplayBuffer::refresh(const std::filesystem::path& dir) {
  Refresh r;
  const std::optional<std::vector<std::filesystem::path>> unseen = unseen_chunk_files(dir, seen_, r.warnings);
  if (!unseen) return r;
  // A resumed run reads every file at once, in the order a fresh run read them, so its
  // window is the fresh run's.
  const std::vector<ChunkFile> files = read_headers(*unseen, seen_, r.warnings);
  std::int64_t samples = 0;
  for (const ChunkFile& f : files) samples += f.samples;
  const std::size_t first = first_to_decode(files, window_.size_for(total_ + samples));
  for (std::size_t i = 0; i < files.size(); ++i) take_file(files[i].path, files[i].samples, i >= first, r);
  trim();
  return r;
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
