// line_reader.h — the person's lines at a terminal front end, read without blocking from a
// file descriptor (standard input): what has arrived, split into lines, and whether the
// input has ended (a closed terminal, a script that stopped). Both terminal front ends read
// through it (live_table.h for two boards, live_row_table.h for a row).
#pragma once

#include <string>
#include <vector>

namespace bh {

class LineReader {
 public:
  // `fd` is read, never closed.
  explicit LineReader(int fd) : fd_(fd) {}

  // The complete lines that have arrived, without waiting; at the end of input, the last
  // unfinished line too.
  std::vector<std::string> read();
  bool open() const { return open_; }
  // Waits until input arrives or `ms` pass (0: just looks).
  void wait(int ms) const;

 private:
  int fd_;
  std::string buffer_;
  bool open_ = true;
};

}  // namespace bh
