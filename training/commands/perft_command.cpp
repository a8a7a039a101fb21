// perft_command.cpp — `bughouse perft`: count move-tree leaves of a FEN, or check an EPD file.
#include <chrono>
#include <cstdio>
#include <iostream>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include <unistd.h>

#include "core/fen.h"
#include "core/notation.h"
#include "core/perft.h"
#include "core/rule_conflicts.h"
#include "core/rules.h"
#include "training/commands/commands.h"

namespace bh::cli {

namespace {

struct PerftOptions {
  std::string fen{kStartFen};
  std::string epd;
  int depth = 0;
  int max_depth = 0;
  int threads = 0;
  bool divide = false;
  std::string variant = "bughouse";
  std::vector<std::string> rules;  // --rule KEY=VALUE, in order
};

// The variant's rules with each --rule option over them (core/RULES.md "Rule options").
RuleSet perft_rules(const PerftOptions& o) {
  RuleSet rules = o.variant == "chess" ? RuleSet::chess() : RuleSet::bughouse();
  for (const std::string& line : o.rules) {
    const std::size_t eq = line.find('=');
    if (eq == std::string::npos) throw std::invalid_argument("perft: --rule '" + line + "': expected KEY=VALUE");
    set_option(rules, line.substr(0, eq), line.substr(eq + 1));
  }
  if (const RuleConflict c = rules_conflict(rules)) throw std::invalid_argument("perft: --rule: " + c.why);
  return rules;
}

std::uint64_t total(const std::vector<DivideEntry>& entries) {
  std::uint64_t n = 0;
  for (const auto& e : entries) n += e.nodes;
  return n;
}

void run_fen(const PerftOptions& o, const RuleSet& rules) {
  if (o.depth < 1) throw std::invalid_argument("perft: --depth must be at least 1");
  Board board = parse_fen(o.fen);
  auto start = std::chrono::steady_clock::now();
  auto entries = perft_divide(board, rules, o.depth, o.threads);
  double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  if (o.divide)
    for (const auto& e : entries) std::cout << to_uci(e.move) << ": " << e.nodes << "\n";
  std::uint64_t nodes = total(entries);
  std::cerr << "Time: " << int(seconds * 1000) << " ms, " << std::uint64_t(nodes / std::max(seconds, 1e-9))
            << " nodes/s\n";
  std::cout << "Nodes: " << nodes << std::endl;
}

int run_epd(const PerftOptions& o, const RuleSet& rules) {
  auto entries = read_epd_file(o.epd);
  int passed = 0, failed = 0;
  std::uint64_t nodes = 0;
  const bool progress = isatty(STDERR_FILENO);
  auto start = std::chrono::steady_clock::now();
  for (std::size_t i = 0; i < entries.size(); ++i) {
    const EpdEntry& e = entries[i];
    Board board = parse_fen(e.fen);
    for (auto [depth, expected] : e.counts) {
      if (o.max_depth > 0 && depth > o.max_depth) continue;
      std::uint64_t got = total(perft_divide(board, rules, depth, o.threads));
      nodes += got;
      if (got == expected) {
        ++passed;
      } else {
        ++failed;
        std::cout << "FAIL line " << e.line << " D" << depth << ": expected " << expected << ", got "
                  << got << "  " << e.fen << "\n";
      }
    }
    if (progress) std::cerr << "\r" << (i + 1) << "/" << entries.size() << " positions" << std::flush;
  }
  double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::cerr << "\rTime: " << int(seconds * 1000) << " ms, " << std::uint64_t(nodes / std::max(seconds, 1e-9))
            << " nodes/s\n";
  std::cout << passed << " passed, " << failed << " failed" << std::endl;
  return failed == 0 ? 0 : 1;
}

}  // namespace

void add_perft_command(CLI::App& app) {
  auto o = std::make_shared<PerftOptions>();
  CLI::App* cmd = app.add_subcommand(
      "perft", "Count the leaves of the legal-move tree of one board (captures leave the game, "
               "reserves only shrink), or check every count of an EPD file");
  cmd->add_option("--fen", o->fen, "Position as FEN with holdings")->capture_default_str();
  cmd->add_option("--depth", o->depth, "Depth in plies (with --fen)")->check(CLI::Range(1, 20));
  cmd->add_option("--epd", o->epd, "EPD file with ';D<depth> <count>' fields to check")
      ->check(CLI::ExistingFile);
  cmd->add_option("--max-depth", o->max_depth, "With --epd: skip counts deeper than this")
      ->check(CLI::Range(1, 20));
  cmd->add_option("--threads", o->threads, "Worker threads over root moves (0 = all cores)")
      ->capture_default_str()->check(CLI::Range(0, 1024));
  cmd->add_flag("--divide", o->divide, "Print '<move>: <count>' for every root move");
  cmd->add_option("--variant", o->variant, "bughouse or chess")
      ->capture_default_str()->check(CLI::IsMember({"bughouse", "chess"}));
  cmd->add_option("--rule", o->rules,
                  "A rule option over the variant's, KEY=VALUE as in a config's [rules] (repeatable), "
                  "e.g. king_capture=true");
  cmd->callback([o, cmd] {
    const RuleSet rules = perft_rules(*o);
    if (!o->epd.empty()) {
      if (cmd->count("--depth") || cmd->count("--divide"))
        throw std::invalid_argument("perft: --epd cannot be combined with --depth or --divide");
      int rc = run_epd(*o, rules);
      if (rc) throw CLI::RuntimeError(rc);
    } else {
      if (!cmd->count("--depth")) throw std::invalid_argument("perft: give --depth N (with --fen) or --epd FILE");
      run_fen(*o, rules);
    }
  });
}

}  // namespace bh::cli
