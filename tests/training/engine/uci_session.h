// uci_session.h — an in-process `bughouse uci` session for the UCI tests: the engine with
// an evaluator that needs no network (uniform unless given), its output lines, and the
// last progress line of a search.
#pragma once

#include <gtest/gtest.h>

#include <chrono>
#include <memory>
#include <string>
#include <string_view>

#include "mcts/simple_evaluators.h"
#include "tests/training/engine/engine_test_util.h"
#include "training/engine/uci_engine.h"

namespace bh::test {

struct Session {
  explicit Session(Evaluator* evaluator = nullptr, std::string record = "") {
    setup.evaluator = evaluator ? evaluator : &uniform;
    engine = std::make_unique<UciEngine>(setup, lines.writer(), std::move(record));
    engine->set_report_interval(std::chrono::milliseconds(20));
  }
  void send(std::string_view line) { engine->handle(line); }
  // The move after `bestmove` of the next bestmove line.
  std::string bestmove() {
    auto line = lines.next("bestmove");
    EXPECT_TRUE(line) << "no bestmove";
    return line ? line->substr(9) : "";
  }
  UniformEvaluator uniform;
  EngineSetup setup;
  test::Lines lines;
  std::unique_ptr<UciEngine> engine;
};

// The last `info depth` line before the bestmove.
inline std::string last_info(Session& s) {
  std::string last;
  for (const auto& l : s.lines.all())
    if (starts_with(l, "info depth")) last = l;
  return last;
}

}  // namespace bh::test
