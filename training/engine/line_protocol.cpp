// line_protocol.cpp — the one input loop of the engines.
#include "training/engine/line_protocol.h"

#include <string>

namespace bh {

void serve_lines(LineProtocol& engine, std::istream& in) {
  std::string line;
  while (std::getline(in, line))
    if (!engine.handle(line)) return;
  engine.shutdown();
}

}  // namespace bh
