// play_command.cpp — `bughouse play`: a person takes one seat at the terminal; the
// computer plays the other three at the same time, on real clocks (on a row of three or
// more boards, every other seat). The match is saved as BPGN with clock stamps (to
// --bpgn, or to a file named in the output).
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
#include "core/table.h"
#include "mcts/table_players.h"
#include "training/live/live_row_table.h"
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
  bool model_given = false;  // --model on the command line (a row has no network to play)
};

std::string stamp(const char* format) {
  char buf[64];
  const std::time_t now = std::time(nullptr);
  std::strftime(buf, sizeof buf, format, std::localtime(&now));
  return buf;
}

// The record's tags: the event, the date and each seat's player.
std::vector<std::pair<std::string, std::string>> record_tags(int seats, Seat you, const std::string& computer) {
  std::vector<std::pair<std::string, std::string>> tags{
      {"Event", "bughouse play"}, {"Site", "terminal"}, {"Date", stamp("%Y.%m.%d")}};
  for (int s = 0; s < seats; ++s)
    tags.emplace_back(std::string(color_of(Seat(s)) == White ? "White" : "Black") + board_letter(board_of(Seat(s))),
                      Seat(s) == you ? "you" : computer);
  return tags;
}

// --bpgn may name a file of earlier games: the record is appended, not written through
// core's write_file_atomic (which replaces whole files).
void append_record(const PlayOptions& o, const std::string& record) {
  const std::string path = o.bpgn.empty() ? "bughouse-play-" + stamp("%Y%m%d-%H%M%S") + ".bpgn" : o.bpgn;
  std::ofstream file(path, std::ios::app);
  if (!file || !(file << record << "\n"))
    throw std::runtime_error("cannot write the record to '" + path + "'");
  std::cout << "The match is saved in " << path << "\n";
}

bool interactive_terminal() {
  const char* term = std::getenv("TERM");
  return ::isatty(STDIN_FILENO) && ::isatty(STDOUT_FILENO) && !(term && std::string(term) == "dumb");
}

std::uint64_t play_seed(const PlayOptions& o) {
  return o.seed >= 0 ? std::uint64_t(o.seed) : std::uint64_t(std::time(nullptr));
}

// core/RULES.md "Three or more boards": the person plays one seat of the row, the row's
// built-in players (tactical unless --computer says) the others.
void run_row_play(const PlayOptions& o, const PlayerContext& context) {
  const int boards = context.rules.boards;
  const std::optional<Seat> you = parse_seat_name(o.seat, boards);
  if (!you)
    throw std::invalid_argument("--seat '" + o.seat + "': expected a seat of the " + std::to_string(boards) +
                                "-board row, A-white to " + std::string(seat_name(Seat(2 * boards - 1))));
  if (o.model_given)
    throw std::invalid_argument("--model: a row of " + std::to_string(boards) +
                                " boards is played by the built-in players (--computer " +
                                std::string(table_player_names()) + "); the network plays two boards");
  const std::string computer = o.computer.empty() ? "tactical" : o.computer;
  LiveRowTableConfig config;
  config.row = {context.rules, TimeControl::parse(o.clock), context.turn.time, play_seed(o)};
  config.you = *you;
  config.interactive = interactive_terminal();
  std::vector<std::unique_ptr<TablePlayer>> computers;
  for (int s = 0; s < 2 * boards; ++s)
    computers.push_back(make_table_player(computer, config.row.seed * 16 + std::uint64_t(s), {context.search, context.turn}));
  LiveRowTable table(config, std::move(computers), STDIN_FILENO, std::cout);
  const Table played = table.run();
  append_record(o, write_bpgn(played, record_tags(played.seats(), *you, computer)));
}

void run_play(const PlayOptions& o) {
  // The computers think for the time model's think times (the table charges more when
  // they really take longer).
  const PlayerContext context =
      match_setup({o.config, "", "3+0", o.visits, "model", o.model.options, "`bughouse play`", true}, {}).context;
  if (context.rules.boards > 2) return run_row_play(o, context);
  const std::optional<Seat> you = parse_seat(o.seat);
  if (!you) throw std::invalid_argument("--seat '" + o.seat + "': expected A-white, A-black, B-white or B-black");
  const std::string spec = o.computer.empty() ? o.model.model : o.computer;
  const ArenaSide side = make_arena_side(spec, context);

  LiveTableConfig config;
  config.rules = context.rules;
  config.clock = TimeControl::parse(o.clock);
  config.you = *you;
  config.interactive = interactive_terminal();
  const std::uint64_t seed = play_seed(o);
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

  append_record(o, write_bpgn(match, record_tags(kSeats, *you, side.name)));
}

}  // namespace

void add_play_command(CLI::App& app) {
  auto o = std::make_shared<PlayOptions>();
  CLI::App* cmd = app.add_subcommand(
      "play", "Play one seat of a bughouse match at the terminal; the computer plays the other three on real clocks");
  cmd->add_option("--seat", o->seat, "Your seat: A-white, A-black, B-white or B-black (on a row of boards also C-white ...)")
      ->capture_default_str();
  add_model_options(cmd, o->model);
  cmd->add_option("--computer", o->computer,
                  "The other three seats: random, greedy, uniform, material, tactical, fresh, a checkpoint, uci:PATH or "
                  "xboard:PATH (default: the search with --model)");
  cmd->add_option("--clock", o->clock, "Time control per seat: minutes+seconds (3+0), 90s+2, or with a delay in seconds 5d3")->capture_default_str();
  cmd->add_option("--bpgn", o->bpgn, "Append the match to this BPGN file (default: bughouse-play-<date>.bpgn here)");
  cmd->add_option("--config", o->config,
                  "Run configuration (TOML): [rules], the think model of [clock], [search]; [rules] boards = 3 to 8 "
                  "plays a row of boards against the built-in players random, greedy, material or tactical (the default there)")
      ->check(CLI::ExistingFile);
  cmd->add_option("--visits", o->visits, "Visits per decision of the computer's search")->check(CLI::Range(1, 1'000'000));
  cmd->add_option("--seed", o->seed, "Seed of the computer players (default: the time)")->check(CLI::NonNegativeNumber);
  cmd->callback([o, cmd] {
    o->model_given = cmd->count("--model") > 0;
    run_play(*o);
  });
}

}  // namespace bh::cli
