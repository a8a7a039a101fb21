// run_lock.cpp — flock(2) on a file in the run directory.
#include "training/loop/run_lock.h"

#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <fstream>
#include <stdexcept>

namespace bh {

namespace {

std::string holder_of(const std::filesystem::path& file) {
  std::ifstream in(file);
  std::string line;
  std::getline(in, line);
  return line.empty() ? "another process" : line;
}

}  // namespace

RunLock::RunLock(const std::filesystem::path& dir, const std::string& who) {
  const auto file = dir / kFileName;
  // O_CLOEXEC: engines and other programs the trainer starts must not inherit the lock.
  fd_ = ::open(file.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
  if (fd_ < 0) throw std::runtime_error("cannot open " + file.string() + ": " + std::strerror(errno));
  if (::flock(fd_, LOCK_EX | LOCK_NB) != 0) {
    const int err = errno;
    ::close(fd_);
    fd_ = -1;
    if (err != EWOULDBLOCK) throw std::runtime_error("cannot lock " + file.string() + ": " + std::strerror(err));
    throw std::runtime_error("run directory " + dir.string() + " is in use by " + holder_of(file) +
                             "; one process at a time may write a run (wait for it to stop, or stop it)");
  }
  const std::string holder = who + " (pid " + std::to_string(::getpid()) + ")\n";
  if (::ftruncate(fd_, 0) != 0 || ::pwrite(fd_, holder.data(), holder.size(), 0) != ssize_t(holder.size())) {
    const int err = errno;
    ::close(fd_);
    throw std::runtime_error("cannot write " + file.string() + ": " + std::strerror(err));
  }
}

RunLock::~RunLock() {
  if (fd_ >= 0) ::close(fd_);  // closing the last descriptor releases the lock
}

}  // namespace bh
