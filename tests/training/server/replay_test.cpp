// Specification of `bughouse serve --run DIR`'s replays, in-process over real sockets: the
// listing of a small run directory made here (an arena file from the shared test data,
// self-play records written by core's own BPGN writer), a record written after the first
// listing appearing in the next, each replay checked against core replaying the same
// record, and everything that is not a listed record — unknown ids, path traversal, a
// symbolic link out of the run — a 404; a corrupt record a clear error, not a crash.
#include <gtest/gtest.h>

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <functional>

#include "core/bpgn.h"
#include "core/fen.h"
#include "tests/core/test_data.h"
#include "training/server/server.h"
#include "ws_client.h"

namespace bh::server {
namespace {

namespace fs = std::filesystem;
namespace http = boost::beast::http;
using nlohmann::json;
using test::http_request;

// The referee of the shared matches plays stuck_rule = flag (six of them end so).
RuleSet referee_rules() {
  RuleSet r;
  r.stuck_rule = StuckRule::Flag;
  return r;
}

void write_text(const fs::path& path, const std::string& text) {
  fs::create_directories(path.parent_path());
  std::ofstream(path, std::ios::binary) << text;
}

std::vector<BpgnGame> shared_games() { return read_bpgn_file(bh::test::data_path("match_replays.bpgn")); }

// The first `plies` moves of a shared match, then `end` (a resignation, a flag).
Match cut_short(const BpgnGame& game, std::size_t plies, const std::function<void(Match&)>& end) {
  BpgnGame start = game;
  start.plies.resize(plies);
  start.result = "*";
  start.reason.clear();
  Match m = replay(start, referee_rules());
  end(m);
  return m;
}

// A run directory: rules.txt, arena/gen-0001.bpgn (the 50 shared matches) and the record
// of a generation 2 self-play worker with two matches that end off the board.
struct RunFixture {
  fs::path dir;
  fs::path outside;  // beside the run, not in it
  RunFixture() {
    static int count = 0;
    const fs::path base = fs::temp_directory_path() / ("replay_test_" + std::to_string(::getpid()) + "_" +
                                                        std::to_string(count++));
    fs::remove_all(base);
    dir = base / "run";
    outside = base / "outside";
    fs::create_directories(outside);
    std::string rules;
    for (const std::string& line : describe(referee_rules())) rules += line + "\n";
    write_text(dir / "rules.txt", rules);
    fs::create_directories(dir / "arena");
    fs::copy_file(bh::test::data_path("match_replays.bpgn"), dir / "arena" / "gen-0001.bpgn");
    write_text(dir / "games" / "g0002-s0-w0-000000.bpgn", selfplay_record());
  }
  ~RunFixture() { fs::remove_all(dir.parent_path()); }

