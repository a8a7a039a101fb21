// child_process.cpp — fork/exec with the standard streams arranged beforehand, a pipe that
// carries a failed exec's errno back, poll-based line reads and SIGPIPE-safe writes.
#include "core/platform/child_process.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>
#ifdef __linux__
#include <sys/prctl.h>
#endif

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <thread>
#include <utility>

extern char** environ;

namespace bh {

namespace {

using namespace std::chrono_literals;

constexpr std::size_t kMaxLine = std::size_t(1) << 24;  // 16 MB

ChildProcessError run_error(const std::string& program, const std::string& doing, int err) {
  return ChildProcessError("cannot run " + program + ": " + (doing.empty() ? "" : doing + ": ") + std::strerror(err));
}

ChildProcessError io_error(const std::string& program, const char* doing, int err) {
  return ChildProcessError(program + ": " + doing + ": " + std::strerror(err));
}

void close_fd(int& fd) {
  if (fd >= 0) ::close(fd);
  fd = -1;
}

// A descriptor closed on every path out unless released.
class Fd {
 public:
  Fd() = default;
  explicit Fd(int fd) : fd_(fd) {}
  ~Fd() { close_fd(fd_); }
  Fd(Fd&& other) noexcept : fd_(std::exchange(other.fd_, -1)) {}
  Fd& operator=(Fd&& other) noexcept {
    if (this != &other) {
      close_fd(fd_);
      fd_ = std::exchange(other.fd_, -1);
    }
    return *this;
  }
  int get() const { return fd_; }
  int release() { return std::exchange(fd_, -1); }
  void reset() { close_fd(fd_); }

