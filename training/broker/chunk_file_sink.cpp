// chunk_file_sink.cpp — temp file, fsync, rename, fsync the directory.
#include "training/broker/chunk_file_sink.h"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <stdexcept>
#include <system_error>

namespace bh {

namespace {

constexpr std::string_view kSuffix = ".chunk";
constexpr std::string_view kTempMark = ".tmp-";  // in ".<id>.chunk.tmp-<pid>-<n>"

[[noreturn]] void fail(const std::string& what, const std::filesystem::path& p) {
  throw std::system_error(errno, std::generic_category(), what + " " + p.string());
}

// Closes the descriptor on every path out.
class Fd {
 public:
  explicit Fd(int fd) : fd_(fd) {}
  ~Fd() {
    if (fd_ >= 0) ::close(fd_);
  }
  Fd(const Fd&) = delete;
  Fd& operator=(const Fd&) = delete;
  int get() const { return fd_; }
  // Closes now, reporting the error close() may carry (deferred write errors on NFS).
  int close() {
    int r = ::close(fd_);
    fd_ = -1;
    return r;
  }

 private:
  int fd_;
};

void fsync_dir(const std::filesystem::path& dir) {
  Fd d(::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC));
  if (d.get() < 0) fail("cannot open directory", dir);
  if (::fsync(d.get()) != 0) fail("cannot fsync directory", dir);
}

}  // namespace

ChunkFileSink::ChunkFileSink(std::filesystem::path dir, bool durable) : dir_(std::move(dir)), durable_(durable) {
  std::filesystem::create_directories(dir_);
  // A crash mid-write leaves a temporary file; its entry was never acknowledged and comes
  // back, so the leftover is garbage.
  for (const auto& f : std::filesystem::directory_iterator(dir_)) {
    std::string name = f.path().filename().string();
    if (name.starts_with('.') && name.find(kTempMark) != std::string::npos) std::filesystem::remove(f.path());
  }
}

std::filesystem::path ChunkFileSink::path_for(std::string_view entry_id) const {
  if (!valid_stream_id(entry_id))
    throw std::invalid_argument("chunk file: '" + printable_name(entry_id) + "' is not a stream entry id");
  return dir_ / (std::string(entry_id) + std::string(kSuffix));
}

bool ChunkFileSink::contains(std::string_view entry_id) const { return std::filesystem::exists(path_for(entry_id)); }

bool ChunkFileSink::write(std::string_view entry_id, std::span<const std::uint8_t> bytes) {
  bool fresh = write_file(entry_id, bytes);
  if (fresh && durable_) fsync_dir(dir_);
  return fresh;
}

std::vector<bool> ChunkFileSink::write_batch(std::span<const ChunkEntry> entries) {
  std::vector<bool> fresh;
  fresh.reserve(entries.size());
  bool any = false;
  for (const ChunkEntry& e : entries) {
    fresh.push_back(write_file(e.id, e.bytes()));
    any = any || fresh.back();
  }
  // One fsync makes every rename above durable.
  if (any && durable_) fsync_dir(dir_);
  return fresh;
}

bool ChunkFileSink::write_file(std::string_view entry_id, std::span<const std::uint8_t> bytes) {
  const std::filesystem::path target = path_for(entry_id);
  if (std::filesystem::exists(target)) return false;
  const std::filesystem::path temp =
      dir_ / ("." + std::string(entry_id) + std::string(kSuffix) + std::string(kTempMark) +
              std::to_string(::getpid()) + "-" + std::to_string(temp_counter_++));
  {
    Fd fd(::open(temp.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644));
    if (fd.get() < 0) fail("cannot create", temp);
    std::size_t done = 0;
    while (done < bytes.size()) {
      ssize_t n = ::write(fd.get(), bytes.data() + done, bytes.size() - done);
      if (n < 0 && errno == EINTR) continue;
      if (n < 0) {
        int e = errno;
        std::filesystem::remove(temp);
        errno = e;
        fail("cannot write", temp);
      }
      done += std::size_t(n);
    }
    if (durable_ && ::fsync(fd.get()) != 0) fail("cannot fsync", temp);
    if (fd.close() != 0) fail("cannot close", temp);
  }
  if (::rename(temp.c_str(), target.c_str()) != 0) fail("cannot rename into place", target);
  return true;
}

std::vector<std::string> ChunkFileSink::entry_ids() const {
  std::vector<std::string> ids;
  for (const auto& f : std::filesystem::directory_iterator(dir_)) {
    std::string name = f.path().filename().string();
    if (name.size() <= kSuffix.size() || !name.ends_with(kSuffix)) continue;
    std::string id = name.substr(0, name.size() - kSuffix.size());
    if (valid_stream_id(id)) ids.push_back(std::move(id));
  }
  return ids;
}

}  // namespace bh
