// atomic_file.h — writing a file so that readers see either the old file or the whole new
// one, never a half-written one (a crash or a full disk leaves the old file in place):
// write a temporary file beside it, flush it, then rename it over the target.
#pragma once

#include <filesystem>
#include <functional>
#include <ostream>

namespace bh {

// Calls `write` with a binary stream to a temporary file in the target's directory and
// renames it to `path` once the stream is good. Throws std::runtime_error naming the
// path when the file cannot be written; the temporary file is removed on every failure.
void write_file_atomically(const std::filesystem::path& path, const std::function<void(std::ostream&)>& write);

}  // namespace bh
