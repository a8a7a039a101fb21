// metrics_file.h — a run's metrics.jsonl: one JSON object per line, appended as the run
// goes (kind "step" every few optimiser steps, "selfplay"/"broker" per self-play stage,
// "generation" per finished generation). An append-only log, so it is appended to, not
// rewritten, except once on resume.
#pragma once

#include <cstdint>
#include <filesystem>
#include <fstream>

#include "training/report/json_line.h"

namespace bh {

class MetricsFile {
 public:
  // Opens the file for appending (creating it). Throws std::runtime_error naming the path.
  explicit MetricsFile(std::filesystem::path path);
  void write(const JsonLine& line);

  // For a run resumed at generation `last`: drops the "step" and "generation" lines of later
  // generations (their work is redone, so they would appear twice) and a last line cut
  // short by a kill. Lines of other kinds stay: they describe work that was done. The file
  // is replaced atomically; returns the number of lines dropped.
  static int trim_for_resume(const std::filesystem::path& path, std::int64_t last);

 private:
  std::filesystem::path path_;
  std::ofstream out_;
};

}  // namespace bh