  static std::string selfplay_record() {
    const auto games = shared_games();
    const std::vector<std::pair<std::string, std::string>> tags = {{"Event", "selfplay generation 2"}};
    const Match resigned = cut_short(games[0], 6, [](Match& m) { m.resign(ABlack, m.now() + 500); });
    const Match flagged = cut_short(games[1], 9, [](Match& m) { m.advance_to(m.now() + 10'000'000); });
    return write_bpgn(resigned, tags) + "\n" + write_bpgn(flagged, tags);
  }
};

struct Served {
  Server server;
  explicit Served(const fs::path& run) : server(options(run)) { server.start(); }
  static ServerOptions options(const fs::path& run) {
    ServerOptions o;
    o.port = 0;
    o.run = run;
    return o;
  }
  test::HttpResult get(const std::string& target) { return http_request(server.port(), http::verb::get, target); }
  json get_json(const std::string& target) {
    const auto r = get(target);
    EXPECT_EQ(r.status, 200) << target << ": " << r.body;
    return r.status == 200 ? json::parse(r.body) : json();
  }
};

TEST(RunReplays, ListsTheGenerationsAndTheirMatches) {
  RunFixture run;
  Served s(run.dir);
  const json summary = s.get_json("/api/run");
  EXPECT_EQ(summary["run"], true);
  EXPECT_EQ(summary["name"], "run");
  EXPECT_EQ(summary["generations"], (json::parse(R"([{"generation":2,"arena":0,"selfplay":1},
                                                     {"generation":1,"arena":1,"selfplay":0}])")));

  const json arena = s.get_json("/api/run/generations/1");
  ASSERT_EQ(arena["files"].size(), 1u);
  EXPECT_EQ(arena["total_files"], 1);
  EXPECT_EQ(arena["files"][0]["file"], "arena/gen-0001.bpgn");
  EXPECT_EQ(arena["files"][0]["kind"], "arena");
  const auto games = shared_games();
  const json& matches = arena["files"][0]["matches"];
  ASSERT_EQ(matches.size(), games.size());
  for (std::size_t i = 0; i < games.size(); ++i) {
    EXPECT_EQ(matches[i]["id"], "arena/gen-0001.bpgn/" + std::to_string(i + 1));
    EXPECT_EQ(matches[i]["result"], games[i].result);
    EXPECT_EQ(matches[i]["moves"], games[i].plies.size());
    EXPECT_EQ(matches[i]["event"], games[i].tag("Event"));
  }
  const json selfplay = s.get_json("/api/run/generations/2");
  EXPECT_EQ(selfplay["files"][0]["kind"], "selfplay");
  EXPECT_EQ(selfplay["files"][0]["matches"][0]["reason"], "resign A-black");
  EXPECT_EQ(s.get("/replays").status, 200);
}

TEST(RunReplays, ARecordWrittenAfterTheFirstListingAppearsInTheNext) {
  RunFixture run;
  Served s(run.dir);
  EXPECT_EQ(s.get_json("/api/run/generations/2")["total_files"], 1);
  EXPECT_EQ(s.get("/api/run/generations/3").status, 404);
  // What a running training writes: a pending record (not yet committed), then records.
  write_text(run.dir / "games" / "g0003-s0-w0-000000.bpgn.pending", RunFixture::selfplay_record());
  EXPECT_EQ(s.get("/api/run/generations/3").status, 404);
  write_text(run.dir / "games" / "g0003-s0-w0-000000.bpgn", RunFixture::selfplay_record());
  write_text(run.dir / "games" / "g0002-s1-w0-000000.bpgn", RunFixture::selfplay_record());
  write_text(run.dir / "games" / "notes.bpgn", RunFixture::selfplay_record());  // no run's name: not listed
  const json summary = s.get_json("/api/run");
  ASSERT_EQ(summary["generations"].size(), 3u);
  EXPECT_EQ(summary["generations"][0], (json{{"generation", 3}, {"arena", 0}, {"selfplay", 1}}));
  EXPECT_EQ(summary["generations"][1], (json{{"generation", 2}, {"arena", 0}, {"selfplay", 2}}));
  const json g2 = s.get_json("/api/run/generations/2");
  ASSERT_EQ(g2["files"].size(), 2u);
  EXPECT_EQ(g2["files"][0]["file"], "games/g0002-s0-w0-000000.bpgn");
  EXPECT_EQ(g2["files"][1]["file"], "games/g0002-s1-w0-000000.bpgn");
  EXPECT_EQ(s.get_json("/api/run/matches/games/g0003-s0-w0-000000.bpgn/2")["steps"].size(), 9u);
}

TEST(RunReplays, AGenerationsFilesComeInPages) {
  RunFixture run;
  for (int w = 1; w <= 24; ++w)
    write_text(run.dir / "games" / ("g0002-s0-w" + std::to_string(w) + "-000000.bpgn"), RunFixture::selfplay_record());
  Served s(run.dir);
  const json first = s.get_json("/api/run/generations/2");
  EXPECT_EQ(first["total_files"], 25);
  const std::size_t per_page = first["per_page"];
  EXPECT_EQ(first["files"].size(), per_page);
  const json rest = s.get_json("/api/run/generations/2?from=" + std::to_string(per_page));
  EXPECT_EQ(rest["files"].size(), 25 - per_page);
  EXPECT_NE(rest["files"][0]["file"], first["files"][0]["file"]);
  EXPECT_EQ(s.get("/api/run/generations/2?from=x").status, 400);
}

// Each step's position is core's: the final one is the match core replays from the
// record, and there is one step per recorded move, in time order.
TEST(RunReplays, AReplayIsCoreReplayingTheRecord) {
  RunFixture run;
  Served s(run.dir);
  const auto games = shared_games();
  for (std::size_t i = 0; i < games.size(); ++i) {
    const json r = s.get_json("/api/run/matches/arena/gen-0001.bpgn/" + std::to_string(i + 1));
    const Match m = replay(games[i], referee_rules());
    const json& steps = r["steps"];
    ASSERT_EQ(steps.size(), games[i].plies.size()) << "game " << i + 1;
    EXPECT_EQ(r["start"]["boards"][0]["fen"], to_fen(m.initial_board(BoardA)));
    EXPECT_EQ(steps.back()["boards"][0]["fen"], to_fen(m.board(BoardA))) << "game " << i + 1;
    EXPECT_EQ(steps.back()["boards"][1]["fen"], to_fen(m.board(BoardB))) << "game " << i + 1;
    for (std::size_t k = 0; k < steps.size(); ++k) {
      const MatchEvent& e = m.events()[k];
      EXPECT_EQ(steps[k]["seat"], std::string(seat_name(e.seat)));
      EXPECT_EQ(steps[k]["time_ms"], e.time_ms);
      EXPECT_EQ(steps[k]["clocks"][std::string(seat_name(e.seat))], e.clock_after_ms);
    }
    EXPECT_EQ(r["result"], games[i].result);
    EXPECT_EQ(r["reason"], m.outcome().describe());
    EXPECT_EQ(r["end_ms"], m.outcome().time_ms);
    EXPECT_EQ(r["generation"], 1);
    EXPECT_EQ(r["tags"]["Event"], games[i].tag("Event"));
  }
}

// A resignation and a flag are not in the moves: the replay ends them as the record says,
// the flag when the mover's clock reaches zero.
TEST(RunReplays, EndingsTheMovesDoNotShowAreTheRecords) {
  RunFixture run;
  Served s(run.dir);
  const json resigned = s.get_json("/api/run/matches/games/g0002-s0-w0-000000.bpgn/1");
  EXPECT_EQ(resigned["steps"].size(), 6u);
  EXPECT_EQ(resigned["result"], "1-0");
  EXPECT_EQ(resigned["reason"], "team 1 wins: A-black resigned");
  const json flagged = s.get_json("/api/run/matches/games/g0002-s0-w0-000000.bpgn/2");
  const Match expected = cut_short(shared_games()[1], 9, [](Match& m) { m.advance_to(m.now() + 10'000'000); });
  ASSERT_TRUE(expected.over());
  EXPECT_EQ(flagged["reason"], expected.outcome().describe());
  EXPECT_EQ(flagged["result"], result_string(expected.outcome()));
  EXPECT_EQ(flagged["end_ms"], expected.outcome().time_ms);
  const json& last = flagged["steps"].back();
  const std::string flagger(seat_name(expected.outcome().seat));
  EXPECT_EQ(last["boards"][board_of(expected.outcome().seat)]["mover"], flagger);
  // The page runs the mover's clock from the last move: it reaches zero at the end.
  EXPECT_EQ(last["clocks"][flagger].get<std::int64_t>() - (flagged["end_ms"].get<std::int64_t>() - last["time_ms"].get<std::int64_t>()), 0);
}

TEST(RunReplays, AnythingButAListedRecordIs404) {
  RunFixture run;
  write_text(run.outside / "secret.bpgn", RunFixture::selfplay_record());
  fs::create_symlink(run.outside / "secret.bpgn", run.dir / "games" / "g0007-s0-w0-000000.bpgn");
  fs::create_symlink(run.outside, run.dir / "escape");
  Served s(run.dir);
  for (const char* target : {
           "/api/run/matches/arena/gen-0001.bpgn/0",
           "/api/run/matches/arena/gen-0001.bpgn/51",
           "/api/run/matches/arena/gen-0001.bpgn/x",
           "/api/run/matches/arena/gen-0001.bpgn",
           "/api/run/matches/arena/gen-0009.bpgn/1",
           "/api/run/matches/rules.txt/1",
           "/api/run/matches/games/../rules.txt/1",
           "/api/run/matches/../rules.txt/1",
           "/api/run/matches/arena/../../outside/secret.bpgn/1",
           "/api/run/matches/arena/..%2F..%2Foutside%2Fsecret.bpgn/1",
           "/api/run/matches/escape/secret.bpgn/1",
           "/api/run/matches/games/g0007-s0-w0-000000.bpgn/1",  // a link out of the run
           "/api/run/matches//etc/passwd/1",
           "/api/run/generations/7",
           "/api/run/generations/-1",
           "/api/run/generations/x",
           "/replays/x",
       })
    EXPECT_EQ(s.get(target).status, 404) << target;
  EXPECT_EQ(s.get_json("/api/run/generations/2")["total_files"], 1);  // the link is not listed
  EXPECT_EQ(s.get_json("/api/run")["generations"].size(), 2u);
}

TEST(RunReplays, ACorruptRecordIsAClearErrorNotACrash) {
  RunFixture run;
  // A move that is not legal there, and a record that is not BPGN at all.
  write_text(run.dir / "games" / "g0004-s0-w0-000000.bpgn",
             "[Event \"x\"]\n\n1A. e2e4 {59.0} 1a. e7e5 {59.0} 2A. e4e5 {58.0} 1-0\n");
  write_text(run.dir / "games" / "g0004-s0-w1-000000.bpgn", "[Event \"x\"\n1A. {{{ ]]]\n");
  Served s(run.dir);
  const auto illegal = s.get("/api/run/matches/games/g0004-s0-w0-000000.bpgn/1");
  EXPECT_EQ(illegal.status, 422);
  EXPECT_NE(illegal.body.find("games/g0004-s0-w0-000000.bpgn"), std::string::npos) << illegal.body;
  EXPECT_NE(illegal.body.find("e4e5"), std::string::npos) << illegal.body;
  const auto garbled = s.get("/api/run/matches/games/g0004-s0-w1-000000.bpgn/1");
  EXPECT_EQ(garbled.status, 422);
  EXPECT_NE(garbled.body.find("games/g0004-s0-w1-000000.bpgn"), std::string::npos) << garbled.body;
  EXPECT_EQ(garbled.body.find(run.dir.string()), std::string::npos) << "the server's paths stay its own";
  const json listing = s.get_json("/api/run/generations/4");
  ASSERT_EQ(listing["files"].size(), 2u);
  EXPECT_EQ(listing["files"][0]["matches"].size(), 1u);  // listed from its tags; replaying it fails
  EXPECT_TRUE(listing["files"][1].contains("error")) << listing.dump();
  EXPECT_EQ(s.get("/api/run").status, 200);  // and the server goes on
}

TEST(RunReplays, WithoutARunTheServerSaysSo) {
  ServerOptions o;
  o.port = 0;
  Server server(o);
  server.start();
  const auto run = http_request(server.port(), http::verb::get, "/api/run");
  EXPECT_EQ(run.status, 200);
  EXPECT_EQ(json::parse(run.body), (json{{"run", false}}));
  EXPECT_EQ(http_request(server.port(), http::verb::get, "/replays").status, 404);
  EXPECT_EQ(http_request(server.port(), http::verb::get, "/api/run/generations/1").status, 404);
}

TEST(RunReplays, AMissingRunDirectoryIsAnErrorNamingIt) {
  ServerOptions o;
  o.port = 0;
  o.run = fs::temp_directory_path() / "replay_test_no_such_run";
  try {
    Server server(o);
    FAIL() << "a server for a missing run";
  } catch (const std::runtime_error& e) {
    EXPECT_NE(std::string(e.what()).find(o.run.string()), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("does not exist"), std::string::npos) << e.what();
  }
}

}  // namespace
}  // namespace bh::server
