// xboard_command.cpp — `bughouse xboard`: the engine on standard input/output speaking
// CECP (xboard protocol 2) in bughouse mode, for xboard/WinBoard and internet chess
// servers through zippy. End of input is `quit`.
#include <iostream>
#include <memory>
#include <string>

#include "training/commands/commands.h"
#include "training/commands/engine_options.h"
#include "training/commands/model_option.h"
#include "training/engine/cecp_engine.h"

namespace bh::cli {

namespace {

struct XboardOptions {
  ModelChoice model;
  EngineConfigChoice config;
};

void run_xboard(const XboardOptions& o) {
  run_engine_on_stdio(o.model, o.config, [&o](const EngineSetup& setup, LineWriter& out) {
    return std::make_unique<CecpEngine>(setup, out);
  });
}

}  // namespace

void add_xboard_command(CLI::App& app) {
  auto o = std::make_shared<XboardOptions>();
  CLI::App* cmd = app.add_subcommand(
      "xboard", "Run as a CECP (xboard/WinBoard) engine in bughouse mode: holding, partner, ptell sit/go");
  add_model_options(cmd, o->model);
  add_engine_config_options(cmd, o->config);
  cmd->callback([o] { run_xboard(*o); });
}

}  // namespace bh::cli
