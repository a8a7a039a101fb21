// train_command.cpp — `bughouse train`: the generation loop on this machine.
#include <iostream>

#include "training/commands/commands.h"
#include "training/config/config.h"
#include "training/loop/generation_loop.h"

namespace bh::cli {

void add_train_command(CLI::App& app) {
  struct Options {
    std::string config, run, broker;
    bool resume = false;
  };
  auto o = std::make_shared<Options>();
  CLI::App* cmd = app.add_subcommand(
      "train", "Self-play, train, checkpoint and evaluate, generation after generation (Ctrl-C stops; --resume continues)");
  cmd->add_option("--config", o->config, "Run configuration (TOML), e.g. configs/quick.toml; with --resume, "
                                         "defaults to the run's own config.toml")
      ->check(CLI::ExistingFile);
  cmd->add_option("--run", o->run, "Run directory (default: runs/<config name>)");
  cmd->add_flag("--resume", o->resume, "Continue the run in --run from its last checkpoint");
  cmd->add_option("--broker", o->broker,
                  "redis://[user:password@]host:port/db: take self-play from `bughouse worker` processes through "
                  "this Redis instead of playing here");
  cmd->callback([o] {
    if (o->config.empty() && !(o->resume && !o->run.empty()))
      throw std::invalid_argument("train: give --config FILE (or --resume with --run DIR to reuse the run's config)");
    std::string config_path = o->config.empty() ? o->run + "/config.toml" : o->config;
    Config config = load_config(config_path);
    require_two_boards(config, "`bughouse train`");
    TrainOptions options;
    options.resume = o->resume;
    options.broker_url = o->broker;
    options.run_dir = o->run.empty() ? "runs/" + std::filesystem::path(config_path).stem().string() : o->run;
    InterruptWatch interrupt("train");
    run_training(config, options, interrupt, std::cout);
    if (interrupt.interrupted()) throw CLI::RuntimeError(130);
  });
}

}  // namespace bh::cli
