// Specification of the `bughouse serve` command itself: it prints the URL to open, serves
// the page and creates tables there, and stops cleanly on SIGTERM; a `--run` directory
// that is not there is an error naming it.
#include <gtest/gtest.h>

#include <signal.h>

#include <regex>

#include "core/platform/child_process.h"
#include "training/players/subprocess.h"
#include "tests/training/server/ws_client.h"

namespace bh::server {
namespace {

using namespace std::chrono_literals;
namespace http = boost::beast::http;

// The next line containing `text`, or "" when none came within the limit.
std::string line_with(Subprocess& p, const std::string& text, std::chrono::seconds limit = 60s) {
  const auto end = std::chrono::steady_clock::now() + limit;
  while (std::chrono::steady_clock::now() < end) {
    const std::optional<std::string> line = p.read_line(1s);
    if (line && line->find(text) != std::string::npos) return *line;
  }
  return "";
}

TEST(ServeCli, PrintsItsUrlServesThePageAndStopsOnSigterm) {
  Subprocess serve({BUGHOUSE_CLI, "serve", "--port", "0", "--model", "random"}, "bughouse serve");
  const std::string line = line_with(serve, "open http://");
  std::smatch m;
  ASSERT_TRUE(std::regex_search(line, m, std::regex("http://127\\.0\\.0\\.1:([0-9]+)/"))) << line;
  const auto port = static_cast<unsigned short>(std::stoi(m[1]));
  const auto page = test::http_request(port, http::verb::get, "/");
  EXPECT_EQ(page.status, 200);
  EXPECT_NE(page.body.find("app.js"), std::string::npos);
  EXPECT_EQ(test::http_request(port, http::verb::post, "/api/tables", R"({"clock":"1+0"})").status, 201);
  ::kill(serve.pid(), SIGTERM);
  EXPECT_NE(line_with(serve, "bughouse serve: stopped", 20s), "");
  for (int i = 0; i < 200 && serve.running(); ++i) std::this_thread::sleep_for(50ms);  // bounded wait for the exit
  EXPECT_EQ(serve.status_text(), "exited with status 0");
}

TEST(ServeCli, AMissingRunDirectoryIsAnErrorNamingIt) {
  const std::string missing = "/nonexistent/bughouse-run";
  ChildOptions options;
  options.input = ChildOptions::Input::Null;
  options.output = ChildOptions::Output::Pipe;
  options.stderr_to_output = true;
  ChildProcess serve({BUGHOUSE_CLI, "serve", "--port", "0", "--model", "random", "--run", missing}, options);
  std::string output;
  std::string line;
  while (serve.read_line(line, 60s) == ChildProcess::Read::Line) output += line + "\n";
  EXPECT_NE(output.find("run directory '" + missing + "' does not exist"), std::string::npos) << output;
  EXPECT_EQ(output.find("open http://"), std::string::npos) << output;
  EXPECT_EQ(serve.wait().describe(), "exited with status 1");
}

}  // namespace
}  // namespace bh::server
