// line_reader.cpp — poll and read on a file descriptor.
#include "training/live/line_reader.h"

#include <poll.h>
#include <unistd.h>

#include <cerrno>

namespace bh {

std::vector<std::string> LineReader::read() {
  std::vector<std::string> lines;
  char chunk[1024];
  while (open_) {
    pollfd p{fd_, POLLIN, 0};
    if (::poll(&p, 1, 0) <= 0) break;
    const ssize_t n = ::read(fd_, chunk, sizeof chunk);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      open_ = false;
      break;
    }
    buffer_.append(chunk, std::size_t(n));
  }
  std::size_t nl;
  while ((nl = buffer_.find('\n')) != std::string::npos) {
    lines.push_back(buffer_.substr(0, nl));
    buffer_.erase(0, nl + 1);
  }
  if (!open_ && !buffer_.empty()) {
    lines.push_back(buffer_);
    buffer_.clear();
  }
  return lines;
}

void LineReader::wait(int ms) const {
  pollfd p{fd_, POLLIN, 0};
  ::poll(&p, 1, ms);
}

}  // namespace bh
