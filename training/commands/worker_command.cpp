// worker_command.cpp — `bughouse worker` (the worker's loop is training/broker/worker.h)
// and `bughouse workers`, which lists the live workers of a broker and their rates.
#include <chrono>
#include <iostream>
#include <memory>

#include "training/broker/redis_connection.h"
#include "training/broker/redis_url.h"
#include "training/broker/worker.h"
#include "training/broker/worker_registry.h"
#include "training/commands/commands.h"

namespace bh::cli {

void add_worker_command(CLI::App& app) {
  auto o = std::make_shared<WorkerOptions>();
  CLI::App* cmd = app.add_subcommand(
      "worker", "Self-play for a trainer elsewhere: fetch its net through a Redis broker, play, send the chunks back");
  cmd->add_option("--broker", o->broker, "redis://[user:password@]host:port/db")->required();
  cmd->add_option("--threads", o->threads, "Self-play threads (0: the run configuration's [selfplay] workers)")
      ->check(CLI::Range(0, 1024));
  cmd->add_option("--name", o->name, "Worker name, [A-Za-z0-9._-] (default: <host>-<pid>)");
  cmd->add_option("--matches-per-round", o->matches_per_round,
                  "Matches between checks for a newer net (0: threads x [selfplay] concurrent_matches)")
      ->check(CLI::Range(0, 1'000'000));
  cmd->callback([o] {
    run_worker(*o);
    throw CLI::RuntimeError(130);  // it ends only when stopped (Ctrl-C, SIGTERM)
  });

  auto url = std::make_shared<std::string>();
  CLI::App* list = app.add_subcommand("workers", "List the live self-play workers of a broker and their rates");
  list->add_option("--broker", *url, "redis://[user:password@]host:port/db")->required();
  list->callback([url] {
    RedisConnection conn(RedisUrl::parse(*url), RedisOptions{});
    WorkerRegistry registry(conn);
    const auto workers = registry.live();
    const auto now = std::chrono::duration_cast<std::chrono::milliseconds>(
        std::chrono::system_clock::now().time_since_epoch()).count();
    std::cout << WorkerRegistry::format(workers, now);
  });
}

}  // namespace bh::cli
