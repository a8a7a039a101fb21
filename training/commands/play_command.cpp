// play_command.cpp — `bughouse play`: a person takes one seat at the terminal; the
// computer plays the other three at the same time, on real clocks. The match is saved as
// BPGN with clock stamps (to --bpgn, or to a file named in the output).
#include <unistd.h>

#include <cstdlib>
#include <ctime>
#include <fstream>
#include <iostream>
#include <memory>
#include <string>

#include "core/bpgn.h"
#include "mcts/partner_player.h"
#include "training/commands/commands.h"
#include "training/commands/match_setup.h"
#include "training/commands/model_option.h"
#include "training/engine/go_command.h"
#include "training/live/live_table.h"
#include "training/players/engine_spec.h"
#include "training/players/player_spec.h"

namespace bh::cli {

namespace {

struct PlayOptions {
  std::string seat = "A-white";
  ModelChoice model;
  std::string computer;
  std::string clock = "3+0";
  std::string bpgn;
  std::string config;
  int visits = 0;
  std::int64_t seed = -1;
};

std::string stamp(const char* format) {
  char buf[64];
  const std::time_t now = std::time(nullptr);
  std::strftime(buf, sizeof buf, format, std::localtime(&now));
  return buf;
}

void run_play(const PlayOptions& o) {
  const std::optional<Seat> you = parse_seat(o.seat);
  if (!you) throw std::invalid_argument("--seat '" + o.seat + "': expected A-white, A-black, B-white or B-black");
  // The computers think for the time model's think times (the table charges more when
  // they really take longer).
  const PlayerContext context = match_setup({o.config, "", "3+0", o.visits, "model", o.model.options, "`bughouse play`"}, {}).context;
  const std::string spec = o.computer.empty() ? o.model.model : o.computer;
  const ArenaSide side = make_arena_side(spec, context);

  LiveTableConfig config;
  config.rules = context.rules;
  config.clock = TimeControl::parse(o.clock);
  config.you = *you;
  const char* term = std::getenv("TERM");
  config.interactive = ::isatty(STDIN_FILENO) && ::isatty(STDOUT_FILENO) && !(term && std::string(term) == "dumb");
  const std::uint64_t seed = o.seed >= 0 ? std::uint64_t(o.seed) : std::uint64_t(std::time(nullptr));
  std::array<std::unique_ptr<Player>, kSeats> computers;
  for (int s = 0; s < kSeats; ++s)
    if (Seat(s) != *you) computers[std::size_t(s)] = side.make(seed * 8 + std::uint64_t(s));
  // The partner hears `tell` and talks back (sit, go, need X: mcts/partner_player.h), as a
  // computer partner at a browser table does. An external engine keeps its own partner
  // talk (its ptell), so it is not wrapped.
  std::unique_ptr<Player>& partner = computers[std::size_t(partner_of(*you))];
  if (!is_engine_spec(spec)) partner = std::make_unique<PartnerPlayer>(std::move(partner));

  LiveTable table(config, std::move(computers), STDIN_FILENO, std::cout);
  const Match match = table.run();

  const std::string path = o.bpgn.empty() ? "bughouse-play-" + stamp("%Y%m%d-%H%M%S") + ".bpgn" : o.bpgn;
  auto name = [&](Seat s) { return s == *you ? std::string("you") : side.name; };
  const std::string record = write_bpgn(match, {{"Event", "bughouse play"},
                                                {"Site", "terminal"},
                                                {"Date", stamp("%Y.%m.%d")},
                                                {"WhiteA", name(AWhite)},
                                                {"BlackA", name(ABlack)},
                                                {"WhiteB", name(BWhite)},
                                                {"BlackB", name(BBlack)}});
  // --bpgn may name a file of earlier games: the record is appended, not written through
  // core's write_file_atomic (which replaces whole files).
  std::ofstream file(path, std::ios::app);
  if (!file || !(file << record << "\n"))
    throw std::runtime_error("cannot write the record to '" + path + "'");
  std::cout << "The match is saved in " << path << "\n";
}

}  // namespace

void add_play_command(CLI::App& app) {
  auto o = std::make_shared<PlayOptions>();
  CLI::App* cmd = app.add_subcommand(
      "play", "Play one seat of a bughouse match at the terminal; the computer plays the other three on real clocks");
  cmd->add_option("--seat", o->seat, "Your seat: A-white, A-black, B-white or B-black")->capture_default_str();
  add_model_options(cmd, o->model);
  cmd->add_option("--computer", o->computer,
                  "The other three seats: random, greedy, uniform, material, tactical, fresh, a checkpoint, uci:PATH or "
                  "xboard:PATH (default: the search with --model)");
  cmd->add_option("--clock", o->clock, "Time control per seat: minutes+seconds (3+0), 90s+2, or with a delay in seconds 5d3")->capture_default_str();
  cmd->add_option("--bpgn", o->bpgn, "Append the match to this BPGN file (default: bughouse-play-<date>.bpgn here)");
  cmd->add_option("--config", o->config, "Run configuration (TOML): [rules], the think model of [clock], [search]")
      ->check(CLI::ExistingFile);
  cmd->add_option("--visits", o->visits, "Visits per decision of the computer's search")->check(CLI::Range(1, 1'000'000));
  cmd->add_option("--seed", o->seed, "Seed of the computer players (default: the time)")->check(CLI::NonNegativeNumber);
  cmd->callback([o] { run_play(*o); });
}

}  // namespace bh::cli
