// Specification of ChildProcess: pipes both ways, output to a file, exit statuses, waits
// with a timeout, signals, forked bodies, and errors that name the program.
#include "core/platform/child_process.h"

#include <gtest/gtest.h>

#include <signal.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>

namespace bh {
namespace {

using namespace std::chrono_literals;
namespace fs = std::filesystem;

std::string read_text(const fs::path& path) {
  std::ifstream in(path);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

fs::path scratch(const std::string& name) {
  return fs::temp_directory_path() / ("bh_child_" + std::to_string(::getpid()) + "_" + name);
}

ChildOptions piped() {
  ChildOptions o;
  o.input = ChildOptions::Input::Pipe;
  o.output = ChildOptions::Output::Pipe;
  return o;
}

TEST(ChildProcess, LinesGoInAndComeOut) {
  ChildProcess cat({"cat"}, piped());
  ASSERT_TRUE(cat.write("one\r\ntwo\n"));
  std::string line;
  ASSERT_EQ(cat.read_line(line, 5s), ChildProcess::Read::Line);
  EXPECT_EQ(line, "one");
  ASSERT_EQ(cat.read_line(line, 5s), ChildProcess::Read::Line);
  EXPECT_EQ(line, "two");
  EXPECT_EQ(cat.read_line(line, 20ms), ChildProcess::Read::Timeout);
  EXPECT_TRUE(cat.running());
  ASSERT_TRUE(cat.write("last, without a line end"));
  cat.close_input();
  ASSERT_EQ(cat.read_line(line, 5s), ChildProcess::Read::Line);
  EXPECT_EQ(line, "last, without a line end");
  EXPECT_EQ(cat.read_line(line, 5s), ChildProcess::Read::End);
  EXPECT_TRUE(cat.wait().success());
}

TEST(ChildProcess, ExitStatusAndAWriteToAChildThatEndedIsFalseNotSigpipe) {
  ChildProcess shorty({"sh", "-c", "read x; exit 7"}, piped());
  ASSERT_TRUE(shorty.write("go\n"));
  const ExitStatus status = shorty.wait();
  EXPECT_TRUE(status.exited());
  EXPECT_EQ(status.exit_code(), 7);
  EXPECT_EQ(status.describe(), "exited with status 7");
  bool refused = false;
  for (int i = 0; i < 100 && !refused; ++i) refused = !shorty.write(std::string(4096, 'x'));
  EXPECT_TRUE(refused);
}

TEST(ChildProcess, OutputAndErrorGoToAFileWithExtraEnvironment) {
  const fs::path log = scratch("log");
  ChildOptions o;
  o.output = ChildOptions::Output::File;
  o.output_file = log;
  o.stderr_to_output = true;
  o.environment = {"BH_CHILD_TEST=hello"};
  ChildProcess sh({"sh", "-c", "echo out $BH_CHILD_TEST; echo err >&2; exit 3"}, o);
  EXPECT_EQ(sh.wait().shell_code(), 3);
  EXPECT_EQ(read_text(log), "out hello\nerr\n");
  fs::remove(log);
}

TEST(ChildProcess, WaitForTimesOutThenKillEndsIt) {
  ChildProcess sleeper({"sleep", "30"});
  EXPECT_EQ(sleeper.wait_for(20ms), std::nullopt);
  const ExitStatus status = sleeper.kill();
  EXPECT_TRUE(status.signaled());
  EXPECT_EQ(status.signal(), SIGKILL);
  EXPECT_EQ(status.shell_code(), 128 + SIGKILL);
  EXPECT_FALSE(sleeper.running());
}

TEST(ChildProcess, TheDestructorEndsAChildThatIgnoresEndOfInput) {
  pid_t pid = -1;
  {
    ChildOptions o;
    o.stop_grace = 10ms;
    ChildProcess sleeper({"sleep", "30"}, o);
    pid = sleeper.pid();
  }
  EXPECT_NE(::kill(pid, 0), 0);  // gone and reaped
}

TEST(ChildProcess, AForkedBodyReportsHowItEnded) {
  EXPECT_EQ(ChildProcess::fork([] {}).wait().shell_code(), 0);
  ChildOptions quiet;
  quiet.output = ChildOptions::Output::Null;
  quiet.stderr_to_output = true;
  EXPECT_EQ(ChildProcess::fork([] { throw std::runtime_error("boom"); }, quiet).wait().shell_code(), 1);
  EXPECT_EQ(ChildProcess::fork([] { ::raise(SIGKILL); }).wait().signal(), SIGKILL);
}

TEST(ChildProcess, AProgramThatCannotStartIsNamedWithTheReason) {
  try {
    ChildProcess nope({"no-such-program-anywhere"});
    FAIL() << "started";
  } catch (const ChildProcessError& e) {
    EXPECT_EQ(std::string(e.what()), "cannot run no-such-program-anywhere: not found in PATH");
  }
  const fs::path text = scratch("not-executable");
  std::ofstream(text) << "#!/bin/sh\n";
  try {
    ChildProcess nope({text.string()});
    FAIL() << "started";
  } catch (const ChildProcessError& e) {
    EXPECT_EQ(std::string(e.what()), "cannot run " + text.string() + ": Permission denied");
  }
  fs::remove(text);
}

TEST(ChildProcess, FindProgramLooksInPathThenTheExtraDirectories) {
  EXPECT_TRUE(find_program("sh").has_value());
  EXPECT_EQ(find_program("/bin/sh"), std::optional<std::string>("/bin/sh"));
  EXPECT_EQ(find_program("no-such-program-anywhere"), std::nullopt);
  const fs::path dir = scratch("bin");
  fs::create_directories(dir);
  std::ofstream(dir / "bh-extra-tool") << "#!/bin/sh\n";
  fs::permissions(dir / "bh-extra-tool", fs::perms::owner_all);
  const std::string extra[] = {dir.string()};
  EXPECT_EQ(find_program("bh-extra-tool", extra), std::optional<std::string>((dir / "bh-extra-tool").string()));
  fs::remove_all(dir);
}

}  // namespace
}  // namespace bh
