// line_protocol.h — what the two engine protocols (UCI, CECP) share at their edge: the
// engine takes its host's input one line at a time, and one loop feeds it a stream
// (standard input for `bughouse uci` and `bughouse xboard`).
#pragma once

#include <istream>
#include <string_view>

namespace bh {

class LineProtocol {
 public:
  virtual ~LineProtocol() = default;
  // Handles one line of input; false once the host said `quit`.
  virtual bool handle(std::string_view line) = 0;
  // The host is gone (end of input): stop thinking, answer what runs, write what must be
  // written.
  virtual void shutdown() = 0;
};

// Feeds `engine` the lines of `in` until it hears `quit`, or until the end of the input,
// which shuts it down.
void serve_lines(LineProtocol& engine, std::istream& in);

}  // namespace bh
