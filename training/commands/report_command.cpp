// report_command.cpp — `bughouse report`: the HTML page of a run's curves.
#include <iostream>

#include "training/commands/commands.h"
#include "training/report/report.h"

namespace bh::cli {

void add_report_command(CLI::App& app) {
  auto run = std::make_shared<std::string>();
  auto out = std::make_shared<std::string>();
  CLI::App* cmd = app.add_subcommand(
      "report", "Write a self-contained HTML page with the loss and Elo curves of a training run");
  cmd->add_option("--run", *run, "Run directory (holds metrics.jsonl)")->required()->check(CLI::ExistingDirectory);
  cmd->add_option("--out", *out, "Output file (default: <run>/report.html)");
  cmd->callback([run, out] { std::cout << write_report(*run, *out) << "\n"; });
}

}  // namespace bh::cli
