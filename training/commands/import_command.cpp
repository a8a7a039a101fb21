// import_command.cpp — `bughouse import`: recorded games (BPGN) to chunk files, so a run can
// start from a game database. Each move of a finished game is a sample: the mover's view,
// the played move as the policy target, the result for the mover's team.
#include <filesystem>
#include <iostream>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "training/loop/bpgn_import.h"
#include "training/commands/commands.h"
#include "training/config/config.h"

namespace bh::cli {

namespace {

struct ImportOptions {
  std::vector<std::string> bpgn;
  std::string out;
  std::string config;
  std::string stem = "g0000-import";
  int games_per_chunk = 64;
};

void run_import(const ImportOptions& o) {
  const RuleSet rules = o.config.empty() ? RuleSet{} : [&] {
    const Config config = load_config(o.config);
    require_two_boards(config, "`bughouse import`");
    return config.rules;
  }();
  const std::filesystem::path out(o.out);
  std::vector<std::filesystem::path> files(o.bpgn.begin(), o.bpgn.end());
  const ImportReport r = import_bpgn(files, rules, out, o.stem, o.games_per_chunk);
  for (const auto& why : r.skipped) std::cerr << "skipped: " << why << "\n";
  std::cout << "imported " << r.games << " games, " << r.samples << " samples, into " << r.chunks << " chunk files in "
            << out.string() << " (" << r.skipped.size() << " games skipped)\n";
  if (r.games == 0) throw std::runtime_error("no game could be imported");
}

}  // namespace

void add_import_command(CLI::App& app) {
  auto o = std::make_shared<ImportOptions>();
  CLI::App* cmd = app.add_subcommand(
      "import", "Turn recorded games (BPGN) into training samples (chunk files): to start a run from a game "
                "database, import into <run>/chunks before the run's first `train`");
  cmd->add_option("--bpgn", o->bpgn, "BPGN files to read (several allowed)")->required()->check(CLI::ExistingFile);
  cmd->add_option("--out", o->out, "Directory for the chunk files, e.g. runs/NAME/chunks")->required();
  cmd->add_option("--config", o->config, "Run configuration whose [rules] the games were played under (default: the defaults of core/RULES.md)")
      ->check(CLI::ExistingFile);
  cmd->add_option("--stem", o->stem, "Chunk file names: <stem>-NNNNNN.chunk (g0000-* sort before self-play's and "
                                     "leave a run's window first)")
      ->capture_default_str();
  cmd->add_option("--games-per-chunk", o->games_per_chunk, "Games per chunk file")
      ->check(CLI::Range(1, 1'000'000))
      ->capture_default_str();
  cmd->callback([o] { run_import(*o); });
}

}  // namespace bh::cli
