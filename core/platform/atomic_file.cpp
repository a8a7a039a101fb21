// atomic_file.cpp — temp file + fsync + rename (+ fsync of the directory), POSIX.
#include "core/platform/atomic_file.h"

#include "core/platform/write_boundary.h"

#include <cerrno>
#include <cstring>
#include <streambuf>
#include <string>
#include <system_error>

#include <fcntl.h>
#include <unistd.h>

namespace bh {

namespace {

[[noreturn]] void fail(const std::filesystem::path& path, const char* what, int err) {
  throw std::system_error(err, std::generic_category(), "cannot write " + path.string() + ": " + what);
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

// A stream buffer that writes to a descriptor and remembers the first error.
class FdBuffer : public std::streambuf {
 public:
  explicit FdBuffer(int fd) : fd_(fd) { setp(buffer_, buffer_ + sizeof buffer_); }
  int error() const { return error_; }

 protected:
  int_type overflow(int_type c) override {
    if (!drain()) return traits_type::eof();
    if (!traits_type::eq_int_type(c, traits_type::eof())) {
      *pptr() = traits_type::to_char_type(c);
      pbump(1);
    }
    return traits_type::not_eof(c);
  }
  int sync() override { return drain() ? 0 : -1; }
  std::streamsize xsputn(const char* s, std::streamsize n) override {
    if (n <= epptr() - pptr()) {
      std::memcpy(pptr(), s, std::size_t(n));
      pbump(int(n));
      return n;
    }
    return drain() && write_all(s, std::size_t(n)) ? n : 0;  // large blocks bypass the buffer
  }

 private:
  bool drain() {
    const bool ok = write_all(pbase(), std::size_t(pptr() - pbase()));
    setp(buffer_, buffer_ + sizeof buffer_);
    return ok;
  }
  bool write_all(const char* data, std::size_t size) {
    while (size > 0 && error_ == 0) {
      const ssize_t n = ::write(fd_, data, size);
      if (n >= 0) {
        data += n;
        size -= std::size_t(n);
      } else if (errno != EINTR) {
        error_ = errno;
      }
    }
    return error_ == 0;
  }

  int fd_;
  int error_ = 0;
  char buffer_[1 << 16];
};

std::filesystem::path default_temp(const std::filesystem::path& path) {
  // The pid keeps two processes writing the same target from sharing a temporary file.
  return path.string() + ".tmp." + std::to_string(::getpid());
}

}  // namespace

void write_file_atomic(const std::filesystem::path& path, const std::function<void(std::ostream&)>& write,
                       const AtomicWriteOptions& options) {
  write_boundary("begin", path);
  TempFile tmp{options.temp_path.empty() ? default_temp(path) : options.temp_path};
  tmp.fd = ::open(tmp.path.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (tmp.fd < 0) fail(path, "open", errno);
  {
    FdBuffer buffer(tmp.fd);
    std::ostream out(&buffer);
    write(out);
    out.flush();
    if (buffer.error() != 0) fail(path, "write", buffer.error());
    if (!out) fail(path, "write", EIO);  // the writer left the stream failed
  }
  if (options.sync != FileSync::None && ::fsync(tmp.fd) != 0) fail(path, "fsync", errno);
  const int fd = tmp.fd;
  tmp.fd = -1;
  if (::close(fd) != 0) fail(path, "close", errno);
  write_boundary("written", path);
  if (::rename(tmp.path.c_str(), path.c_str()) != 0) fail(path, "rename", errno);
  tmp.keep = true;
  if (options.sync == FileSync::Directory) fsync_directory(path.has_parent_path() ? path.parent_path() : ".");
  write_boundary("renamed", path);
}

void write_file_atomic(const std::filesystem::path& path, std::span<const std::uint8_t> bytes,
                       const AtomicWriteOptions& options) {
  write_file_atomic(
      path, [&](std::ostream& out) { out.write(reinterpret_cast<const char*>(bytes.data()), std::streamsize(bytes.size())); },
      options);
}

void write_file_atomic(const std::filesystem::path& path, std::string_view text, const AtomicWriteOptions& options) {
  write_file_atomic(path, [&](std::ostream& out) { out.write(text.data(), std::streamsize(text.size())); }, options);
}

void fsync_directory(const std::filesystem::path& dir) {
  const int fd = ::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (fd < 0) throw std::system_error(errno, std::generic_category(), "cannot open directory " + dir.string());
  const int r = ::fsync(fd);
  const int err = errno;
  ::close(fd);
  if (r != 0) throw std::system_error(err, std::generic_category(), "cannot fsync directory " + dir.string());
}

}  // namespace bh
