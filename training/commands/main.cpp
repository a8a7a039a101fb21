// main.cpp — the `bughouse` program: one binary, one subcommand per job.
#include <exception>
#include <iostream>

#include <CLI/CLI.hpp>

#include "training/commands/commands.h"

int main(int argc, char** argv) {
  CLI::App app{"bughouse: a self-play reinforcement-learning trainer for bughouse chess"};
  app.require_subcommand(1);
  app.fallthrough(false);
  bh::cli::add_perft_command(app);
  bh::cli::add_report_command(app);
  bh::cli::add_import_command(app);
  bh::cli::add_selfplay_command(app);
  bh::cli::add_bench_command(app);
  bh::cli::add_uci_command(app);
  bh::cli::add_xboard_command(app);
  bh::cli::add_play_command(app);
  bh::cli::add_serve_command(app);
  bh::cli::add_arena_command(app);
  bh::cli::add_tournament_command(app);
#if BUGHOUSE_WITH_TORCH
  bh::cli::add_export_command(app);
  bh::cli::add_train_command(app);
  bh::cli::add_worker_command(app);
#endif
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    return app.exit(e);
  } catch (const std::exception& e) {
    std::cerr << "bughouse: error: " << e.what() << "\n";
    return 1;
  }
  return 0;
}
