// subprocess.cpp — engine names on ChildProcess's errors, the engine search path, and
// "died" messages that say how the engine ended.
#include "training/players/subprocess.h"

namespace bh {

namespace {

// Where Debian puts fairy-stockfish and sjeng, searched after PATH.
const std::string kGameDirs[] = {"/usr/games", "/usr/local/games"};

ChildOptions engine_pipes() {
  ChildOptions o;
  o.input = ChildOptions::Input::Pipe;
  o.output = ChildOptions::Output::Pipe;
  o.die_with_parent = true;  // never outlive the program that runs us
  return o;
}

std::vector<std::string> resolved(std::vector<std::string> argv, const std::string& name) {
  if (argv.empty()) throw EngineError("engine " + name + ": no program given");
  argv[0] = resolve_program(argv[0]);
  return argv;
}

ChildProcess start_engine(std::vector<std::string> argv, const std::string& name) {
  try {
    return ChildProcess(resolved(std::move(argv), name), engine_pipes());
  } catch (const ChildProcessError& e) {
    throw EngineError("engine " + name + ": " + e.what());
  }
}

}  // namespace

std::string resolve_program(const std::string& program) {
  if (program.empty()) throw EngineError("engine: empty program name");
  if (std::optional<std::string> found = find_program(program, kGameDirs)) return *found;
  if (program.find('/') != std::string::npos) throw EngineError("engine '" + program + "': no executable file there");
  throw EngineError("engine '" + program + "': not found in PATH or /usr/games");
}

Subprocess::Subprocess(std::vector<std::string> argv, std::string name)
    : name_(std::move(name)), child_(start_engine(std::move(argv), name_)) {}

std::string Subprocess::status_text() {
  const std::optional<ExitStatus> status = child_.poll();
  return status ? status->describe() : "running";
}

void Subprocess::died(const std::string& doing) {
  // Give the child a moment to finish dying so the message can say how it ended.
  child_.wait_for(std::chrono::milliseconds(500));
  throw EngineError("engine " + name_ + " died (" + status_text() + ") " + doing);
}

void Subprocess::write_line(std::string_view line) {
  if (!child_.input_open()) throw EngineError("engine " + name_ + ": its input is closed");
  bool taken;
  try {
    taken = child_.write(std::string(line) + "\n");
  } catch (const ChildProcessError& e) {
    throw EngineError("engine " + name_ + ": " + e.what());
  }
  if (!taken) died("while being sent '" + std::string(line) + "'");
}

std::optional<std::string> Subprocess::read_line(std::chrono::milliseconds timeout) {
  if (output_ended_) died("(its output was already closed)");
  std::string line;
  ChildProcess::Read r;
  try {
    r = child_.read_line(line, timeout);
  } catch (const ChildProcessError& e) {
    throw EngineError("engine " + name_ + ": " + e.what());
  }
  if (r == ChildProcess::Read::Line) return line;
  if (r == ChildProcess::Read::Timeout) return std::nullopt;
  output_ended_ = true;
  died("(it closed its output)");
}

}  // namespace bh
