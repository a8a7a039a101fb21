// arena_command.cpp — `bughouse arena`: full four-player matches between two sides, each
// a built-in player, a network, or an external engine (UCI, xboard), in both team
// colourings, with a progress line per match and a results table with Elo at the end.
// Under [rules] boards = 3 or more, a row of boards between two built-in players.
#include <cstdio>
#include <iostream>
#include <memory>
#include <string>

#include "core/match.h"
#include "training/players/arena.h"
#include "training/commands/commands.h"
#include "training/commands/match_setup.h"
#include "training/commands/model_option.h"
#include "training/players/player_spec.h"
#include "training/players/table_arena.h"

namespace bh::cli {

namespace {

struct ArenaOptions {
  std::string a, b;
  int games = 2;
  std::string clock;
  int threads = 1;
  std::string config;
  std::string bpgn;
  std::int64_t seed = 1;
  int visits = 0;
  std::string clock_mode = "auto";
  bool adjudicate_claims = false;
  ModelOptions network;  // device and precision of network sides
};

std::string percent(double x) {
  char buf[16];
  std::snprintf(buf, sizeof buf, "%.1f%%", 100 * x);
  return buf;
}

MatchSetup arena_setup(const ArenaOptions& o) {
  return match_setup({o.config, o.clock, "1+0", o.visits, o.clock_mode, o.network, "`bughouse arena`", true}, {o.a, o.b});
}

ArenaConfig arena_config(const ArenaOptions& o, const MatchSetup& setup) {
  ArenaConfig config;
  config.games = o.games;
  config.rules = setup.context.rules;
  config.clock = setup.clock;
  config.threads = o.threads;
  config.seed = std::uint64_t(o.seed);
  config.bpgn_path = o.bpgn;
  config.adjudicate_claims = o.adjudicate_claims;
  return config;
}

void print_header(const ArenaOptions& o, const ArenaSide& a, const ArenaSide& b, const MatchSetup& setup) {
  std::cout << "arena: A = " << a.name << " (" << o.a << "), B = " << b.name << " (" << o.b << "), " << o.games
            << " matches at " << setup.clock.to_string() << " (" << (setup.context.real_time ? "real" : "model")
            << " think times), " << o.threads << " thread" << (o.threads == 1 ? "" : "s")
            << std::endl;
}

// A match of two boards or a row's (a Match or a Table).
template <class Game>
void print_match(const ArenaOptions& o, int i, const Game& match, const ArenaResult& so_far) {
  const bool a_team1 = i % 2 == 0;
  std::cout << "match " << (i + 1) << "/" << o.games << ": A plays " << (a_team1 ? "team 1" : "team 2") << ", "
            << match.outcome().describe() << " after " << match.moves_played() << " moves, "
            << match.outcome().time_ms / 1000.0 << " s; A " << so_far.wins << "/" << so_far.draws << "/"
            << so_far.losses << std::endl;
}

// The results table with Elo, then how the matches ended.
void print_results(const ArenaOptions& o, const ArenaSide& a, const ArenaSide& b, const ArenaResult& r) {
  const EloEstimate elo = r.elo();
  std::cout << "\n" << "side      W    D    L   score   Elo of A over B\n";
  char row[256];
  std::snprintf(row, sizeof row, "A        %2d   %2d   %2d   %s   %s\n", r.wins, r.draws, r.losses, percent(r.score()).c_str(),
                elo.to_string().c_str());
  std::cout << row;
  std::cout << "A = " << a.name << ", B = " << b.name << "\nendings:";
  bool first = true;
  for (const auto& [kind, n] : r.endings) {
    std::cout << (first ? " " : ", ") << kind << " " << n;
    first = false;
  }
  std::cout << "\n";
  if (!o.bpgn.empty()) std::cout << "records appended to " << o.bpgn << "\n";
}

// core/RULES.md "Three or more boards": a row is played by the built-in players only.
void run_table_arena_command(const ArenaOptions& o, const MatchSetup& setup) {
  TableArenaConfig config{o.games, setup.context.rules, setup.clock, {setup.context.search, setup.context.turn}, o.threads, std::uint64_t(o.seed), o.bpgn};
  check_table_arena(o.a, o.b, config);
  const bool searching = o.a == "material" || o.a == "tactical" || o.b == "material" || o.b == "tactical";
  std::cout << "arena: A = " << o.a << ", B = " << o.b << ", " << o.games << " matches on "
            << int(config.rules.boards) << " boards at " << setup.clock.to_string() << " (model think times"
            << (searching ? ", search at " + std::to_string(config.players.search.visits) + " visits" : "") << "), "
            << o.threads << " thread" << (o.threads == 1 ? "" : "s") << std::endl;
  const ArenaResult r = run_table_arena(o.a, o.b, config, [&o](int i, const Table& table, const ArenaResult& so_far) {
    print_match(o, i, table, so_far);
  });
  print_results(o, {o.a, {}}, {o.b, {}}, r);
}

void run_arena_command(const ArenaOptions& o) {
  const MatchSetup setup = arena_setup(o);
  if (setup.context.rules.boards > 2) return run_table_arena_command(o, setup);
  const ArenaSide a = make_arena_side(o.a, setup.context);
  const ArenaSide b = make_arena_side(o.b, setup.context);
  const ArenaConfig config = arena_config(o, setup);
  print_header(o, a, b, setup);
  const ArenaResult r = run_arena(a, b, config, [&o](int i, const Match& match, const ArenaResult& so_far) {
    print_match(o, i, match, so_far);
  });
  print_results(o, a, b, r);
}

}  // namespace

void add_arena_command(CLI::App& app) {
  auto o = std::make_shared<ArenaOptions>();
  CLI::App* cmd = app.add_subcommand(
      "arena", "Play full four-player matches between two sides (built-in players, networks, UCI or xboard engines)");
  const char* spec_help =
      "Player: random, greedy, uniform, material, tactical, fresh, a checkpoint file, uci:PATH[?opt=value&...] or "
      "xboard:PATH[?...]";
  cmd->add_option("--a", o->a, spec_help)->required();
  cmd->add_option("--b", o->b, spec_help)->required();
  cmd->add_option("--games", o->games, "Matches (even numbers give both sides both colourings equally)")
      ->check(CLI::Range(1, 1'000'000))
      ->capture_default_str();
  cmd->add_option("--clock", o->clock, "Time control per seat, e.g. 1+0 (minutes+seconds), 20s+0, or 1d2 (a 2-second delay); default 1+0 or the config's");
  cmd->add_option("--threads", o->threads, "Matches played at once")->check(CLI::Range(1, 256))->capture_default_str();
  cmd->add_option("--config", o->config, "Run configuration (TOML): [rules], [clock], [search] of the search players; [rules] boards = 3 to 8 plays a row of boards between the built-in players random, greedy (one ply), material and tactical (searching)")
      ->check(CLI::ExistingFile);
  cmd->add_option("--bpgn", o->bpgn, "Append every match to this BPGN file");
  cmd->add_option("--seed", o->seed, "Seed of the built-in players")->check(CLI::NonNegativeNumber)->capture_default_str();
  cmd->add_option("--visits", o->visits, "Visits per decision of the search players (overrides [search] visits)")
      ->check(CLI::Range(1, 1'000'000));
  cmd->add_option("--clock-mode", o->clock_mode,
                  "What built-in players' clocks pay: real (wall time of each decision), model (the simulated think "
                  "time), auto (real when a side is an external engine)")
      ->check(CLI::IsMember({"auto", "real", "model"}))
      ->capture_default_str();
  cmd->add_flag("--adjudicate-claims", o->adjudicate_claims,
                "Where the rules have draw claims (standard chess; bughouse under repetition_draw or fifty_move_draw = claim): the arbiter grants a draw as soon as a claim would hold "
                "(threefold repetition, fifty moves); otherwise only claims the players make and the automatic draws");
  add_network_options(cmd, o->network, /*with_threads=*/false);
  cmd->callback([o] { run_arena_command(*o); });
}

}  // namespace bh::cli
