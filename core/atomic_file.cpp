// atomic_file.cpp — temp file + fsync + rename (POSIX).
#include "core/atomic_file.h"

#include "core/write_boundary.h"

#include <cerrno>
#include <cstring>
#include <stdexcept>
#include <string>

#include <fcntl.h>
#include <unistd.h>

namespace bh {

namespace {

[[noreturn]] void fail(const std::filesystem::path& path, const char* what, int err) {
  throw std::runtime_error("cannot write " + path.string() + ": " + what + ": " + std::strerror(err));
}

// Closes the descriptor and removes the temporary file unless released.
struct TempFile {
  std::filesystem::path path;
  int fd = -1;
  bool keep = false;
  ~TempFile() {
    if (fd >= 0) ::close(fd);
    if (!keep) ::unlink(path.c_str());
  }
};

}  // namespace

void write_file_atomic(const std::filesystem::path& path, std::span<const std::uint8_t> bytes) {
  // The pid keeps two processes writing the same target from sharing a temporary file.
  write_boundary("begin", path);
  TempFile tmp{path.string() + ".tmp." + std::to_string(::getpid())};
  tmp.fd = ::open(tmp.path.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (tmp.fd < 0) fail(path, "open", errno);
  std::size_t done = 0;
  while (done < bytes.size()) {
    ssize_t n = ::write(tmp.fd, bytes.data() + done, bytes.size() - done);
    if (n < 0) {
      if (errno == EINTR) continue;
      fail(path, "write", errno);
    }
    done += std::size_t(n);
  }
  if (::fsync(tmp.fd) != 0) fail(path, "fsync", errno);
  const int fd = tmp.fd;
  tmp.fd = -1;
  if (::close(fd) != 0) fail(path, "close", errno);
  write_boundary("written", path);
  if (::rename(tmp.path.c_str(), path.c_str()) != 0) fail(path, "rename", errno);
  tmp.keep = true;
  write_boundary("renamed", path);
}

void write_file_atomic(const std::filesystem::path& path, std::string_view text) {
  write_file_atomic(path, std::span<const std::uint8_t>(reinterpret_cast<const std::uint8_t*>(text.data()), text.size()));
}

}  // namespace bh