 private:
  int fd_ = -1;
};

struct Pipe {
  Fd read, write;
};

Pipe make_pipe(const std::string& program) {
  int fds[2];
  if (::pipe2(fds, O_CLOEXEC) != 0) throw run_error(program, "pipe", errno);
  return {Fd(fds[0]), Fd(fds[1])};
}

Fd open_file(const std::string& program, const std::filesystem::path& path, int flags) {
  Fd fd(::open(path.c_str(), flags | O_CLOEXEC, 0644));
  if (fd.get() < 0) throw run_error(program, "cannot open " + path.string(), errno);
  return fd;
}

// What becomes the child's standard input and output (-1: ours, inherited), and our
// ends of the pipes to them.
struct Stdio {
  Fd child_in, child_out;
  Fd our_in, our_out;
};

Stdio open_stdio(const ChildOptions& o, const std::string& program) {
  using In = ChildOptions::Input;
  using Out = ChildOptions::Output;
  Stdio s;
  if (o.input == In::Null) s.child_in = open_file(program, "/dev/null", O_RDONLY);
  if (o.input == In::Pipe) {
    Pipe p = make_pipe(program);
    s.child_in = std::move(p.read);
    s.our_in = std::move(p.write);
  }
  if (o.output == Out::Null) s.child_out = open_file(program, "/dev/null", O_WRONLY);
  if (o.output == Out::File) s.child_out = open_file(program, o.output_file, O_WRONLY | O_CREAT | O_TRUNC);
  if (o.output == Out::Pipe) {
    Pipe p = make_pipe(program);
    s.child_out = std::move(p.write);
    s.our_out = std::move(p.read);
  }
  return s;
}

// This program's environment with the "NAME=value" entries of `extra` put in.
std::vector<std::string> environment_with(const std::vector<std::string>& extra) {
  std::vector<std::string> env;
  for (char** e = environ; e && *e; ++e) env.emplace_back(*e);
  for (const std::string& entry : extra) {
    const std::size_t eq = entry.find('=');
    if (eq == std::string::npos || eq == 0)
      throw std::invalid_argument("child environment entry '" + entry + "': expected NAME=value");
    const std::string name = entry.substr(0, eq + 1);
    std::erase_if(env, [&](const std::string& e) { return e.starts_with(name); });
    env.push_back(entry);
  }
  return env;
}

std::vector<char*> c_strings(std::vector<std::string>& strings) {
  std::vector<char*> out;
  for (std::string& s : strings) out.push_back(s.data());
  out.push_back(nullptr);
  return out;
}

// Everything the child needs, prepared before the fork: between fork and exec only
// async-signal-safe calls are allowed (another thread may have held the allocator's lock).
struct Launch {
  int in = -1, out = -1;            // to become its standard input and output
  int ours_in = -1, ours_out = -1;  // our pipe ends: not the child's business
  int exec_error = -1;              // where a failed exec writes its errno
  bool stderr_to_output = false, die_with_parent = false;
  pid_t parent = 0;
  char* const* argv = nullptr;
  char* const* envp = nullptr;
  const std::function<void()>* body = nullptr;  // instead of exec
};

void child_stdio(const Launch& l) {
  int in = l.in, out = l.out;
  // A descriptor below 3 would be overwritten by the other's dup2: move it up first.
  if (in >= 0 && in < 3) in = ::fcntl(in, F_DUPFD_CLOEXEC, 3);
  if (out >= 0 && out < 3) out = ::fcntl(out, F_DUPFD_CLOEXEC, 3);
  if (in >= 0) ::dup2(in, STDIN_FILENO);
  if (out >= 0) ::dup2(out, STDOUT_FILENO);
  if (l.stderr_to_output) ::dup2(STDOUT_FILENO, STDERR_FILENO);
}

[[noreturn]] void run_body(const std::function<void()>& body) {
  int code = 0;
  try {
    body();
  } catch (const std::exception& e) {
    std::fprintf(stderr, "child: %s\n", e.what());
    code = 1;
  } catch (...) {
    code = 1;
  }
  std::fflush(stderr);
  ::_exit(code);  // no atexit handlers, no static destructors of the parent's image
}

[[noreturn]] void run_child(const Launch& l) {
#ifdef __linux__
  if (l.die_with_parent) {
    ::prctl(PR_SET_PDEATHSIG, SIGKILL);
    if (::getppid() != l.parent) ::_exit(127);  // the parent died before the prctl
  }
#endif
  for (int fd : {l.ours_in, l.ours_out})
    if (fd >= 0) ::close(fd);
  child_stdio(l);
  if (l.body) run_body(*l.body);
  ::signal(SIGPIPE, SIG_DFL);  // the parent may ignore it; a program expects the default
  sigset_t none;
  sigemptyset(&none);
  ::sigprocmask(SIG_SETMASK, &none, nullptr);  // the parent may block SIGINT or SIGPIPE
  ::execve(l.argv[0], l.argv, l.envp);
  const int e = errno;
  ssize_t ignored = ::write(l.exec_error, &e, sizeof e);
  (void)ignored;
  ::_exit(127);
}

// A write to a pipe whose reader died raises SIGPIPE, which would kill this whole
// program. Block it on this thread for the write and consume it if it came, so the
// failure is an EPIPE to report instead; other threads are untouched.
class SigpipeGuard {
 public:
  SigpipeGuard() {
    sigemptyset(&pipe_);
    sigaddset(&pipe_, SIGPIPE);
    sigset_t pending;
    sigpending(&pending);
    was_pending_ = sigismember(&pending, SIGPIPE);
    pthread_sigmask(SIG_BLOCK, &pipe_, &old_);
  }
  ~SigpipeGuard() {
    if (!was_pending_) {
      const timespec zero{0, 0};
      while (sigtimedwait(&pipe_, nullptr, &zero) > 0) {
      }
    }
    pthread_sigmask(SIG_SETMASK, &old_, nullptr);
  }
  SigpipeGuard(const SigpipeGuard&) = delete;
  SigpipeGuard& operator=(const SigpipeGuard&) = delete;

