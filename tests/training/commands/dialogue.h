// dialogue.h — talking to the `bughouse` program over its standard input and output as a
// person or a host would (training/players/subprocess.h): read its lines until the one a
// test waits for. A limit, not a timing: the test fails only if the line never comes.
#pragma once

#include <chrono>
#include <optional>
#include <string>

#include "training/players/subprocess.h"

namespace bh {

// Reads lines until one contains `text` (every line read is appended to `log`); false when
// the program ended or `limit` passed first.
inline bool read_until(Subprocess& p, const std::string& text, std::string& log,
                       std::chrono::seconds limit = std::chrono::seconds(60)) {
  const auto end = std::chrono::steady_clock::now() + limit;
  while (std::chrono::steady_clock::now() < end) {
    std::optional<std::string> line;
    try {
      line = p.read_line(std::chrono::seconds(1));
    } catch (const EngineError&) {
      return false;  // the program ended
    }
    if (!line) continue;
    log += *line + "\n";
    if (line->find(text) != std::string::npos) return true;
  }
  return false;
}

}  // namespace bh
