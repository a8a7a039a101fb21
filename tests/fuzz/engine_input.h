// engine_input.h — what the two engine fuzz targets share: the input as protocol lines,
// the engine setup that keeps each input fast (a uniform evaluator, a few visits per
// search), and the check on what the engine writes back.
#pragma once

#include <initializer_list>
#include <mutex>
#include <string>
#include <string_view>
#include <vector>

#include "mcts/simple_evaluators.h"
#include "training/engine/engine_setup.h"
#include "training/engine/line_writer.h"
#include "tests/fuzz/fuzz_util.h"

namespace bh::fuzz {

// A setup whose searches end after a few visits unless a command asks for more (and then
// the next command, or the end of the input, stops them).
inline EngineSetup tiny_engine_setup(Evaluator& evaluator) {
  EngineSetup setup;
  setup.evaluator = &evaluator;
  setup.default_visits = 8;
  setup.think.wait_ms = 20;  // a sit by choice ends soon
  return setup;
}

// Collects the engine's output lines (written from the protocol and the search threads).
class OutputLines {
 public:
  OutputLines() : writer_([this](std::string_view l) { push(l); }) {}
  LineWriter& writer() { return writer_; }

  // Every line is one line and starts with one of `prefixes` (or, when `digits` is set, a
  // digit: CECP's thinking output).
  void require_lines(std::initializer_list<std::string_view> prefixes, bool digits = false) const {
    std::lock_guard lock(mutex_);
    for (const std::string& line : lines_) {
      require(line.find('\n') == std::string::npos, "an output line holds no line break");
      bool known = digits && !line.empty() && line[0] >= '0' && line[0] <= '9';
      for (std::string_view p : prefixes) known = known || line.starts_with(p);
      require(known, "every output line is a message of the protocol");
    }
  }

 private:
  void push(std::string_view line) {
    std::lock_guard lock(mutex_);
    lines_.emplace_back(line);
  }
  mutable std::mutex mutex_;
  std::vector<std::string> lines_;
  LineWriter writer_;
};

}  // namespace bh::fuzz
