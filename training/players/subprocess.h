// subprocess.h — an external program (a chess engine) run as a child process with pipes
// to its standard input and output (core's ChildProcess: no shell, no zombie, no stray
// process left behind), spoken to line by line with timeouts.
//
// Engines die, hang and print garbage; every failure here is an EngineError that names
// the engine, so that an arena run says which of its players broke and how.
#pragma once

#include <sys/types.h>

#include <chrono>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "core/platform/child_process.h"

namespace bh {

class EngineError : public std::runtime_error {
 public:
  explicit EngineError(const std::string& what) : std::runtime_error(what) {}
};

// The program to run: argv[0] with a '/' is taken as it is; a bare name is looked up in
// PATH and then in /usr/games (where Debian puts fairy-stockfish and sjeng). Throws
// EngineError when it is found nowhere.
std::string resolve_program(const std::string& program);

class Subprocess {
 public:
  // Starts argv (argv[0] resolved as above); `name` is how errors call it. The child's
  // standard error stays the parent's; the kernel kills it if the starting thread dies.
  // Throws EngineError when it cannot start.
  Subprocess(std::vector<std::string> argv, std::string name);
  // Closes the child's input (well-behaved engines quit on end of input), waits a little,
  // then terminates and finally kills it; always reaps it (ChildProcess does).
  ~Subprocess() = default;
  Subprocess(const Subprocess&) = delete;
  Subprocess& operator=(const Subprocess&) = delete;

  const std::string& name() const { return name_; }
  pid_t pid() const { return child_.pid(); }

  // Writes `line` and a newline. Throws EngineError if the child no longer reads (it died).
  void write_line(std::string_view line);
  // The next line of the child's output without its line end, or nullopt when none came
  // within `timeout`. Throws EngineError when the child closed its output (it died),
  // saying how it ended.
  std::optional<std::string> read_line(std::chrono::milliseconds timeout);
  // Closes the child's standard input (it sees end of input).
  void close_input() { child_.close_input(); }
  // Whether the child is still running (reaps it when it has ended).
  bool running() { return child_.running(); }
  // "exited with status 1", "killed by signal 9", or "running".
  std::string status_text();

 private:
  [[noreturn]] void died(const std::string& doing);

  std::string name_;
  ChildProcess child_;
  bool output_ended_ = false;
};

}  // namespace bh
