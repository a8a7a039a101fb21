// tournament_command.cpp — `bughouse tournament`: many players in teams of two, paired
// round by round (Swiss, round robin, gauntlet) or tested two at a time (SPRT), with
// standings, cross-table and ratings printed as it goes and written at the end
// (summary.json, tournament.html, every match as BPGN). A killed tournament resumes
// from its journal with --resume. The tournament itself is training/tournament/.
#include <fstream>
#include <iostream>
#include <memory>
#include <string>

#include "core/platform/atomic_file.h"
#include "core/bfen.h"
#include "core/bpgn.h"
#include "training/commands/commands.h"
#include "training/commands/match_setup.h"
#include "training/commands/model_option.h"
#include "training/commands/result_entry.h"
#include "training/commands/tournament_players.h"
#include "training/players/engine_spec.h"
#include "training/tournament/pairing_sheet.h"
#include "training/tournament/tournament.h"
#include "training/tournament/tournament_report.h"

namespace bh::cli {

namespace {

struct TournamentOptions {
  std::vector<std::string> players, teams;
  std::string players_file;
  std::string team_mode;  // empty: fixed with --team, random for an even count >= 4, else solo
  std::string format = "swiss";
  int rounds = 7;
  std::string hero;
  int games = 2;
  bool alternate = false;
  int concurrency = 1;
  std::int64_t seed = 1;
  std::string openings;
  int max_faults = 3;
  bool adjudicate_claims = false;
  std::vector<double> sprt = {0, 10};
  double alpha = 0.05, beta = 0.05;
  int max_games = 1000;
  std::string anchor;
  double rating_limit = 0;
  int prize_places = 3;
  bool prizes_stack = false;
  std::vector<std::string> corrections;
  std::vector<std::string> withdrawals;
  std::string out;
  bool resume = false;
  MatchSetupOptions setup{"", "", "5+5", 0, "auto", {}};
};

// The positions after each game of a BPGN file: a game's moves as an opening prefix (the
// record may stop anywhere; its clocks are not carried over).
std::vector<std::string> bpgn_openings(const std::string& path, const RuleSet& rules) {
  std::vector<std::string> out;
  for (const BpgnGame& game : read_bpgn_file(path)) {
    try {
      const Match prefix = replay(game, rules);
      out.push_back(to_bfen(prefix.board(BoardA), prefix.board(BoardB)));
    } catch (const std::exception& e) {
      throw std::runtime_error(path + ": game " + std::to_string(game.index) + ": " + e.what());
    }
  }
  return out;
}

// BFEN lines (blank lines and lines starting with '#' skipped), or a .bpgn file of opening
// prefixes. Each position is checked now, naming the file and line or game.
std::vector<std::string> read_openings(const std::string& path, const RuleSet& rules, const TimeControl& clock) {
  if (path.ends_with(".bpgn")) return bpgn_openings(path, rules);
  std::ifstream in(path);
  if (!in) throw std::runtime_error("--openings: cannot read " + path);
  std::vector<std::string> out;
  std::string line;
  for (int n = 1; std::getline(in, line); ++n) {
    if (line.empty() || line[0] == '#') continue;
    try {
      match_from_bfen(line, rules, clock);
    } catch (const std::exception& e) {
      throw std::runtime_error(path + ":" + std::to_string(n) + ": " + e.what());
    }
    out.push_back(line);
  }
  return out;
}

// The cores one match may use at once: a match thinks on one seat at a time, so it is the
// most threads any participant's engine is given (its Threads option; 1 otherwise).
int threads_per_match(const TournamentConfig& c) {
  int most = 1;
  for (const Participant& p : c.participants) {
    if (!is_engine_spec(p.spec)) continue;
    for (const auto& [key, value] : parse_engine_spec(p.spec).options)
      if (key == "Threads" || key == "cores") most = std::max(most, std::atoi(value.c_str()));
  }
  return most;
}

TeamMode team_mode_of(const TournamentOptions& o, const TournamentConfig& c) {
  static const std::map<std::string, TeamMode> modes = {{"fixed", TeamMode::Fixed},       {"random", TeamMode::Random},
                                                        {"all-pairs", TeamMode::AllPairs}, {"solo", TeamMode::Solo},
                                                        {"rotating", TeamMode::Rotating}, {"balanced", TeamMode::Balanced}};
  if (!o.team_mode.empty()) return modes.at(o.team_mode);
  if (!c.teams.empty()) return TeamMode::Fixed;
  return c.participants.size() % 2 == 0 && c.participants.size() >= 4 ? TeamMode::Random : TeamMode::Solo;
}

Format format_of(const std::string& name) {
  static const std::map<std::string, Format> formats = {{"swiss", Format::Swiss},
                                                        {"roundrobin", Format::RoundRobin},
                                                        {"double-roundrobin", Format::DoubleRoundRobin},
                                                        {"gauntlet", Format::Gauntlet},
                                                        {"sprt", Format::Sprt}};
  return formats.at(name);
}

TournamentConfig tournament_config(const TournamentOptions& o, const MatchSetup& setup) {
  TournamentConfig c;
  if (!o.players_file.empty()) read_players_file(o.players_file, c);
  for (const auto& p : o.players) c.participants.push_back(parse_player_option(p));
  for (const auto& t : o.teams) c.teams.push_back(parse_team_option(t, c));
  c.team_mode = team_mode_of(o, c);
  c.format = format_of(o.format);
  c.rounds = o.rounds, c.hero = o.hero, c.games_per_pairing = o.games, c.alternate_colours = o.alternate;
  c.rules = setup.context.rules, c.clock = setup.clock;
  // --concurrency counts cores; matches at once are as many as fit (engines' clocks pay
  // wall time, so an engine must never wait for a core it was promised).
  c.concurrency = std::max(1, o.concurrency / threads_per_match(c)), c.seed = std::uint64_t(o.seed), c.max_faults = o.max_faults;
  c.adjudicate_claims = o.adjudicate_claims;
  if (!o.openings.empty()) {
    c.openings = read_openings(o.openings, c.rules, c.clock);
    if (c.openings.empty()) throw std::runtime_error("--openings: " + o.openings + " holds no position");
  }
  if (o.sprt.size() != 2) throw std::invalid_argument("--sprt takes ELO0,ELO1");
  c.sprt = {o.sprt[0], o.sprt[1], o.alpha, o.beta};
  c.max_games = o.max_games, c.anchor = o.anchor;
  if (o.rating_limit > 0) c.rating_limit = o.rating_limit;
  c.prize_places = o.prize_places;
  c.prizes_stack = o.prizes_stack;
  return c;
}

void print_match(const Tournament& t, const Meeting& m, const MatchRecord& rec) {
  const Schedule& s = t.schedule();
  std::cout << "round " << rec.round + 1 << " meeting " << rec.meeting + 1 << " match " << rec.game + 1 << ": "
            << s.entrant_name(m.home) << " " << (rec.home_score == 1 ? "1-0" : rec.home_score == 0 ? "0-1" : "1/2") << " "
            << s.entrant_name(m.away) << " (" << rec.ending << (rec.moves ? ", " + std::to_string(rec.moves) + " moves" : "")
            << (rec.message.empty() ? "" : "; " + rec.message) << ")" << std::endl;
}

// A person's side: never asked to make a player (the tournament enters people's results).
ArenaSide person_side(const std::string& name) {
  return {name, [name](std::uint64_t) -> std::unique_ptr<Player> {
            throw std::logic_error(name + " is a person: the director enters the results");
          }};
}

void write_outputs(const Tournament& t, const TournamentSummary& s) {
  write_file_atomic(t.dir() / "summary.json", summary_json(s));
  write_file_atomic(t.dir() / "tournament.html", summary_html(s, "bughouse tournament — " + s.format));
  write_file_atomic(t.dir() / "standings.csv", standings_csv(s));
  write_file_atomic(t.dir() / "crosstable.csv", cross_table_csv(s));
}

void run_tournament_command(const TournamentOptions& o) {
  std::vector<std::string> specs;
  TournamentConfig probe;
  if (!o.players_file.empty()) read_players_file(o.players_file, probe);
  for (const auto& p : o.players) specs.push_back(parse_player_option(p).spec);
  for (const auto& p : probe.participants) specs.push_back(p.spec);
  std::erase(specs, std::string(kPersonSpec));  // people are no programs to set up
  const MatchSetup setup = match_setup(o.setup, specs);
  TournamentConfig config = tournament_config(o, setup);
  validate(config);
  std::vector<ArenaSide> sides;
  for (const Participant& p : config.participants)
    sides.push_back(p.spec == kPersonSpec ? person_side(p.name) : make_arena_side(p.spec, setup.context));
  Tournament t(config, std::move(sides), o.out, o.resume);
  std::cout << "tournament: " << summarize(t).format << "; " << config.participants.size() << " players; "
            << config.concurrency << " match" << (config.concurrency == 1 ? "" : "es") << " at once; journal "
            << t.journal().path().string() << (t.journal().resumed() ? " (resumed, " + std::to_string(t.journal().matches().size()) + " matches done)" : "")
            << std::endl;
  for (const std::string& name : o.withdrawals) {
    t.withdraw(name);
    std::cout << "withdrawn: " << name << ", from round " << t.journal().rounds().size() + 1 << " on" << std::endl;
  }
  for (const std::string& text : o.corrections) {
    const Correction c = parse_correction(text);
    t.correct(c.round, c.table, c.match, c.result);
    std::cout << "corrected round " << c.round + 1 << ", table " << c.table + 1 << ", match " << c.match + 1 << ": "
              << text.substr(text.find('=') + 1) << std::endl;
  }
  TournamentProgress progress;
  progress.match = [&t](const Meeting& m, const MatchRecord& rec) { print_match(t, m, rec); };
  progress.paired = [&t](int round) {
    const auto sheet = t.dir() / ("round-" + std::to_string(round + 1) + ".html");
    write_file_atomic(sheet, pairing_sheet_html(t, round));
    std::cout << "round " << round + 1 << " paired: the sheet to print is " << sheet.string() << std::endl;
  };
  progress.round = [&t](int) {
    const TournamentSummary s = summarize(t);
    std::cout << "\n" << standings_text(s) << std::endl;
    write_outputs(t, s);
  };
  if (!t.run(progress, terminal_result_entry(t, std::cin, std::cout))) {
    std::cout << "stopped at end of input: the results so far are in the journal; --resume continues" << std::endl;
    return;
  }
  const TournamentSummary s = summarize(t);
  std::cout << "\n" << cross_table_text(s) << "\n" << ratings_text(s) << "\n" << gauntlet_text(s)
            << (s.rungs.empty() ? "" : "\n") << endings_text(s);
  write_outputs(t, s);
  std::cout << "written: " << (t.dir() / "summary.json").string() << ", " << (t.dir() / "tournament.html").string() << ", "
            << (t.dir() / "standings.csv").string() << ", " << (t.dir() / "crosstable.csv").string() << ", "
            << (t.dir() / "games").string() << "/*.bpgn" << std::endl;
}

// Who plays, and in which teams.
void add_entrant_options(CLI::App* cmd, TournamentOptions& o) {
  cmd->add_option("--player", o.players,
                  "NAME=SPEC, repeatable; SPEC as arena takes it: random, greedy, uniform, material, tactical, a checkpoint, "
                  "uci:PATH[?...], xboard:PATH[?...]; or person: a person playing over the board, whose results "
                  "the director types in when asked (standard input)");
  cmd->add_option("--players", o.players_file, "TOML file of [[player]] (name, spec, rating, group) and [[team]] tables")
      ->check(CLI::ExistingFile);
  cmd->add_option("--team", o.teams, "NAME=WHITE,BLACK: a fixed team, repeatable (implies --teams fixed)");
  cmd->add_option("--teams", o.team_mode,
                  "How teams form: fixed (as --team gives), random (drawn with the seed), all-pairs (every partnership; "
                  "roundrobin only), solo (one player holds both seats), rotating (individual event: fours by standing, "
                  "partners rotating; swiss only), balanced (by rating: the strongest with the weakest, and inward). "
                  "Default: fixed with --team, random for an even count of 4 or more, else solo")
      ->check(CLI::IsMember({"fixed", "random", "all-pairs", "solo", "rotating", "balanced"}));
  cmd->add_option("--anchor", o.anchor, "Ratings are anchored at this player (its rating, or 0); default the first");
  cmd->add_option("--rating-limit", o.rating_limit, "Category prize: the first team whose players' ratings add up to less");
  cmd->add_option("--prize-places", o.prize_places, "Prizes for the first this many teams (then the category prizes)")
      ->check(CLI::Range(0, 1000))->capture_default_str();
  cmd->add_option("--withdraw", o.withdrawals,
                  "NAME: the director withdraws a player between rounds, with --resume: from the next round paired "
                  "its team forfeits every match");
  cmd->add_option("--correct", o.corrections,
                  "ROUND.TABLE.MATCH=RESULT (from 1; RESULT as typed when asked): the director enters a person's match "
                  "again, with --resume; the journal keeps both, standings and later pairings use the new one");
  cmd->add_flag("--prizes-stack", o.prizes_stack,
                "A team may take a place and category prizes too (default: one prize a team, the higher)");
}

// The format, its rounds and the SPRT.
void add_format_options(CLI::App* cmd, TournamentOptions& o) {
  cmd->add_option("--format", o.format, "swiss, roundrobin, double-roundrobin, gauntlet, or sprt (two solo players)")
      ->check(CLI::IsMember({"swiss", "roundrobin", "double-roundrobin", "gauntlet", "sprt"}))
      ->capture_default_str();
  cmd->add_option("--rounds", o.rounds, "Rounds of a Swiss or rotating event")->check(CLI::Range(1, 1000))->capture_default_str();
  cmd->add_option("--hero", o.hero, "The team (or solo player) a gauntlet pits against all others");
  cmd->add_option("--games", o.games, "Matches per meeting, the teams' colourings alternating")
      ->check(CLI::Range(1, 1000))->capture_default_str();
  cmd->add_flag("--alternate-colours", o.alternate, "Partners swap colours in every second match of a meeting");
  cmd->add_option("--openings", o.openings,
                  "Start positions: BFEN lines, or a .bpgn file whose games' moves are opening prefixes; each meeting "
                  "plays one from both colourings")
      ->check(CLI::ExistingFile);
  cmd->add_option("--sprt", o.sprt, "ELO0,ELO1 of the SPRT (format sprt)")->delimiter(',')->expected(2)->capture_default_str();
  cmd->add_option("--alpha", o.alpha, "SPRT false-positive rate")->check(CLI::Range(1e-6, 0.5))->capture_default_str();
  cmd->add_option("--beta", o.beta, "SPRT false-negative rate")->check(CLI::Range(1e-6, 0.5))->capture_default_str();
  cmd->add_option("--max-games", o.max_games, "SPRT: stop undecided after this many matches")
      ->check(CLI::Range(2, 1'000'000))->capture_default_str();
}

// How the matches are played: clock, search, cores, faults, claims.
void add_play_options(CLI::App* cmd, TournamentOptions& o) {
  cmd->add_option("--clock", o.setup.clock, "Time control per seat, M+S or with a delay MdS (e.g. 5d5; default 5+5, the club form, or the config's)");
  cmd->add_option("--config", o.setup.config, "Run configuration (TOML): [rules], [clock], [search] of the search players")
      ->check(CLI::ExistingFile);
  cmd->add_option("--visits", o.setup.visits, "Visits per decision of the search players")->check(CLI::Range(1, 1'000'000));
  cmd->add_option("--clock-mode", o.setup.clock_mode,
                  "What built-in players' clocks pay: real (wall time), model (simulated think time), auto (real when a "
                  "player is an external engine)")
      ->check(CLI::IsMember({"auto", "real", "model"}))->capture_default_str();
  cmd->add_option("--concurrency", o.concurrency,
                  "Cores to use: a match thinks on one seat at a time, so this many matches run at once, divided by "
                  "the most threads an engine is given (its Threads option), so clocks never charge waiting as thinking")
      ->check(CLI::Range(1, 256))->capture_default_str();
  cmd->add_option("--seed", o.seed, "Seed of the team draw and the built-in players")->check(CLI::NonNegativeNumber)->capture_default_str();
  cmd->add_option("--max-faults", o.max_faults, "A player that fails this many matches (dies, hangs, plays illegally) is withdrawn")
      ->check(CLI::Range(1, 1000))->capture_default_str();
  cmd->add_flag("--adjudicate-claims", o.adjudicate_claims,
                "Where the rules have draw claims (standard chess; bughouse under repetition_draw or fifty_move_draw = claim): the arbiter grants a draw as soon as a claim would hold");
  add_network_options(cmd, o.setup.network, /*with_threads=*/false);
}

}  // namespace

void add_tournament_command(CLI::App& app) {
  auto o = std::make_shared<TournamentOptions>();
  CLI::App* cmd = app.add_subcommand("tournament",
                                     "Play a tournament of teams of two: Swiss, round robin, gauntlet or an SPRT between two "
                                     "players, with standings, tie-breaks, a cross-table and ratings");
  add_entrant_options(cmd, *o);
  add_format_options(cmd, *o);
  add_play_options(cmd, *o);
  cmd->add_option("--out", o->out, "Directory of the journal, the BPGN records and the summaries")->required();
  cmd->add_flag("--resume", o->resume, "Continue the tournament in --out from its journal (the same options)");
  cmd->callback([o] { run_tournament_command(*o); });
}

}  // namespace bh::cli
