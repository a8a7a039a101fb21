// line_writer.h — the engine's output channel: whole lines, written atomically and
// flushed at once, from the protocol thread and the search thread alike (a line of `info`
// must never interleave with a `readyok`).
#pragma once

#include <functional>
#include <mutex>
#include <ostream>
#include <string>
#include <string_view>

namespace bh {

class LineWriter {
 public:
  using Sink = std::function<void(std::string_view line)>;
  // Lines go to `sink` (without a line end): tests collect them.
  explicit LineWriter(Sink sink) : sink_(std::move(sink)) {}
  // Lines go to `out`, each followed by '\n' and a flush: the engine's standard output.
  explicit LineWriter(std::ostream& out)
      : sink_([&out](std::string_view line) { out << line << '\n' << std::flush; }) {}

  void line(std::string_view text) {
    std::lock_guard lock(mutex_);
    sink_(text);
  }

 private:
  std::mutex mutex_;
  Sink sink_;
};

}  // namespace bh
