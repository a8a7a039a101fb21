// subprocess.cpp — fork/exec with pipes, poll-based line reads, SIGPIPE-safe writes.
#include "training/engine/subprocess.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>
#ifdef __linux__
#include <sys/prctl.h>
#endif

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <thread>

namespace bh {

namespace {

bool executable(const std::string& path) {
  struct stat st {};
  return ::stat(path.c_str(), &st) == 0 && S_ISREG(st.st_mode) && ::access(path.c_str(), X_OK) == 0;
}

std::string errno_text(int e) { return std::strerror(e); }

void close_fd(int& fd) {
  if (fd >= 0) ::close(fd);
  fd = -1;
}

// A write to a pipe whose reader died raises SIGPIPE, which would kill this whole
// program. Block it on this thread for the write and consume it if it came, so the
// failure is an EPIPE we can report instead; other threads are untouched.
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

}  // namespace

std::string resolve_program(const std::string& program) {
  if (program.empty()) throw EngineError("engine: empty program name");
  if (program.find('/') != std::string::npos) {
    if (!executable(program)) throw EngineError("engine '" + program + "': no executable file there");
    return program;
  }
  std::string dirs;
  if (const char* path = std::getenv("PATH")) dirs = path;
  dirs += ":/usr/games:/usr/local/games";
  std::size_t start = 0;
  while (start <= dirs.size()) {
    std::size_t end = dirs.find(':', start);
    if (end == std::string::npos) end = dirs.size();
    std::string dir = dirs.substr(start, end - start);
    if (!dir.empty()) {
      std::string candidate = dir + "/" + program;
      if (executable(candidate)) return candidate;
    }
    start = end + 1;
  }
  throw EngineError("engine '" + program + "': not found in PATH or /usr/games");
}

Subprocess::Subprocess(std::vector<std::string> argv, std::string name) : name_(std::move(name)) {
  if (argv.empty()) throw EngineError("engine " + name_ + ": no program given");
  argv[0] = resolve_program(argv[0]);
  int to_child[2], from_child[2], exec_error[2];
  if (::pipe2(to_child, O_CLOEXEC) != 0) throw EngineError("engine " + name_ + ": pipe: " + errno_text(errno));
  if (::pipe2(from_child, O_CLOEXEC) != 0) {
    ::close(to_child[0]), ::close(to_child[1]);
    throw EngineError("engine " + name_ + ": pipe: " + errno_text(errno));
  }
  if (::pipe2(exec_error, O_CLOEXEC) != 0) {
    for (int fd : {to_child[0], to_child[1], from_child[0], from_child[1]}) ::close(fd);
    throw EngineError("engine " + name_ + ": pipe: " + errno_text(errno));
  }
  std::vector<char*> args;
  for (auto& a : argv) args.push_back(a.data());
  args.push_back(nullptr);
  const pid_t parent = ::getpid();

  pid_ = ::fork();
  if (pid_ < 0) {
    for (int fd : {to_child[0], to_child[1], from_child[0], from_child[1], exec_error[0], exec_error[1]}) ::close(fd);
    throw EngineError("engine " + name_ + ": fork: " + errno_text(errno));
  }
  if (pid_ == 0) {
    // Child: only async-signal-safe calls from here on.
#ifdef __linux__
    ::prctl(PR_SET_PDEATHSIG, SIGKILL);  // never outlive the program that runs us
    if (::getppid() != parent) ::_exit(127);
#endif
    ::dup2(to_child[0], STDIN_FILENO);
    ::dup2(from_child[1], STDOUT_FILENO);
    ::signal(SIGPIPE, SIG_DFL);
    sigset_t none;
    sigemptyset(&none);
    ::sigprocmask(SIG_SETMASK, &none, nullptr);  // the parent may block SIGINT/SIGPIPE
    ::execv(args[0], args.data());
    const int e = errno;
    ssize_t ignored = ::write(exec_error[1], &e, sizeof e);
    (void)ignored;
    ::_exit(127);
  }
  (void)parent;
  ::close(to_child[0]);
  ::close(from_child[1]);
  ::close(exec_error[1]);
  in_fd_ = to_child[1];
  out_fd_ = from_child[0];
  int e = 0;
  ssize_t n;
  do {
    n = ::read(exec_error[0], &e, sizeof e);
  } while (n < 0 && errno == EINTR);
  ::close(exec_error[0]);
  if (n == sizeof e) {
    reap(true);
    close_fd(in_fd_);
    close_fd(out_fd_);
    throw EngineError("engine " + name_ + ": cannot run " + argv[0] + ": " + errno_text(e));
  }
}

Subprocess::~Subprocess() {
  close_fd(in_fd_);
  using namespace std::chrono_literals;
  auto wait_for_end = [&](std::chrono::milliseconds limit) {
    const auto end = std::chrono::steady_clock::now() + limit;
    while (!reap(false)) {
      if (std::chrono::steady_clock::now() >= end) return false;
      std::this_thread::sleep_for(5ms);
    }
    return true;
  };
  if (!wait_for_end(1000ms)) {
    ::kill(pid_, SIGTERM);
    if (!wait_for_end(500ms)) {
      ::kill(pid_, SIGKILL);
      reap(true);
    }
  }
  close_fd(out_fd_);
}

bool Subprocess::reap(bool block) {
  if (reaped_) return true;
  int status = 0;
  pid_t r;
  do {
    r = ::waitpid(pid_, &status, block ? 0 : WNOHANG);
  } while (r < 0 && errno == EINTR);
  if (r == pid_) {
    reaped_ = true;
    wait_status_ = status;
    return true;
  }
  if (r < 0) {  // not our child any more (cannot happen unless someone else reaped it)
    reaped_ = true;
    return true;
  }
  return false;
}

bool Subprocess::running() { return !reap(false); }

std::string Subprocess::status_text() {
  if (!reap(false)) return "running";
  if (WIFEXITED(wait_status_)) return "exited with status " + std::to_string(WEXITSTATUS(wait_status_));
  if (WIFSIGNALED(wait_status_)) {
    const char* sig = ::strsignal(WTERMSIG(wait_status_));
    return "killed by signal " + std::to_string(WTERMSIG(wait_status_)) + (sig ? std::string(" (") + sig + ")" : "");
  }
  return "ended";
}

void Subprocess::died(const std::string& doing) {
  // Give the child a moment to finish dying so the message can say how it ended.
  for (int i = 0; i < 100 && !reap(false); ++i) std::this_thread::sleep_for(std::chrono::milliseconds(5));
  throw EngineError("engine " + name_ + " died (" + status_text() + ") " + doing);
}

void Subprocess::write_line(std::string_view line) {
  if (in_fd_ < 0) throw EngineError("engine " + name_ + ": its input is closed");
  std::string data(line);
  data += '\n';
  SigpipeGuard guard;
  std::size_t done = 0;
  while (done < data.size()) {
    ssize_t n = ::write(in_fd_, data.data() + done, data.size() - done);
    if (n < 0) {
      if (errno == EINTR) continue;
      if (errno == EPIPE) died("while being sent '" + std::string(line) + "'");
      throw EngineError("engine " + name_ + ": write: " + errno_text(errno));
    }
    done += std::size_t(n);
  }
}

std::optional<std::string> Subprocess::read_line(std::chrono::milliseconds timeout) {
  const auto deadline = std::chrono::steady_clock::now() + timeout;
  for (;;) {
    std::size_t nl = buffer_.find('\n');
    if (nl != std::string::npos) {
      std::string line = buffer_.substr(0, nl);
      buffer_.erase(0, nl + 1);
      if (!line.empty() && line.back() == '\r') line.pop_back();
      return line;
    }
    if (out_fd_ < 0) died("(its output was already closed)");
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now());
    if (left.count() <= 0) return std::nullopt;
    pollfd p{out_fd_, POLLIN, 0};
    int r = ::poll(&p, 1, int(std::min<long long>(left.count(), 1 << 30)));
    if (r < 0) {
      if (errno == EINTR) continue;
      throw EngineError("engine " + name_ + ": poll: " + errno_text(errno));
    }
    if (r == 0) return std::nullopt;
    char chunk[4096];
    ssize_t n = ::read(out_fd_, chunk, sizeof chunk);
    if (n < 0) {
      if (errno == EINTR || errno == EAGAIN) continue;
      throw EngineError("engine " + name_ + ": read: " + errno_text(errno));
    }
    if (n == 0) {
      close_fd(out_fd_);
      died("(it closed its output)");
    }
    buffer_.append(chunk, std::size_t(n));
    if (buffer_.size() > (1u << 24)) throw EngineError("engine " + name_ + ": a line longer than 16 MB");
  }
}

void Subprocess::close_input() { close_fd(in_fd_); }

}  // namespace bh
