// write_boundary.cpp — the test hook behind write_boundary.h: the environment is read once.
#include "core/platform/write_boundary.h"

#include <signal.h>
#include <unistd.h>

#include <atomic>
#include <cstdint>
#include <cstdlib>
#include <fstream>
#include <mutex>
#include <string>

namespace bh {

namespace {

// The hook's settings, read once from the environment. The count is the only state that
// changes, and only when a variable asks for it.
struct BoundaryHook {
  std::int64_t kill_at = 0;  // 0: never
  std::string trace;         // empty: no trace
  bool active = false;
  std::atomic<std::int64_t> count{0};
  std::mutex trace_lock;

  BoundaryHook() {
    if (const char* k = std::getenv("BUGHOUSE_KILL_AT_WRITE")) kill_at = std::atoll(k);
    if (const char* t = std::getenv("BUGHOUSE_WRITE_TRACE")) trace = t;
    active = kill_at > 0 || !trace.empty();
  }
};

BoundaryHook& hook() {
  static BoundaryHook h;
  return h;
}

}  // namespace

void write_boundary(std::string_view what, const std::filesystem::path& file) {
  BoundaryHook& h = hook();
  if (!h.active) return;
  const std::int64_t n = ++h.count;
  if (!h.trace.empty()) {
    std::lock_guard guard(h.trace_lock);
    std::ofstream(h.trace, std::ios::app) << n << " " << what << " " << file.filename().string() << "\n" << std::flush;
  }
  if (n == h.kill_at) ::kill(::getpid(), SIGKILL);
}

}  // namespace bh
