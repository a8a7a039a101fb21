// report.h — `bughouse report`: one self-contained HTML page (inline SVG, no scripts, no
// downloads) with the loss curves over training steps and the Elo curve over generations,
// drawn from a run directory's metrics.jsonl.
#pragma once

#include <string>
#include <vector>

#include "training/report/json_line.h"

namespace bh {

// Reads metrics.jsonl; malformed lines are skipped and counted in `skipped`.
std::vector<JsonLine> read_metrics(const std::string& path, int* skipped = nullptr);
// Writes the page; returns its path. Throws std::runtime_error naming a file it cannot use.
std::string write_report(const std::string& run_dir, const std::string& out_path);
// The page itself, from metric lines (kind "step" and kind "generation").
std::string render_report(const std::string& title, const std::vector<JsonLine>& metrics);

}  // namespace bh
