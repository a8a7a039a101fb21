// tiny_run.h — the tiny `bughouse train` configuration the train command's tests share (a
// 1x8 net, 6 matches a generation of 8-visit searches, two generations: seconds on a CPU;
// the net that plays is a 4-step weight average, so every run test resumes one)
// and reading what such a run leaves.
#pragma once

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "training/report/report.h"

namespace bh {

inline constexpr const char* kTinyConfig = R"(
[clock]
initial_seconds = 30
[search]
visits = 8
max_leaves_per_tree = 2
[selfplay]
cheap_visits = 4
concurrent_matches = 3
matches_per_chunk = 1
[network]
blocks = 1
channels = 8
value_hidden = 16
precision = "fp32"
[training]
batch_size = 32
steps_per_generation = 6
weight_average_steps = 4
window_min = 100
threads = 1
[evaluation]
games_vs_best = 2
games_vs_tactical = 2
games_vs_random = 2
games_vs_greedy = 2
visits = 4
threads = 1
[run]
matches_per_generation = 6
generations = 2
)";

inline std::filesystem::path write_config(const std::filesystem::path& dir, const std::string& text) {
  std::filesystem::path p = dir / "tiny.toml";
  std::ofstream(p) << text;
  return p;
}

inline std::vector<JsonLine> generation_lines(const std::filesystem::path& run) {
  std::vector<JsonLine> out;
  for (auto& l : read_metrics((run / "metrics.jsonl").string()))
    if (l.text("kind") == "generation") out.push_back(l);
  return out;
}

}  // namespace bh
