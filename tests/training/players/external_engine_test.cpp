// Specification of external engines as players: the child process (lines in and out,
// death and absence reported by name), what a UCI engine is told per decision, an engine
// that dies mid-match, whole-match arena games against `bughouse uci` itself, and two
// matches each against Fairy-Stockfish (UCI) and Sjeng (xboard) where they are installed.
#include <gtest/gtest.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <thread>

#include <unistd.h>

#include "core/bpgn.h"
#include "core/fen.h"
#include "core/notation.h"
#include "mcts/greedy_player.h"
#include "training/players/arena.h"
#include "training/players/engine_spec.h"
#include "training/players/player_spec.h"
#include "training/players/subprocess.h"
#include "training/players/uci_player.h"

namespace bh {
namespace {

using namespace std::chrono_literals;

std::filesystem::path temp_path(const std::string& name) {
  return std::filesystem::temp_directory_path() / (name + "_" + std::to_string(::getpid()));
}

// Skips the test when `program` is not installed, saying so.
#define REQUIRE_PROGRAM(program)                                                   \
  do {                                                                             \
    try {                                                                          \
      resolve_program(program);                                                    \
    } catch (const EngineError& e) {                                               \
      GTEST_SKIP() << program << " is not installed (" << e.what() << ")";         \
    }                                                                              \
  } while (0)

TEST(Subprocess, LinesGoInAndComeOut) {
  Subprocess cat({"cat"}, "cat");
  cat.write_line("uci");
  cat.write_line("isready");
  EXPECT_EQ(cat.read_line(5s), "uci");
  EXPECT_EQ(cat.read_line(5s), "isready");
  EXPECT_EQ(cat.read_line(50ms), std::nullopt);  // nothing more: a timeout, not an error
  EXPECT_TRUE(cat.running());
}

TEST(Subprocess, DeathIsAnErrorNamingTheEngineAndHowItEnded) {
  Subprocess dies({"sh", "-c", "read x; exit 7"}, "shorty");
  dies.write_line("go");
  try {
    dies.read_line(10s);
    FAIL() << "no error";
  } catch (const EngineError& e) {
    const std::string what = e.what();
    EXPECT_NE(what.find("shorty"), std::string::npos) << what;
    EXPECT_NE(what.find("exited with status 7"), std::string::npos) << what;
  }
  // Writing to it now fails cleanly too (no SIGPIPE death of the test).
  EXPECT_THROW(
      {
        for (int i = 0; i < 100; ++i) dies.write_line(std::string(4096, 'x'));
      },
      EngineError);
}

TEST(Subprocess, AMissingProgramIsNamed) {
  try {
    Subprocess nope({"no-such-engine-anywhere"}, "nope");
    FAIL() << "started";
  } catch (const EngineError& e) {
    EXPECT_NE(std::string(e.what()).find("no-such-engine-anywhere"), std::string::npos);
  }
}

TEST(UciPlayerCommands, SingleBoardAndWholeMatch) {
  Match m(RuleSet{}, TimeControl{60'000, 2'000});
  m.play(BoardA, parse_uci(m.board(BoardA), RuleSet{}, "e2e4"), 1'000);
  m.play(BoardB, parse_uci(m.board(BoardB), RuleSet{}, "d2d4"), 1'500);
  m.play(BoardA, parse_uci(m.board(BoardA), RuleSet{}, "d7d5"), 2'000);
  m.play(BoardA, parse_uci(m.board(BoardA), RuleSet{}, "e4d5"), 2'500);
  EngineSpec single;
  EXPECT_EQ(uci_position_command(m, BBlack, false), "position fen " + to_fen(m.board(BoardB)));
  EXPECT_NE(to_fen(m.board(BoardB)).find("[p]"), std::string::npos);  // the pawn A-white took
  // B-black has thought since 1.5 s: at 3 s its clock shows 60 - 1.5 = 58.5 s; B-white
  // moved at 1.5 s: 60 - 1.5 + 2 (increment) = 60.5 s.
  EXPECT_EQ(uci_go_command(m, BBlack, 3'000, single), "go wtime 60500 btime 58500 winc 2000 binc 2000");
  EngineSpec whole;
  whole.whole_match = true;
  whole.nodes = 100;
  EXPECT_EQ(uci_position_command(m, BBlack, true), "position fen " + std::string(kStartFen) + " | " +
                                                       std::string(kStartFen) + " moves 1e2e4 2d2d4 1d7d5 1e4d5");
  EXPECT_EQ(uci_go_command(m, BBlack, 3'000, whole),
            "go seat B-black clocks 62500 60500 60500 58500 inc 2000 nodes 100");
}

PlayerContext context() {
  PlayerContext c;
  c.real_time = true;
  c.search.visits = 16;
  return c;
}

ArenaConfig two_matches(const std::string& bpgn = "") {
  ArenaConfig config;
  config.games = 2;
  config.clock = TimeControl::parse("10s+0");
  config.bpgn_path = bpgn;
  return config;
}

// A CECP engine in a shell script: it answers `protover` (ping, setboard, usermove, the
// given variants), `ping` and `quit`, and runs `arms` (more `case` arms of sh) for the rest.
std::filesystem::path script_engine(const std::string& name, const std::string& arms,
                                    const std::string& variants = "bughouse") {
  const auto script = temp_path(name);
  std::ofstream f(script);
  f << "#!/bin/sh\n"
       "told=\n"
       "while read line; do\n"
       "  case \"$line\" in\n"
       "    protover*) echo 'feature ping=1 setboard=1 usermove=1 colors=0 variants=\""
    << variants << "\" done=1';;\n"
       "    ping*) echo \"pong ${line#ping }\";;\n"
    << arms
    << "    quit) exit 0;;\n"
       "  esac\n"
       "done\n";
  f.close();
  std::filesystem::permissions(script, std::filesystem::perms::owner_all);
  return script;
}

// It sits at `go` until its partner says `ptell go` (as Sjeng does when every move
// loses); with `also_moves` it announces the sit and moves all the same.
std::filesystem::path sitting_engine(bool also_moves) {
  return script_engine(also_moves ? "sit_and_move_engine.sh" : "sitting_engine.sh",
                       std::string("    'ptell go') told=1;;\n"
                                   "    go) if [ -z \"$told\" ]; then echo \"tellics ptell I'll have to sit...(dead)\"; ") +
                           (also_moves ? "echo 'move e2e4'; " : "") + "else echo 'move e2e4'; fi;;\n");
}

TEST(ExternalEngines, AnXboardEngineThatSitsWaitsUntilAPieceArrives) {
  const auto script = sitting_engine(false);
  PlayerContext c = context();
  const ArenaSide side = make_arena_side("xboard:" + script.string(), c);
  auto player = side.make(1);
  Match match(RuleSet{}, TimeControl{60'000, 0});
  player->new_match();
  EXPECT_TRUE(player->decide(match, AWhite, 0).action.is_wait());
  match.wait(BoardA, 1'000);
  EXPECT_TRUE(player->decide(match, AWhite, 1'000).action.is_wait()) << "nothing changed: it sits on";
  // B-black takes a white pawn: it goes to A-white, who is told `ptell go` and moves.
  for (const char* m : {"e2e4", "d7d5", "d2d3", "d5e4"})
    match.play(BoardB, parse_uci(match.board(BoardB), RuleSet{}, m), 1'500);
  ASSERT_EQ(match.board(BoardA).reserve(White)[Pawn], 1);
  const PlayerAction moved = player->decide(match, AWhite, 2'000);
  EXPECT_EQ(to_uci(moved.action), "e2e4");
  std::filesystem::remove(script);
}

// It asks its partner for a knight at every `go`, moves e2e4, and writes every partner
// message it hears to `heard`.
std::filesystem::path talking_engine(const std::filesystem::path& heard) {
  return script_engine("talking_engine.sh", "    ptell*) echo \"$line\" >> " + heard.string() +
                                                ";;\n"
                                                "    go) echo 'tellics ptell n'; echo 'move e2e4';;\n");
}

TEST(ExternalEngines, XboardPartnersTellEachOtherThroughTheReferee) {
  const auto heard = temp_path("talking_engine_heard.txt");
  std::filesystem::remove(heard);
  const auto script = talking_engine(heard);
  const ArenaSide side = make_arena_side("xboard:" + script.string(), context());
  // Two processes of the script; the second plays B-white (the script knows one move).
  auto speaker = side.make(1), listener = side.make(2);
  Match match(RuleSet{}, TimeControl{60'000, 0});
  speaker->new_match(), listener->new_match();
  EXPECT_EQ(to_uci(speaker->decide(match, AWhite, 0).action), "e2e4");
  EXPECT_EQ(speaker->take_partner_messages(), std::vector<std::string>{"n"});
  EXPECT_TRUE(speaker->take_partner_messages().empty()) << "each message is passed on once";
  EXPECT_EQ(to_uci(listener->decide(match, BWhite, 0).action), "e2e4");
  listener->hear_partner("n");
  // The engine writes what it heard; wait for that state (a limit, not a timing).
  std::string text;
  for (int i = 0; i < 500 && text.find("ptell n") == std::string::npos; ++i) {
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
    std::ifstream in(heard);
    text.assign(std::istreambuf_iterator<char>(in), {});
  }
  EXPECT_EQ(text, "ptell n\n");
  std::filesystem::remove(script);
  std::filesystem::remove(heard);
}

TEST(ExternalEngines, AnXboardEngineClaimsADrawWithItsMoveInStandardChess) {
  // It moves, then announces the result, as CECP engines claim a repetition.
  const auto script = script_engine("claiming_engine.sh",
                                    "    go) echo 'move g1f3'; echo '1/2-1/2 {Draw by repetition}';;\n", "bughouse,normal");
  PlayerContext c = context();
  c.rules = RuleSet::chess();
  auto player = make_arena_side("xboard:" + script.string(), c).make(1);
  Match match(RuleSet::chess(), TimeControl{60'000, 0});
  player->new_match();
  const PlayerAction a = player->decide(match, AWhite, 0);
  EXPECT_EQ(to_uci(a.action), "g1f3");
  EXPECT_TRUE(a.claim_draw);
  std::filesystem::remove(script);
}

TEST(ExternalEngines, AnXboardEngineThatAnnouncesASitButMovesIsTakenAtItsMove) {
  const auto script = sitting_engine(true);
  const ArenaSide side = make_arena_side("xboard:" + script.string(), context());
  auto player = side.make(1);
  Match match(RuleSet{}, TimeControl{60'000, 0});
  player->new_match();
  EXPECT_EQ(to_uci(player->decide(match, AWhite, 0).action), "e2e4");
  std::filesystem::remove(script);
}

TEST(ExternalEngines, AnEngineThatDiesMidMatchIsNamed) {
  const auto script = temp_path("dying_engine.sh");
  {
    std::ofstream f(script);
    f << "#!/bin/sh\nwhile read line; do case \"$line\" in uci) echo uciok;; isready) echo readyok;; "
         "go*) exit 7;; esac; done\n";
  }
  std::filesystem::permissions(script, std::filesystem::perms::owner_all);
  const ArenaSide dying = make_arena_side("uci:" + script.string() + "?name=fragile", context());
  const ArenaSide greedy = make_arena_side("greedy", context());
  try {
    run_arena(greedy, dying, two_matches());
    FAIL() << "the arena went on";
  } catch (const std::exception& e) {
    const std::string what = e.what();
    EXPECT_NE(what.find("fragile"), std::string::npos) << what;
    EXPECT_NE(what.find("exited with status 7"), std::string::npos) << what;
    EXPECT_NE(what.find("arena match"), std::string::npos) << what;
  }
  std::filesystem::remove(script);
}

// Two matches, both colourings, every record replayed through core.
void two_recorded_matches(const std::string& a_spec, const std::string& b_spec, const std::string& b_name) {
  const auto bpgn = temp_path("external_arena.bpgn");
  std::filesystem::remove(bpgn);
  const ArenaSide a = make_arena_side(a_spec, context());
  const ArenaSide b = make_arena_side(b_spec, context());
  const ArenaResult r = run_arena(a, b, two_matches(bpgn.string()));
  EXPECT_EQ(r.games(), 2);
  const auto games = read_bpgn_file(bpgn.string());
  ASSERT_EQ(games.size(), 2u);
  EXPECT_EQ(games[0].tag("WhiteA"), a.name);
  EXPECT_EQ(games[1].tag("WhiteA"), b_name);
  for (const BpgnGame& g : games) {
    const Match m = replay(g, RuleSet{});
    EXPECT_GT(m.moves_played(), 0);
    EXPECT_NE(g.result, "*");
  }
  std::filesystem::remove(bpgn);
}

TEST(ExternalEngines, WholeMatchArenaAgainstBughouseUci) {
  two_recorded_matches("uniform", std::string("uci:") + BUGHOUSE_CLI + " uci?whole_match=1&nodes=16&name=self",
                       "self");
}

TEST(ExternalEngines, TwoMatchesAgainstFairyStockfish) {
  REQUIRE_PROGRAM("fairy-stockfish");
  two_recorded_matches("greedy", "uci:fairy-stockfish?nodes=400", "fairy-stockfish");
}

TEST(ExternalEngines, TwoMatchesAgainstSjengOverXboard) {
  REQUIRE_PROGRAM("sjeng");
  two_recorded_matches("greedy", "xboard:sjeng", "sjeng");
}

}  // namespace
}  // namespace bh
