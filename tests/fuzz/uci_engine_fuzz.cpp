// uci_engine_fuzz.cpp — feeds a stream of UCI commands, one per input line, to the
// `bughouse uci` engine (training/engine/uci_engine.h) in-process, with a uniform
// evaluator and a few visits per search so that each input finishes fast; the end of the
// input is the host going away (shutdown). Lines naming the RecordFile option are
// skipped: a fuzzer must not choose files to write.
// Checks: no crash, no sanitizer report, no exception out of the engine, no hang (the
// search stops when the stream ends), and every line written back is a UCI message (id,
// option, uciok, readyok, info, bestmove).
#include "tests/fuzz/engine_input.h"
#include "training/players/text_tokens.h"
#include "training/engine/uci_engine.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace bh;
  UniformEvaluator evaluator;
  fuzz::OutputLines out;
  {
    UciEngine engine(fuzz::tiny_engine_setup(evaluator), out.writer());
    for (std::string_view line : fuzz::lines(fuzz::as_text(data, size))) {
      if (to_lower(line).find("recordfile") != std::string::npos) continue;
      if (!engine.handle(line)) break;
    }
    engine.shutdown();
  }
  out.require_lines({"id ", "option ", "uciok", "readyok", "info ", "bestmove "});
  return 0;
}
