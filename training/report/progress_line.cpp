// progress_line.cpp — the rate-limited status line.
#include "training/report/progress_line.h"

#include <cmath>
#include <cstdio>
#include <ostream>

namespace bh {

void ProgressLine::show(const std::string& text, bool force) {
  const auto now = std::chrono::steady_clock::now();
  const double since = std::chrono::duration<double>(now - last_).count();
  if (!force && since < (tty_ ? 0.5 : 10.0)) return;
  last_ = now;
  if (tty_) out_ << "\r\033[K" << text << std::flush;
  else out_ << text << "\n" << std::flush;
  shown_ = tty_;
}

void ProgressLine::say(const std::string& text) {
  if (shown_) out_ << "\r\033[K";
  out_ << text << "\n" << std::flush;
  shown_ = false;
}

std::string format_seconds(double s) {
  char buf[32];
  if (s < 0 || !std::isfinite(s)) return "?";
  if (s >= 3600) std::snprintf(buf, sizeof buf, "%dh%02dm", int(s / 3600), int(s / 60) % 60);
  else if (s >= 60) std::snprintf(buf, sizeof buf, "%dm%02ds", int(s / 60), int(s) % 60);
  else std::snprintf(buf, sizeof buf, "%.0fs", s);
  return buf;
}

}  // namespace bh
