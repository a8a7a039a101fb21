// atomic_file.cpp — temp file + rename.
#include "nn/atomic_file.h"

#include <fstream>
#include <stdexcept>
#include <system_error>

#include <unistd.h>

namespace bh {

namespace {

// Removes the temporary file unless released: every exit path but success cleans up.
struct TempFile {
  std::filesystem::path path;
  bool keep = false;
  ~TempFile() {
    std::error_code ec;
    if (!keep) std::filesystem::remove(path, ec);
  }
};

}  // namespace

void write_file_atomically(const std::filesystem::path& path, const std::function<void(std::ostream&)>& write) {
  // The pid keeps two processes writing the same target from sharing a temporary file.
  TempFile tmp{path.string() + ".tmp." + std::to_string(::getpid())};
  {
    std::ofstream out(tmp.path, std::ios::binary | std::ios::trunc);
    if (!out) throw std::runtime_error("cannot create " + tmp.path.string());
    write(out);
    out.close();  // close errors (a full disk) surface here, not in a destructor
    if (!out) throw std::runtime_error("writing " + path.string() + " failed (disk full?)");
  }
  std::error_code ec;
  std::filesystem::rename(tmp.path, path, ec);
  if (ec) throw std::runtime_error("cannot rename " + tmp.path.string() + " to " + path.string() + ": " + ec.message());
  tmp.keep = true;
}

}  // namespace bh
