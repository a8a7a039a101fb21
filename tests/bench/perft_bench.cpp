// perft_bench — move-generation speed against the reference engines, measured in one run.
//
// For each suite it runs perft over every position at a fixed depth, single-threaded and
// on all cores, then runs the same positions through the reference engine's `go perft`
// (fairy-stockfish with UCI_Variant bughouse for the bughouse suite, stockfish for the
// chess suite) and prints nodes per second and the ratio. The node totals must agree; a
// mismatch is reported and fails the run. Engine start-up is measured separately and
// subtracted.
//
//   perft_bench [--data DIR] [--bughouse-depth N] [--chess-depth N]
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <sstream>
#include <stdexcept>
#include <string>
#include <thread>

#include "core/platform/child_process.h"
#include "core/fen.h"
#include "core/perft.h"

namespace {

using Clock = std::chrono::steady_clock;

struct Run {
  std::uint64_t nodes = 0;
  double seconds = 0;
  double nps() const { return seconds > 0 ? double(nodes) / seconds : 0; }
};

std::vector<std::string> load_fens(const std::string& path) {
  std::vector<std::string> fens;
  for (const auto& e : bh::read_epd_file(path)) fens.push_back(e.fen);
  return fens;
}

Run ours(const std::vector<std::string>& fens, int depth, int threads) {
  Run r;
  std::vector<bh::Board> boards;
  for (const auto& f : fens) boards.push_back(bh::parse_fen(f));
  auto start = Clock::now();
  for (const auto& b : boards)
    for (const auto& d : bh::perft_divide(b, bh::RuleSet{}, depth, threads)) r.nodes += d.nodes;
  r.seconds = std::chrono::duration<double>(Clock::now() - start).count();
  return r;
}

// Runs `engine` with the script on stdin; returns wall seconds and the captured stdout.
double run_engine(const std::string& engine, const std::string& script, std::string& output) {
  char out_name[] = "/tmp/perft_bench_outXXXXXX";
  const int out_fd = mkstemp(out_name);
  if (out_fd < 0) throw std::runtime_error("cannot create a temporary file");
  close(out_fd);
  bh::ChildOptions options;
  options.input = bh::ChildOptions::Input::Pipe;
  options.output = bh::ChildOptions::Output::File;  // a file: the engine never waits for us
  options.output_file = out_name;
  auto start = Clock::now();
  bh::ChildProcess child({engine}, options);
  const bool taken = child.write(script);
  child.close_input();
  const bh::ExitStatus status = child.wait();
  double seconds = std::chrono::duration<double>(Clock::now() - start).count();
  std::ifstream out(out_name);
  std::stringstream ss;
  ss << out.rdbuf();
  output = ss.str();
  unlink(out_name);
  if (!taken || !status.success()) throw std::runtime_error(engine + " failed to run (" + status.describe() + ")");
  return seconds;
}

Run reference(const std::string& engine, const std::string& variant, const std::vector<std::string>& fens, int depth) {
  std::string head = "uci\n";
  if (!variant.empty()) head += "setoption name UCI_Variant value " + variant + "\n";
  head += "isready\n";
  std::string body;
  for (const auto& f : fens) body += "position fen " + f + "\ngo perft " + std::to_string(depth) + "\n";
  std::string out;
  double startup = 1e9;
  for (int i = 0; i < 3; ++i) startup = std::min(startup, run_engine(engine, head + "quit\n", out));
  double total = run_engine(engine, head + body + "quit\n", out);
  Run r;
  r.seconds = std::max(1e-6, total - startup);
  std::istringstream lines(out);
  std::string line;
  while (std::getline(lines, line))
    if (line.rfind("Nodes searched: ", 0) == 0) r.nodes += std::stoull(line.substr(16));
  return r;
}

bool have(const std::string& engine) { return bh::find_program(engine).has_value(); }

void print(const std::string& suite, const std::string& who, const Run& r, const Run* base) {
  std::printf("%-10s %-28s %14llu nodes %8.3f s %9.1f Mnps", suite.c_str(), who.c_str(),
              static_cast<unsigned long long>(r.nodes), r.seconds, r.nps() / 1e6);
  if (base) std::printf("   x%.2f of %s", r.nps() / base->nps(), "reference");
  std::printf("\n");
}

int suite(const std::string& name, const std::string& path, const std::string& engine, const std::string& variant,
          int depth, int scaling_depth) {
  auto fens = load_fens(path);
  int cores = int(std::thread::hardware_concurrency());
  std::printf("\n%s: %zu positions of %s at depth %d\n", name.c_str(), fens.size(), path.c_str(), depth);
  Run one = ours(fens, depth, 1);
  Run all = ours(fens, depth, cores);
  if (!have(engine)) {
    print(name, "bughouse perft, 1 thread", one, nullptr);
    print(name, "bughouse perft, " + std::to_string(cores) + " threads", all, nullptr);
    std::printf("%s not installed: no reference (scripts/setup.sh installs it)\n", engine.c_str());
    return 0;
  }
  Run ref = reference(engine, variant, fens, depth);
  print(name, engine + " go perft, 1 thread", ref, nullptr);
  print(name, "bughouse perft, 1 thread", one, &ref);
  print(name, "bughouse perft, " + std::to_string(cores) + " threads", all, &ref);
  std::printf("%-10s scaling 1 -> %d threads: x%.2f\n", name.c_str(), cores, all.nps() / one.nps());
  if (scaling_depth != depth) {
    // Bulk counting makes shallow trees too small to split well; scaling is also measured
    // deeper, where each position carries enough work.
    Run deep_one = ours(fens, scaling_depth, 1);
    Run deep_all = ours(fens, scaling_depth, cores);
    print(name, "bughouse perft d" + std::to_string(scaling_depth) + ", 1 thread", deep_one, nullptr);
    print(name, "bughouse perft d" + std::to_string(scaling_depth) + ", " + std::to_string(cores) + " threads", deep_all, nullptr);
    std::printf("%-10s scaling 1 -> %d threads at depth %d: x%.2f\n", name.c_str(), cores, scaling_depth,
                deep_all.nps() / deep_one.nps());
  }
  if (ref.nodes != one.nodes || all.nodes != one.nodes) {
    std::printf("NODE COUNT MISMATCH: %s %llu, ours %llu / %llu\n", engine.c_str(),
                static_cast<unsigned long long>(ref.nodes), static_cast<unsigned long long>(one.nodes),
                static_cast<unsigned long long>(all.nodes));
    return 1;
  }
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  std::string data = BUGHOUSE_TEST_DATA;
  int bughouse_depth = 3, chess_depth = 5;
  for (int i = 1; i + 1 < argc; i += 2) {
    std::string a = argv[i];
    if (a == "--data") data = argv[i + 1];
    else if (a == "--bughouse-depth") bughouse_depth = std::stoi(argv[i + 1]);
    else if (a == "--chess-depth") chess_depth = std::stoi(argv[i + 1]);
    else {
      std::cerr << "usage: perft_bench [--data DIR] [--bughouse-depth N] [--chess-depth N]\n";
      return 2;
    }
  }
  setenv("PATH", (std::string(getenv("PATH") ? getenv("PATH") : "") + ":/usr/games").c_str(), 1);
  int rc = suite("bughouse", data + "/bughouse_perft.epd", "fairy-stockfish", "bughouse", bughouse_depth,
                 bughouse_depth + 1);
  rc |= suite("chess", data + "/chess_perft.epd", "stockfish", "", chess_depth, chess_depth);
  return rc;
}
