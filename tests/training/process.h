// process.h — running the `bughouse` program from a test as a real process (so that it
// can be killed with SIGKILL or SIGINT like a user or a crash would), with its output in
// a file.
#pragma once

#include <fcntl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

namespace bh {

struct Process {
  pid_t pid = -1;
  std::filesystem::path output;
};

// Starts `bughouse <args>` with stdout and stderr into `output`, with `env` (NAME, value)
// added to its environment.
inline Process start(const std::vector<std::string>& args, const std::filesystem::path& output,
                     const std::vector<std::pair<std::string, std::string>>& env = {}) {
  Process p{-1, output};
  p.pid = fork();
  if (p.pid == 0) {
    for (const auto& [name, value] : env) setenv(name.c_str(), value.c_str(), 1);
    int fd = ::open(output.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    dup2(fd, 1);
    dup2(fd, 2);
    std::vector<char*> argv{const_cast<char*>(BUGHOUSE_BINARY)};
    for (const auto& a : args) argv.push_back(const_cast<char*>(a.c_str()));
    argv.push_back(nullptr);
    execv(BUGHOUSE_BINARY, argv.data());
    _exit(127);
  }
  return p;
}

inline int wait_for(const Process& p) {
  int status = 0;
  waitpid(p.pid, &status, 0);
  return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

inline std::string read_text(const std::filesystem::path& path) {
  std::ifstream in(path);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

inline int run(const std::vector<std::string>& args, const std::filesystem::path& output,
               const std::vector<std::pair<std::string, std::string>>& env = {}) {
  return wait_for(start(args, output, env));
}

// An empty directory of that name under the system's temporary directory.
inline std::filesystem::path fresh_dir(const std::string& name) {
  std::filesystem::path d = std::filesystem::temp_directory_path() / name;
  std::filesystem::remove_all(d);
  std::filesystem::create_directories(d);
  return d;
}

}  // namespace bh