 private:
  sigset_t pipe_, old_;
  bool was_pending_ = false;
};

bool executable_file(const std::string& path) {
  struct stat st {};
  return ::stat(path.c_str(), &st) == 0 && S_ISREG(st.st_mode) && ::access(path.c_str(), X_OK) == 0;
}

}  // namespace

bool ExitStatus::exited() const { return WIFEXITED(raw_); }
int ExitStatus::exit_code() const { return WEXITSTATUS(raw_); }
bool ExitStatus::signaled() const { return WIFSIGNALED(raw_); }
int ExitStatus::signal() const { return WTERMSIG(raw_); }
int ExitStatus::shell_code() const { return exited() ? exit_code() : signaled() ? 128 + signal() : -1; }

std::string ExitStatus::describe() const {
  if (exited()) return "exited with status " + std::to_string(exit_code());
  if (signaled()) {
    const char* name = ::strsignal(signal());
    return "killed by signal " + std::to_string(signal()) + (name ? std::string(" (") + name + ")" : "");
  }
  return "ended";
}

std::optional<std::string> find_program(std::string_view name, std::span<const std::string> extra_dirs) {
  const std::string program(name);
  if (program.empty()) return std::nullopt;
  if (program.find('/') != std::string::npos) return executable_file(program) ? std::optional(program) : std::nullopt;
  std::vector<std::string> dirs;
  if (const char* path = std::getenv("PATH")) {
    std::string_view rest = path;
    for (std::size_t colon; (colon = rest.find(':')) != std::string_view::npos; rest.remove_prefix(colon + 1))
      dirs.emplace_back(rest.substr(0, colon));
    dirs.emplace_back(rest);
  }
  dirs.insert(dirs.end(), extra_dirs.begin(), extra_dirs.end());
  for (const std::string& dir : dirs)
    if (!dir.empty() && executable_file(dir + "/" + program)) return dir + "/" + program;
  return std::nullopt;
}

ChildProcess::ChildProcess(std::vector<std::string> argv, ChildOptions options) : options_(std::move(options)) {
  if (argv.empty() || argv[0].empty()) throw ChildProcessError("cannot run a child process: no program given");
  program_ = argv[0];
  if (program_.find('/') == std::string::npos) {
    const std::optional<std::string> found = find_program(program_);
    if (!found) throw ChildProcessError("cannot run " + program_ + ": not found in PATH");
    argv[0] = program_ = *found;
  }
  start(argv, nullptr);
}

ChildProcess ChildProcess::fork(const std::function<void()>& body, ChildOptions options) {
  ChildProcess child;
  child.options_ = std::move(options);
  child.program_ = "forked child";
  child.start({}, &body);
  return child;
}

void ChildProcess::start(const std::vector<std::string>& argv, const std::function<void()>* body) {
  Stdio io = open_stdio(options_, program_);
  std::vector<std::string> args = argv, env = body ? std::vector<std::string>() : environment_with(options_.environment);
  const std::vector<char*> arg_ptrs = c_strings(args), env_ptrs = c_strings(env);
  Pipe exec_error = body ? Pipe{} : make_pipe(program_);
  const Launch launch{io.child_in.get(), io.child_out.get(), io.our_in.get(), io.our_out.get(), exec_error.write.get(),
                      options_.stderr_to_output, options_.die_with_parent, ::getpid(), arg_ptrs.data(),
                      env_ptrs.data(), body};
  pid_ = ::fork();
  if (pid_ < 0) throw run_error(program_, "fork", errno);
  if (pid_ == 0) run_child(launch);
  reaped_ = false;
  in_fd_ = io.our_in.release();
  out_fd_ = io.our_out.release();
  if (body) return;
  // The child's copy of the write end closes at a successful exec: end of input here.
  exec_error.write.reset();
  int e = 0;
  ssize_t n;
  do {
    n = ::read(exec_error.read.get(), &e, sizeof e);
  } while (n < 0 && errno == EINTR);
  if (n != sizeof e) return;
  reap(true);
  close_pipes();
  throw run_error(program_, "", e);
}

ChildProcess::~ChildProcess() {
  if (!reaped_ && !detached_) stop(options_.stop_grace);
  close_pipes();
}

ChildProcess::ChildProcess(ChildProcess&& other) noexcept { *this = std::move(other); }

ChildProcess& ChildProcess::operator=(ChildProcess&& other) noexcept {
  if (this == &other) return *this;
  if (!reaped_ && !detached_) stop(options_.stop_grace);
  close_pipes();
  program_ = std::move(other.program_);
  options_ = std::move(other.options_);
  pid_ = std::exchange(other.pid_, -1);
  in_fd_ = std::exchange(other.in_fd_, -1);
  out_fd_ = std::exchange(other.out_fd_, -1);
  buffer_ = std::move(other.buffer_);
  reaped_ = std::exchange(other.reaped_, true);
  detached_ = other.detached_;
  wait_status_ = other.wait_status_;
  return *this;
}

void ChildProcess::close_pipes() {
  close_fd(in_fd_);
  close_fd(out_fd_);
}

bool ChildProcess::reap(bool block) {
  if (reaped_) return true;
  int status = 0;
  pid_t r;
  do {
    r = ::waitpid(pid_, &status, block ? 0 : WNOHANG);
  } while (r < 0 && errno == EINTR);
  if (r == 0) return false;
  // r < 0: not our child any more (someone else reaped it); its status is unknown.
  reaped_ = true;
  wait_status_ = r == pid_ ? status : 0;
  return true;
}

std::optional<ExitStatus> ChildProcess::poll() {
  if (!reap(false)) return std::nullopt;
  return ExitStatus(wait_status_);
}

ExitStatus ChildProcess::wait() {
  reap(true);
  return ExitStatus(wait_status_);
}

std::optional<ExitStatus> ChildProcess::wait_for(std::chrono::milliseconds timeout) {
  const auto deadline = std::chrono::steady_clock::now() + timeout;
  std::chrono::milliseconds pause = 1ms;
  for (;;) {
    if (std::optional<ExitStatus> status = poll()) return status;
    const auto now = std::chrono::steady_clock::now();
    if (now >= deadline) return std::nullopt;
    std::this_thread::sleep_for(std::min<std::chrono::steady_clock::duration>(pause, deadline - now));
    pause = std::min(pause * 2, std::chrono::milliseconds(10));
  }
}

void ChildProcess::signal(int signo) {
  if (pid_ > 0 && !reaped_) ::kill(pid_, signo);
}

ExitStatus ChildProcess::kill() {
  signal(SIGKILL);
  return wait();
}

ExitStatus ChildProcess::stop(std::chrono::milliseconds grace) {
  close_input();
  if (std::optional<ExitStatus> status = wait_for(grace)) return *status;
  signal(SIGTERM);
  if (std::optional<ExitStatus> status = wait_for(500ms)) return *status;
  return kill();
}

void ChildProcess::close_input() { close_fd(in_fd_); }

bool ChildProcess::write(std::string_view data) {
  if (in_fd_ < 0) throw std::logic_error(program_ + ": no open input pipe to write to");
  SigpipeGuard guard;
  std::size_t done = 0;
  while (done < data.size()) {
    const ssize_t n = ::write(in_fd_, data.data() + done, data.size() - done);
    if (n >= 0) {
      done += std::size_t(n);
    } else if (errno == EPIPE) {
      return false;
    } else if (errno != EINTR) {
      throw io_error(program_, "write", errno);
    }
  }
  return true;
}

ChildProcess::Read ChildProcess::read_line(std::string& line, std::chrono::milliseconds timeout) {
  const auto deadline = std::chrono::steady_clock::now() + timeout;
  for (;;) {
    const std::size_t nl = buffer_.find('\n');
    if (nl != std::string::npos || (out_fd_ < 0 && !buffer_.empty())) {
      line = buffer_.substr(0, nl);
      buffer_.erase(0, nl == std::string::npos ? nl : nl + 1);
      if (!line.empty() && line.back() == '\r') line.pop_back();
      return Read::Line;
    }
    if (out_fd_ < 0) return Read::End;
    if (buffer_.size() > kMaxLine) throw ChildProcessError(program_ + ": an output line longer than 16 MB");
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now());
    if (left.count() <= 0) return Read::Timeout;
    pollfd p{out_fd_, POLLIN, 0};
    const int r = ::poll(&p, 1, int(std::min<long long>(left.count(), 1 << 30)));
    if (r < 0 && errno != EINTR) throw io_error(program_, "poll", errno);
    if (r <= 0) continue;
    char chunk[4096];
    const ssize_t n = ::read(out_fd_, chunk, sizeof chunk);
    if (n < 0 && errno != EINTR && errno != EAGAIN) throw io_error(program_, "read", errno);
    if (n == 0) close_fd(out_fd_);
    if (n > 0) buffer_.append(chunk, std::size_t(n));
  }
}

}  // namespace bh
