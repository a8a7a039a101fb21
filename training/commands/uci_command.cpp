// uci_command.cpp — `bughouse uci`: the engine on standard input/output, speaking UCI as
// Fairy-Stockfish does for bughouse plus the whole-match layers of training/engine/PROTOCOL.md.
// End of input is `quit`.
#include <iostream>
#include <memory>
#include <string>

#include "training/commands/commands.h"
#include "training/commands/model_option.h"
#include "training/commands/engine_options.h"
#include "training/engine/uci_engine.h"

namespace bh::cli {

namespace {

struct UciOptions {
  ModelChoice model;
  EngineConfigChoice config;
  std::string bpgn;
};

void run_uci(const UciOptions& o) {
  run_engine_on_stdio(o.model, o.config, [&o](const EngineSetup& setup, LineWriter& out) {
    return std::make_unique<UciEngine>(setup, out, o.bpgn);
  });
}

}  // namespace

void add_uci_command(CLI::App& app) {
  auto o = std::make_shared<UciOptions>();
  CLI::App* cmd = app.add_subcommand(
      "uci", "Run as a UCI engine (Fairy-Stockfish's bughouse dialect, plus the whole-match layers of training/engine/PROTOCOL.md)");
  add_model_options(cmd, o->model);
  add_engine_config_options(cmd, o->config);
  cmd->add_option("--bpgn", o->bpgn, "Append every whole-match game the host plays (layer 2 positions) to this BPGN file");
  cmd->callback([o] { run_uci(*o); });
}

}  // namespace bh::cli
