// commands.h — the subcommands of the `bughouse` program. Each add_*_command registers one
// subcommand with its options and the callback that runs it.
#pragma once

#include <CLI/CLI.hpp>

namespace bh::cli {

void add_perft_command(CLI::App& app);
void add_report_command(CLI::App& app);
void add_import_command(CLI::App& app);  // BPGN games to chunk files
void add_selfplay_command(CLI::App& app);
void add_bench_command(CLI::App& app);
// Playing: the engine protocols, human play, matches against external engines.
void add_uci_command(CLI::App& app);
void add_xboard_command(CLI::App& app);
void add_play_command(CLI::App& app);
void add_serve_command(CLI::App& app);  // the table in the browser
void add_arena_command(CLI::App& app);
void add_tournament_command(CLI::App& app);
#if BUGHOUSE_WITH_TORCH
void add_export_command(CLI::App& app);
void add_train_command(CLI::App& app);
void add_worker_command(CLI::App& app);  // worker and workers
#endif

}  // namespace bh::cli
