// child_process.h — one child process, owned: started without a shell (argv as given, a
// bare program name looked up in PATH), its standard input and output optionally piped to
// us, sent to a file or to /dev/null, waited for with a timeout, signalled, and never left
// behind: the destructor ends and reaps it unless it was detached.
//
// Every process the project starts goes through here (external engines, the ONNX
// converter, the test harnesses), so that the fork/exec details live in one place: no
// descriptor of ours leaks into the child, a failed exec is an error in the parent that
// names the program and the system's reason, and a write to a child that stopped reading
// is an answer (false), not a SIGPIPE that kills this program.
#pragma once

#include <sys/types.h>

#include <chrono>
#include <filesystem>
#include <functional>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace bh {

class ChildProcessError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// How a child ended: the raw status of waitpid, read.
class ExitStatus {
 public:
  explicit ExitStatus(int raw) : raw_(raw) {}
  bool exited() const;     // it called exit (or returned from main)
  int exit_code() const;   // when exited()
  bool signaled() const;   // a signal ended it
  int signal() const;      // when signaled()
  // The exit code, or 128 + the signal, as a shell reports it.
  int shell_code() const;
  bool success() const { return exited() && exit_code() == 0; }
  // "exited with status 1", "killed by signal 9 (Killed)".
  std::string describe() const;
  int raw() const { return raw_; }

 private:
  int raw_;
};

struct ChildOptions {
  enum class Input { Inherit, Pipe, Null };
  enum class Output { Inherit, Pipe, Null, File };
  Input input = Input::Inherit;     // Pipe: write() and close_input()
  Output output = Output::Inherit;  // standard output; Pipe: read_line(); File: output_file
  std::filesystem::path output_file;  // Output::File: created or truncated
  bool stderr_to_output = false;    // standard error goes where standard output goes (else ours)
  // "NAME=value" entries added to this program's environment (replacing a NAME it has).
  std::vector<std::string> environment;
  // Linux: the kernel kills the child (SIGKILL) when the thread that started it ends, so
  // it never outlives a crash of ours. Start it on a thread that lives as long as it should.
  bool die_with_parent = false;
  // The destructor's patience: after closing the child's input it waits this long for the
  // child to end before SIGTERM (and half a second more before SIGKILL).
  std::chrono::milliseconds stop_grace{1000};
};

class ChildProcess {
 public:
  // Starts argv[0] with the arguments argv (argv[0] without a '/' is looked up in PATH).
  // Throws ChildProcessError naming the program and the system's reason when it cannot
  // start (not found, not executable, no pipes, the output file cannot be created).
  ChildProcess(std::vector<std::string> argv, ChildOptions options = {});
  // Runs `body` in a forked copy of this process (no exec). The copy exits 0 when body
  // returns and 1 when it throws (its message on standard error); body may also end it
  // otherwise (raise(SIGKILL) to simulate a crash). A fork copies only the calling
  // thread: call it while this process runs no other threads.
  static ChildProcess fork(const std::function<void()>& body, ChildOptions options = {});

  // stop(options.stop_grace) unless detached or already reaped.
  ~ChildProcess();
  ChildProcess(ChildProcess&& other) noexcept;
  ChildProcess& operator=(ChildProcess&& other) noexcept;
  ChildProcess(const ChildProcess&) = delete;
  ChildProcess& operator=(const ChildProcess&) = delete;

  pid_t pid() const { return pid_; }
  // The program as started (resolved path), for messages.
  const std::string& program() const { return program_; }

  // Writes all of `data` to the child's input (Input::Pipe). False when the child no
  // longer reads it (it closed it or ended); throws ChildProcessError on other failures
  // and std::logic_error when there is no open input pipe.
  [[nodiscard]] bool write(std::string_view data);
  // Closes the child's input: it sees end of input.
  void close_input();
  bool input_open() const { return in_fd_ >= 0; }

  enum class Read { Line, Timeout, End };
  // The next line of the child's output (Output::Pipe) without its line end ("\n" or
  // "\r\n") into `line`: Line; Timeout when none came within `timeout`; End when the child
  // closed its output (a last line without a line end still comes first). Throws
  // ChildProcessError on a read error or a line longer than 16 MB.
  Read read_line(std::string& line, std::chrono::milliseconds timeout);

  // Its status once it has ended (it is reaped then), without waiting.
  std::optional<ExitStatus> poll();
  bool running() { return !poll(); }
  // Waits for it to end.
  ExitStatus wait();
  // Waits at most `timeout`; nullopt when it still runs.
  std::optional<ExitStatus> wait_for(std::chrono::milliseconds timeout);
  // Sends `signo`; nothing once it is reaped (its pid may belong to another process then).
  void signal(int signo);
  // SIGKILL, then reaps it.
  ExitStatus kill();
  // Closes its input, waits up to `grace` for it to end, then SIGTERM, half a second,
  // SIGKILL; reaps it.
  ExitStatus stop(std::chrono::milliseconds grace);
  // The destructor leaves the child running (nobody reaps it then).
  void detach() { detached_ = true; }

 private:
  ChildProcess() = default;
  void start(const std::vector<std::string>& argv, const std::function<void()>* body);
  bool reap(bool block);
  void close_pipes();

  std::string program_;
  ChildOptions options_;
  pid_t pid_ = -1;
  int in_fd_ = -1;   // our end of the child's standard input
  int out_fd_ = -1;  // our end of the child's standard output
  std::string buffer_;
  bool reaped_ = true;
  bool detached_ = false;
  int wait_status_ = 0;
};

// `name` as a program to run: a name with a '/' when it is an executable file; a bare name
// from the directories of PATH, then `extra_dirs`, the first executable file there;
// nullopt when there is none.
std::optional<std::string> find_program(std::string_view name, std::span<const std::string> extra_dirs = {});

}  // namespace bh
