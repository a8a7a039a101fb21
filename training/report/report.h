// report.h — `bughouse report`: one self-contained HTML page (inline SVG, no scripts, no
// downloads) drawn from a run directory's metrics.jsonl, each chart on a scale of its own:
// first what tells whether the net learns (its score against the tactical evaluator at
// the same visits, its losses on held-out positions beside the tactical evaluator's),
// then the training losses, the sanity lines (random, greedy, the best net), the Elo
// chained through the best net with what it is, and the self-play speed with the net.
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
