// run_lock.h — a run directory belongs to one process at a time. The lock is a `flock` on
// DIR/train.lock, which the kernel releases when the process ends in any way (kill -9
// included), so a crash never leaves a stale lock behind; the file holds the owner's pid
// so that a refused second trainer can say who holds the run.
#pragma once

#include <filesystem>
#include <string>

namespace bh {

class RunLock {
 public:
  // Takes the lock or throws std::runtime_error naming the directory and the process that
  // holds it. `who` says what the holder is doing ("bughouse train"), for that message.
  RunLock(const std::filesystem::path& dir, const std::string& who);
  ~RunLock();
  RunLock(const RunLock&) = delete;
  RunLock& operator=(const RunLock&) = delete;

  static constexpr const char* kFileName = "train.lock";

 private:
  int fd_ = -1;
};

}  // namespace bh
