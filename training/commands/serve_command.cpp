// serve_command.cpp — `bughouse serve`: the table in the browser. Serves the page and
// live tables (training/server/README.md) until Ctrl-C; the computer seats are the
// arena players of `--model` (or an allow-listed built-in one the page asks for), paying
// the wall time they really think, as at the terminal's `bughouse play`. With `--run DIR`
// the page also replays the run's self-play and arena matches.
#include <chrono>
#include <cmath>
#include <ctime>
#include <iostream>
#include <map>
#include <memory>
#include <random>
#include <string>

#include "training/commands/commands.h"
#include "training/commands/match_setup.h"
#include "training/commands/model_option.h"
#include "training/players/player_spec.h"
#include "training/server/server.h"

namespace bh::cli {

namespace {

struct ServeOptions {
  ModelChoice model;
  std::string config;
  std::string bind = "127.0.0.1";
  int port = 8080;
  int visits = 0;
  std::string run;
  std::string records;
  std::string tournaments;
  double leave_grace = 30;
};

// A live table's clocks pay what the computer really thinks ("real").
PlayerContext player_context(const ServeOptions& o) {
  return match_setup({o.config, "", "3+0", o.visits, "real", o.model.options, "`bughouse serve`"}, {}).context;
}

// The computer seats' players: one arena side per spec and rule set (a table may play
// rules of its own), made on first use and kept (a checkpoint is loaded once), each player
// with a seed of its own.
server::ComputerFactory computer_factory(const PlayerContext& context) {
  auto sides = std::make_shared<std::map<std::string, ArenaSide>>();
  auto seed = std::make_shared<std::uint64_t>(std::random_device{}());
  return [context, sides, seed](const std::string& spec, Seat, const RuleSet& rules) {
    std::string key = spec;
    for (const std::string& option : describe(rules)) key += "\n" + option;
    auto it = sides->find(key);
    if (it == sides->end()) {
      PlayerContext with_rules = context;
      with_rules.rules = rules;
      it = sides->emplace(key, make_arena_side(spec, with_rules)).first;
    }
    return it->second.make((*seed)++);
  };
}

void run_serve(const ServeOptions& o) {
  const PlayerContext context = player_context(o);
  server::ServerOptions options;
  options.bind = o.bind;
  options.port = static_cast<unsigned short>(o.port);
  options.lobby.rules = context.rules;
  options.run = o.run;
  options.tournaments = o.tournaments;
  options.lobby.table_limits.leave_grace = std::chrono::milliseconds(std::llround(o.leave_grace * 1000));
  options.lobby.records = o.records;
  options.lobby.default_computer = o.model.model;
  options.lobby.computers = computer_factory(context);
  options.lobby.row_players = {context.search, context.turn};
  options.lobby.computers(o.model.model, AWhite, context.rules);  // a --model that cannot play fails now, not at a table's start
  server::Server server(options);
  const std::string host = o.bind == "0.0.0.0" ? "127.0.0.1" : o.bind;
  std::cout << "bughouse serve: open http://" << host << ":" << server.port() << "/ in a browser (Ctrl-C stops)"
            << std::endl;
  server.run_until_signal();
  std::cout << "bughouse serve: stopped" << std::endl;
}

}  // namespace

void add_serve_command(CLI::App& app) {
  auto o = std::make_shared<ServeOptions>();
  CLI::App* cmd = app.add_subcommand(
      "serve", "Serve bughouse tables to a browser: people take seats by link, the computer fills the free seats");
  add_model_options(cmd, o->model);
  cmd->add_option("--config", o->config, "Run configuration (TOML): [rules], the think model of [clock], [search]")
      ->check(CLI::ExistingFile);
  cmd->add_option("--bind", o->bind, "Address to listen on (tokens travel unencrypted: keep it local)")
      ->capture_default_str();
  cmd->add_option("--port", o->port, "TCP port (0: any free port, printed)")->check(CLI::Range(0, 65535))->capture_default_str();
  cmd->add_option("--visits", o->visits, "Visits per decision of the computer's search")->check(CLI::Range(1, 1'000'000));
  cmd->add_option("--run", o->run,
                  "A training run directory (bughouse train --run): the page lists its self-play and arena "
                  "matches by generation and replays them; read again at each request, so the matches of a "
                  "running training appear as they are written");
  cmd->add_option("--records", o->records,
                  "A directory each finished table match is written to, as TABLE-MATCH.bpgn (created if "
                  "missing); without it the records are kept in memory only (the latest match of each table, "
                  "downloadable while the server runs, also after the table is gone)");
  cmd->add_option("--tournaments", o->tournaments,
                  "A directory for the tournaments the server hosts, one folder each (created if missing): "
                  "the director creates one in the browser, registers people and computers, pairs the "
                  "rounds; the people play at their tables by their links. Every tournament in it is read "
                  "back at the start, so a restart loses none. Without it the server hosts no tournaments");
  cmd->add_option("--leave-grace", o->leave_grace,
                  "Seconds a person's seat may be without a connection while the match runs before the "
                  "team loses (\"left the table\"); everyone sees them count down")
      ->check(CLI::Range(1.0, 3600.0))
      ->capture_default_str();
  cmd->callback([o] { run_serve(*o); });
}

}  // namespace bh::cli
