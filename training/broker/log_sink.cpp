// log_sink.cpp — the default sink: one line to standard error.
#include "training/broker/log_sink.h"

#include <cstdio>
#include <string>

namespace bh {

LogSink stderr_log() {
  return [](std::string_view line) {
    // One fwrite per line so lines from several threads do not interleave mid-line.
    std::string text = "broker: ";
    text += line;
    text += '\n';
    std::fwrite(text.data(), 1, text.size(), stderr);
  };
}

}  // namespace bh
