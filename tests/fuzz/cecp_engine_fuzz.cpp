// cecp_engine_fuzz.cpp — feeds a stream of CECP (xboard) commands, one per input line, to
// the `bughouse xboard` engine (training/engine/cecp_engine.h) in-process, with a uniform
// evaluator and a few visits per search. After each line the engine gets a moment (at
// most a few milliseconds) to finish thinking, so that its own moves interleave with the
// input's; the end of the input is the interface going away (shutdown).
// Checks: no crash, no sanitizer report, no exception out of the engine, no hang, and
// every line written back is a CECP message (feature, move, Illegal move, Error, tellics,
// telluser, tellusererror, pong, or thinking output).
#include <chrono>

#include "tests/fuzz/engine_input.h"
#include "training/engine/cecp_engine.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace bh;
  UniformEvaluator evaluator;
  fuzz::OutputLines out;
  {
    CecpEngine engine(fuzz::tiny_engine_setup(evaluator), out.writer());
    for (std::string_view line : fuzz::lines(fuzz::as_text(data, size))) {
      if (!engine.handle(line)) break;
      engine.wait_idle(std::chrono::milliseconds(2));
    }
    engine.shutdown();
  }
  out.require_lines({"feature ", "move ", "Illegal move", "Error (", "tellics ", "telluser", "pong "}, true);
  return 0;
}
