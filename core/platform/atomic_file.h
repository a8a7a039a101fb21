// atomic_file.h — writing a file so that readers see either nothing or all of it: write a
// temporary file beside it, flush it to disk, then rename it over the final name. Every
// whole file the program writes goes through here; only append-only logs (metrics.jsonl,
// BPGN records appended game by game) append instead, and say so where they do.
#pragma once

#include <cstdint>
#include <filesystem>
#include <functional>
#include <ostream>
#include <span>
#include <string_view>

namespace bh {

// How far a replacement is pushed to the disk before the call returns.
enum class FileSync {
  None,       // no fsync: whole or absent for readers, but a power cut may lose it (scratch files)
  File,       // the file's bytes reach the disk before the rename (the default)
  Directory,  // and so does the rename: the directory is fsynced after it
};

struct AtomicWriteOptions {
  FileSync sync = FileSync::File;
  // The temporary file; empty: `<path>.tmp.<pid>`. It must be on the same file system as
  // `path` (a rename does not cross them): in the same directory.
  std::filesystem::path temp_path;
};

// Writes what `write` puts into the stream to the temporary file, then renames it over
// `path`. Throws std::system_error naming the path, the step and the system's reason (an
// exception from `write` passes through unchanged); the temporary file is removed then.
// This is the one function that replaces files; the overloads below call it.
void write_file_atomic(const std::filesystem::path& path, const std::function<void(std::ostream&)>& write,
                       const AtomicWriteOptions& options = {});
void write_file_atomic(const std::filesystem::path& path, std::span<const std::uint8_t> bytes,
                       const AtomicWriteOptions& options = {});
void write_file_atomic(const std::filesystem::path& path, std::string_view text, const AtomicWriteOptions& options = {});

// fsync of a directory: makes the renames into it durable. One call after several writes
// with FileSync::File costs one directory sync instead of one per file. Throws
// std::system_error naming the directory.
void fsync_directory(const std::filesystem::path& dir);

}  // namespace bh
