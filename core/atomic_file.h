// atomic_file.h — writing a file so that readers see either nothing or all of it: write a
// temporary file beside it, flush it to disk, then rename it over the final name.
#pragma once

#include <cstdint>
#include <filesystem>
#include <span>
#include <string_view>

namespace bh {

// Throws std::runtime_error naming the path and the system's reason on failure; the
// temporary file (`<path>.tmp.<pid>`) is removed then.
void write_file_atomic(const std::filesystem::path& path, std::span<const std::uint8_t> bytes);
void write_file_atomic(const std::filesystem::path& path, std::string_view text);

}  // namespace bh
