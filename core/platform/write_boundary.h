// write_boundary.h — the points between the steps of writing a file (before a temporary
// file is written, before it is renamed into place, after the rename, around an append),
// named so that a test can stop the program at any one of them.
//
// Why: a run that is killed must lose nothing it had committed and repeat nothing
// (training/loop/README.md "Resume"). The fault-injection test proves that at every boundary,
// not at a moment picked by a timer: it runs the program once with
// BUGHOUSE_WRITE_TRACE=<file> to list the boundaries (one line each: "<n> <what> <file>"),
// then once per boundary with BUGHOUSE_KILL_AT_WRITE=<n>, which sends the process SIGKILL at
// the n-th boundary, and resumes. Without either variable a boundary costs one load of a
// flag.
#pragma once

#include <filesystem>
#include <string_view>

namespace bh {

// `what` names the step ("begin", "written", "renamed", "append", "appended"); `file` the
// file it concerns.
void write_boundary(std::string_view what, const std::filesystem::path& file);

}  // namespace bh
