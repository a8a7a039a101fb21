// run_context.h — what the stages of a generation share (generation_loop.h): the
// configuration, the run's files, its state, the trainer, and the ways to report and to
// be stopped. The loop owns every piece; the stages borrow them for one call.
#pragma once

#include <functional>
#include <string>

#include "nn/inference_net.h"
#include "training/config/config.h"
#include "core/platform/interrupt.h"
#include "training/loop/metrics_file.h"
#include "training/report/progress_line.h"
#include "training/loop/run_directory.h"
#include "training/loop/run_state.h"
#include "training/loop/trainer.h"

namespace bh {

struct RunContext {
  const Config& config;
  const RunDirectory& dir;
  RunState& state;
  Trainer& trainer;
  const InferenceOptions& inference;
  InterruptWatch& interrupt;
  ProgressLine& progress;
  MetricsFile& metrics;
  // "<elapsed>, ETA <left>" for progress lines.
  std::function<std::string()> clock_text;

  bool stopping() const { return interrupt.poll(std::chrono::milliseconds(0)); }
};

}  // namespace bh
