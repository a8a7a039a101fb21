// progress_line.h — the status line of a long job (train, selfplay, worker): redrawn in
// place on a terminal at most twice a second, printed as a plain line every 10 s
// otherwise (logs, CI), with permanent lines printed above it.
#pragma once

#include <chrono>
#include <iosfwd>
#include <string>

namespace bh {

class ProgressLine {
 public:
  // `tty`: whether `out` is a terminal (the caller knows which descriptor it writes).
  ProgressLine(std::ostream& out, bool tty) : out_(out), tty_(tty) {}
  // The status line, unless the last one is too recent (`force` shows it anyway).
  void show(const std::string& text, bool force = false);
  // A permanent line (the status line is redrawn below it).
  void say(const std::string& text);

 private:
  std::ostream& out_;
  bool tty_;
  bool shown_ = false;
  std::chrono::steady_clock::time_point last_{};
};

// "42s", "3m07s", "1h05m"; "?" for a negative or non-finite time.
std::string format_seconds(double seconds);

}  // namespace bh
