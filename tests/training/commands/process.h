// process.h — running the `bughouse` program from a test as a real process (so that it
// can be killed with SIGKILL or SIGINT like a user or a crash would), with its output in
// a file. A process the test leaves running ends with its ChildProcess.
#pragma once

#include <chrono>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <utility>
#include <thread>
#include <vector>

#include "core/platform/child_process.h"

namespace bh {

using Process = ChildProcess;

// Starts `bughouse <args>` with stdout and stderr into `output`, with `env` (NAME, value)
// added to its environment.
inline Process start(const std::vector<std::string>& args, const std::filesystem::path& output,
                     const std::vector<std::pair<std::string, std::string>>& env = {}) {
  std::vector<std::string> argv{BUGHOUSE_BINARY};
  argv.insert(argv.end(), args.begin(), args.end());
  ChildOptions o;
  o.output = ChildOptions::Output::File;
  o.output_file = output;
  o.stderr_to_output = true;
  for (const auto& [name, value] : env) o.environment.push_back(name + "=" + value);
  return ChildProcess(argv, o);
}

// Its exit code, or 128 + the signal that ended it.
inline int wait_for(Process& p) { return p.wait().shell_code(); }

inline std::string read_text(const std::filesystem::path& path) {
  std::ifstream in(path);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

inline int run(const std::vector<std::string>& args, const std::filesystem::path& output,
               const std::vector<std::pair<std::string, std::string>>& env = {}) {
  Process p = start(args, output, env);
  return wait_for(p);
}

// Waits until `path` exists (true) or `limit` passes (false). A limit, not a timing: the
// tests wait for a state the program reaches, and fail only if it never does.
inline bool wait_until_exists(const std::filesystem::path& path, std::chrono::seconds limit = std::chrono::minutes(3)) {
  const auto deadline = std::chrono::steady_clock::now() + limit;
  while (!std::filesystem::exists(path))
    if (std::chrono::steady_clock::now() >= deadline) return false;
    else std::this_thread::sleep_for(std::chrono::milliseconds(20));
  return true;
}

// An empty directory of that name under the system's temporary directory.
inline std::filesystem::path fresh_dir(const std::string& name) {
  std::filesystem::path d = std::filesystem::temp_directory_path() / name;
  std::filesystem::remove_all(d);
  std::filesystem::create_directories(d);
  return d;
}

}  // namespace bh
