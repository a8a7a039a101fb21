// run_directory.cpp — paths, the newest checkpoint, progress from chunk headers, recovery.
#include "training/loop/run_directory.h"

#include <algorithm>
#include <cstdio>
#include <regex>

#include "mcts/chunk.h"
#include "training/loop/run_lock.h"

namespace bh {

namespace fs = std::filesystem;

std::string generation_name(std::int64_t g) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%04lld", static_cast<long long>(g));
  return buf;
}

fs::path RunDirectory::checkpoint(std::int64_t g) const { return root_ / "checkpoints" / ("gen-" + generation_name(g) + ".ckpt"); }

fs::path RunDirectory::arena_record(std::int64_t g) const { return root_ / "arena" / ("gen-" + generation_name(g) + ".bpgn"); }

std::string RunDirectory::selfplay_stem(std::int64_t generation, std::int64_t session, int worker) {
  return "g" + generation_name(generation) + "-s" + std::to_string(session) + "-w" + std::to_string(worker);
}

std::int64_t RunDirectory::latest_checkpoint() const {
  std::int64_t latest = -1;
  std::error_code ec;
  static const std::regex name(R"(gen-(\d+)\.ckpt)");
  for (const auto& e : fs::directory_iterator(root_ / "checkpoints", ec)) {
    std::smatch m;
    const std::string f = e.path().filename().string();
    if (std::regex_match(f, m, name)) latest = std::max<std::int64_t>(latest, std::stoll(m[1]));
  }
  return latest;
}

bool RunDirectory::holds_only_imported_chunks() const {
  for (const auto& entry : fs::directory_iterator(root_)) {
    const auto name = entry.path().filename();
    if (name == RunLock::kFileName) continue;
    if (!entry.is_directory()) return false;
    if (name != "chunks" && !fs::is_empty(entry.path())) return false;
  }
  return true;
}

void RunDirectory::create_subdirectories() const {
  for (const char* d : {"checkpoints", "chunks", "games", "arena"}) fs::create_directories(root_ / d);
}

RunProgress RunDirectory::scan() const {
  RunProgress progress;
  std::error_code ec;
  for (const auto& e : fs::directory_iterator(chunks(), ec)) {
    if (e.path().extension() != ".chunk") continue;
    try {
      const ChunkProvenance p = read_chunk_header(e.path()).provenance;
      if (p.generation == 0) continue;  // imported games, or a chunk from before version 2
      progress.matches[p.generation] += p.matches;
      progress.highest_session = std::max<std::int64_t>(progress.highest_session, p.session);
    } catch (const ChunkError& error) {
      progress.warnings.push_back(error.what());
    }
  }
  return progress;
}

Recovery RunDirectory::recover() const {
  Recovery recovery;
  static const std::regex temporary(R"(.*\.tmp\.\d+)");  // core/platform/atomic_file.h's temporary names
  for (const char* dir : {"checkpoints", "chunks", "games", "arena", "."}) {
    std::vector<fs::path> doomed;
    std::error_code ec;
    for (const auto& e : fs::directory_iterator(root_ / dir, ec))
      if (e.is_regular_file() && std::regex_match(e.path().filename().string(), temporary)) doomed.push_back(e.path());
    for (const auto& p : doomed) recovery.temporary_files += fs::remove(p) ? 1 : 0;
  }
  recovery.records = settle_pending_records(root_);
  return recovery;
}

}  // namespace bh
