// Specification of the tournaments `bughouse serve` hosts (training/server/README.md
// "Tournaments"): the director's link alone manages one; people and computers register;
// teams are formed by hand; each round is paired by the tournament code (the Swiss rules
// of training/tournament/README.md, worked by hand below) and its matches get tables whose
// seats are assigned: a person's link leads to their seat, computers play theirs, and the
// table's result enters the standings by itself. The director enters and corrects results
// played over the board; a restarted server resumes the tournament from its folder; bad
// input is refused and changes nothing.
#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <filesystem>
#include <thread>

#include <unistd.h>

#include "served.h"

namespace bh::server {
namespace {

using nlohmann::json;
using test::http_request;
using test::is_over;
using test::is_started;
using test::Served;
using test::WsClient;
namespace http = boost::beast::http;
using namespace std::chrono_literals;

// A folder of its own for each test's tournaments, removed at the end.
struct TempFolder {
  std::filesystem::path path;
  TempFolder() {
    static std::atomic<int> counter{0};
    path = std::filesystem::temp_directory_path() /
           ("bughouse-hosted-" + std::to_string(::getpid()) + "-" + std::to_string(counter++));
    std::filesystem::remove_all(path);
  }
  ~TempFolder() {
    std::error_code ignored;
    std::filesystem::remove_all(path, ignored);
  }
};

// A server hosting tournaments in `dir`, its computers ("first") moving after 1 ms.
struct Host {
  std::filesystem::path dir;
  Served served;
  explicit Host(const std::filesystem::path& d)
      : dir(d), served(1, [d](ServerOptions& o) { o.tournaments = d; }) {}
  unsigned short port() { return served.port(); }
};

// The director of one tournament: its id and management key.
struct Director {
  unsigned short port;
  std::string id, key;

  static Director create(Host& host, const json& settings) {
    const auto r = http_request(host.port(), http::verb::post, "/api/tournaments", settings.dump());
    if (r.status != 201) throw std::runtime_error("creating a tournament: " + r.body);
    const json j = json::parse(r.body);
    return {host.port(), j["id"], j["manage"]};
  }
  test::HttpResult post(const std::string& action, const json& body, const std::string& key_used = "") const {
    return http_request(port, http::verb::post,
                        "/api/tournaments/" + id + "/" + action + "?manage=" + (key_used.empty() ? key : key_used),
                        body.dump());
  }
  json ok(const std::string& action, const json& body) const {
    const auto r = post(action, body);
    if (r.status != 200) throw std::runtime_error(action + ": " + std::to_string(r.status) + " " + r.body);
    return json::parse(r.body);
  }
  json view(bool director = true) const {
    const auto r = http_request(port, http::verb::get, "/api/tournaments/" + id + (director ? "?manage=" + key : ""));
    return json::parse(r.body);
  }
  json seat(const std::string& link) const {
    const std::string player = link.substr(link.find("player=") + 7);
    return json::parse(http_request(port, http::verb::get, "/api/tournaments/" + id + "/seat?player=" + player).body);
  }
  // Waits (30 s at most) until `done` holds for the view.
  json until(const std::function<bool(const json&)>& done) const {
    const auto limit = std::chrono::steady_clock::now() + 30s;
    json v = view();
    while (!done(v) && std::chrono::steady_clock::now() < limit) {
      std::this_thread::sleep_for(20ms);
      v = view();
    }
    return v;
  }
};

// [[white, black], ...] as the teams action takes them.
json teams(std::initializer_list<std::vector<std::string>> list) {
  json out = json::array();
  for (const auto& team : list) out.push_back(team);
  return out;
}

const json& match_of(const json& view, int round, int table, int match = 1) {
  return view["rounds"][round - 1]["meetings"][table - 1]["matches"][match - 1];
}

// Eight people in four teams by hand: a+b, c+d, e+f, g+h. Returns each person's link.
std::map<std::string, std::string> eight_people(const Director& d) {
  std::map<std::string, std::string> links;
  for (const char* name : {"a", "b", "c", "d", "e", "f", "g", "h"}) links[name] = d.ok("register", {{"name", name}})["link"];
  d.ok("teams", {{"teams", teams({{"a", "b"}, {"c", "d"}, {"e", "f"}, {"g", "h"}})}});
  return links;
}

std::map<std::string, double> points(const json& view) {
  std::map<std::string, double> out;
  for (const json& row : view["summary"]["standings"]) out[row["entrant"]] = row["points"];
  return out;
}

TEST(HostedTournament, RoundOneIsPairedTopHalfAgainstBottomHalfAndEveryPersonHasASeat) {
  TempFolder folder;
  Host host(folder.path);
  const Director d = Director::create(host, {{"title", "Summer evening"}, {"rounds", 3}, {"clock", "5+5"}});
  const auto links = eight_people(d);
  EXPECT_EQ(d.ok("round", json::object())["round"], 1);
  const json v = d.view();
  // Four teams of equal score and no ratings rank by number: 1-3 and 2-4, the first home.
  EXPECT_EQ(v["rounds"][0]["meetings"][0]["home"], "a+b");
  EXPECT_EQ(v["rounds"][0]["meetings"][0]["away"], "e+f");
  EXPECT_EQ(v["rounds"][0]["meetings"][1]["home"], "c+d");
  EXPECT_EQ(v["rounds"][0]["meetings"][1]["away"], "g+h");
  // Team 1 of the first match is the home team: white on board A, black on board B.
  const json& seats = match_of(v, 1, 1)["seats"];
  EXPECT_EQ(seats["A-white"], "a");
  EXPECT_EQ(seats["B-black"], "b");
  EXPECT_EQ(seats["A-black"], "f");
  EXPECT_EQ(seats["B-white"], "e");
  const json f = d.seat(links.at("f"));
  EXPECT_EQ(f["seat"], "A-black");
  EXPECT_EQ(f["table"], match_of(v, 1, 1)["table"]);
  EXPECT_EQ(d.seat(links.at("g"))["table"], match_of(v, 1, 2)["table"]);
  // The public view names no link.
  EXPECT_FALSE(d.view(false)["entrants"][0].contains("link"));
  EXPECT_TRUE(d.view(true)["entrants"][0].contains("link"));
}

TEST(HostedTournament, ThePeoplesMatchStartsWhenAllFourAreSeatedAndItsResultEntersTheStandings) {
  TempFolder folder;
  Host host(folder.path);
  const Director d = Director::create(host, {{"rounds", 2}, {"clock", "5+0"}});
  const auto links = eight_people(d);
  d.ok("round", json::object());
  std::vector<std::unique_ptr<WsClient>> people;
  for (const char* name : {"a", "b", "e"}) {
    const json seat = d.seat(links.at(name));
    people.push_back(std::make_unique<WsClient>(host.port(), "/ws/" + seat["table"].get<std::string>() + "?token=" +
                                                               seat["token"].get<std::string>()));
    ASSERT_TRUE(people.back()->until(test::is_state));
  }
  // Three of four: the match waits, and a start is refused naming who is missing.
  people[0]->send(json{{"type", "start"}});
  const auto refused = people[0]->until(test::is_error);
  ASSERT_TRUE(refused);
  EXPECT_NE((*refused)["message"].get<std::string>().find("f (A-black)"), std::string::npos) << *refused;
  const json f = d.seat(links.at("f"));
  WsClient last(host.port(), "/ws/" + f["table"].get<std::string>() + "?token=" + f["token"].get<std::string>());
  ASSERT_TRUE(last.until(is_started));
  last.send(json{{"type", "resign"}});  // f resigns for team 2 (f and e)
  ASSERT_TRUE(last.until(is_over));
  const json v = d.until([](const json& v) { return !match_of(v, 1, 1)["result"].is_null(); });
  EXPECT_EQ(match_of(v, 1, 1)["result"], "1-0");
  EXPECT_EQ(match_of(v, 1, 1)["ending"], "resign");
  EXPECT_EQ(points(v)["a+b"], 1);
  EXPECT_EQ(points(v)["e+f"], 0);
  // Its record is served with the tournament's names.
  const auto record = http_request(host.port(), http::verb::get,
                                   "/api/tournaments/" + d.id + "/games/" + match_of(v, 1, 1)["record"].get<std::string>());
  EXPECT_EQ(record.status, 200);
  EXPECT_NE(record.body.find("[WhiteA \"a\"]"), std::string::npos) << record.body;
  const auto all = http_request(host.port(), http::verb::get, "/api/tournaments/" + d.id + "/games.bpgn");
  EXPECT_EQ(all.status, 200);
  EXPECT_EQ(all.body, record.body + "\n");  // one match at a table so far
}

TEST(HostedTournament, ComputersPlayTheirSeatsAtOnceAndTheRoundFinishesByItself) {
  TempFolder folder;
  Host host(folder.path);
  const Director d = Director::create(host, {{"rounds", 1}, {"clock", "10s+0"}});
  for (const char* name : {"w", "x", "y", "z"}) d.ok("register", {{"name", name}, {"computer", "first"}});
  d.ok("teams", {{"teams", teams({{"w", "x"}, {"y", "z"}})}});
  d.ok("round", json::object());
  const json v = d.until([](const json& v) { return v["state"] == "finished"; });
  ASSERT_EQ(v["state"], "finished") << v.dump();
  const json& m = match_of(v, 1, 1);
  EXPECT_FALSE(m["result"].is_null());
  EXPECT_EQ(points(v)["w+x"] + points(v)["y+z"], 1);  // one match, one point shared out
}

TEST(HostedTournament, TheDirectorEntersAndCorrectsResultsPlayedOverTheBoard) {
  TempFolder folder;
  Host host(folder.path);
  const Director d = Director::create(host, {{"rounds", 2}});
  eight_people(d);
  d.ok("round", json::object());
  d.ok("result", {{"round", 1}, {"table", 1}, {"match", 1}, {"result", "0-1"}});
  d.ok("result", {{"round", 1}, {"table", 2}, {"match", 1}, {"result", "1/2"}});
  EXPECT_EQ(d.post("result", {{"round", 1}, {"table", 1}, {"match", 1}, {"result", "1-0"}}).status, 400);  // has one
  d.ok("correct", {{"round", 1}, {"table", 1}, {"match", 1}, {"result", "1-0"}});
  json v = d.view();
  EXPECT_EQ(match_of(v, 1, 1)["result"], "1-0");
  EXPECT_EQ(match_of(v, 1, 1)["message"], "entered by the director, corrected");
  // After round 1: a+b 1, c+d 1/2, g+h 1/2, e+f 0. Round 2 pairs the score groups:
  // a+b alone on 1 meets the highest of the rest it has not met, c+d; g+h meets e+f.
  // Both pairs have equal colour balances (a+b and c+d were home, e+f and g+h away), so
  // the higher-ranked team is home.
  d.ok("round", json::object());
  v = d.view();
  auto meeting = [&](int table) {
    const json& m = v["rounds"][1]["meetings"][table - 1];
    return m["home"].get<std::string>() + " v " + m["away"].get<std::string>();
  };
  EXPECT_EQ(meeting(1), "a+b v c+d");
  EXPECT_EQ(meeting(2), "g+h v e+f");
  EXPECT_EQ(points(v), (std::map<std::string, double>{{"a+b", 1}, {"c+d", 0.5}, {"e+f", 0}, {"g+h", 0.5}}));
}

TEST(HostedTournament, ARestartedServerResumesItAndTheUnfinishedMatchGetsAFreshTable) {
  TempFolder folder;
  const auto& dir = folder.path;
  Director d{};
  std::map<std::string, std::string> links;
  std::string old_table;
  {
    Host host(dir);
    d = Director::create(host, {{"rounds", 2}});
    links = eight_people(d);
    d.ok("round", json::object());
    d.ok("result", {{"round", 1}, {"table", 2}, {"match", 1}, {"result", "1-0"}});
    old_table = match_of(d.view(), 1, 1)["table"];
  }
  Host host(dir);
  d.port = host.port();
  const json v = d.view();
  EXPECT_EQ(v["state"], "playing");
  EXPECT_EQ(match_of(v, 1, 2)["result"], "1-0");
  ASSERT_TRUE(match_of(v, 1, 1)["table"].is_string());
  EXPECT_NE(match_of(v, 1, 1)["table"], old_table);
  EXPECT_EQ(d.seat(links.at("a"))["table"], match_of(v, 1, 1)["table"]);  // the same link, the new table
  ASSERT_EQ(v["notices"].size(), 1u);
  EXPECT_NE(v["notices"][0].get<std::string>().find("restarted"), std::string::npos);
  EXPECT_EQ(d.post("register", {{"name", "late"}}).status, 400);  // entries closed with the first round
}

// A team entered after round 1 plays from round 2 with no points for round 1 (the Swiss
// rules of training/tournament/README.md): five teams, so the lowest-ranked, the late
// team on 0 with the highest number, has the bye. It survives a restart.
TEST(HostedTournament, ALateTeamJoinsFromTheNextRound) {
  TempFolder folder;
  const auto& dir = folder.path;
  Director d{};
  std::string late_link;
  {
    Host host(dir);
    d = Director::create(host, {{"rounds", 3}});
    eight_people(d);
    EXPECT_EQ(d.post("late", {{"white", {{"name", "i"}}}, {"black", {{"name", "j"}}}}).status, 400);  // not started
    d.ok("round", json::object());
    d.ok("result", {{"round", 1}, {"table", 1}, {"match", 1}, {"result", "1-0"}});  // a+b beat e+f
    d.ok("result", {{"round", 1}, {"table", 2}, {"match", 1}, {"result", "1/2"}});  // c+d and g+h draw
    EXPECT_EQ(d.post("register", {{"name", "i"}}).status, 400);  // entries after the start come as a team
    EXPECT_EQ(d.post("late", {{"white", {{"name", "a"}}}, {"black", {{"name", "j"}}}}).status, 400);  // a is in
    const json late = d.ok("late", {{"white", {{"name", "i"}}}, {"black", {{"name", "j"}}}});
    late_link = late["white"]["link"];
    d.ok("round", json::object());
  }
  Host host(dir);
  d.port = host.port();
  const json v = d.view();
  ASSERT_EQ(v["teams"].size(), 5u);
  EXPECT_EQ(v["teams"][4][0], "i+j");
  const json& round2 = v["rounds"][1]["meetings"];
  auto meeting = [&](int table) {
    const json& m = round2[table - 1];
    return m["home"].get<std::string>() + " v " + (m.contains("bye") ? std::string("bye") : m["away"].get<std::string>());
  };
  EXPECT_EQ(meeting(1), "a+b v c+d");
  EXPECT_EQ(meeting(2), "g+h v e+f");
  EXPECT_EQ(meeting(3), "i+j v bye");
  EXPECT_EQ(d.seat(late_link)["name"], "i");
  EXPECT_TRUE(d.seat(late_link).contains("waiting"));  // the bye: no match this round
  EXPECT_EQ(points(v)["i+j"], 1);                       // the bye's point
}

TEST(HostedTournament, BadInputIsRefusedAndChangesNothing) {
  TempFolder folder;
  Host host(folder.path);
  const Director d = Director::create(host, {{"rounds", 2}});
  const auto links = eight_people(d);
  const json before = d.view();
  EXPECT_EQ(d.post("register", {{"name", "z"}}, "forged").status, 403);
  EXPECT_EQ(d.post("register", {{"name", "a"}}).status, 400);                          // a second registration
  EXPECT_EQ(d.post("register", {{"name", "q"}, {"computer", "uci:/bin/sh"}}).status, 400);  // not offered
  EXPECT_EQ(d.post("teams", {{"teams", teams({{"a", "b", "c"}, {"d", "e"}})}}).status, 400);   // a team of three
  EXPECT_EQ(d.post("teams", {{"teams", teams({{"a", "b"}, {"b", "c"}})}}).status, 400);        // b in two teams
  EXPECT_EQ(d.post("result", {{"round", 1}, {"table", 1}, {"match", 1}, {"result", "1-0"}}).status, 400);  // no round
  EXPECT_EQ(d.post("launch", json::object()).status, 400);
  EXPECT_EQ(d.view(), before);
  d.ok("round", json::object());
  EXPECT_EQ(d.post("result", {{"round", 1}, {"table", 7}, {"match", 1}, {"result", "1-0"}}).status, 400);
  EXPECT_EQ(d.post("result", {{"round", 1}, {"table", 1}, {"match", 1}, {"result", "2-0"}}).status, 400);
  EXPECT_EQ(d.post("round", json::object()).status, 400);  // round 1 is not over
  EXPECT_EQ(http_request(host.port(), http::verb::get, "/api/tournaments/" + d.id + "/seat?player=stale").status, 403);
  EXPECT_EQ(http_request(host.port(), http::verb::get, "/api/tournaments/" + d.id + "?manage=forged").status, 403);
  EXPECT_EQ(http_request(host.port(), http::verb::get, "/api/tournaments/nosuch").status, 404);
  const json settings_refused[] = {{{"rounds", 0}}, {{"format", "knockout"}}, {{"clock", "untimed"}},
                                   {{"rules", {{"promotion", "sideways"}}}}, {{"colour", "fixed"}},
                                   {{"rules", {{"variant", "chess"}, {"promotion", "reserve"}}}}};
  for (const json& s : settings_refused)
    EXPECT_EQ(http_request(host.port(), http::verb::post, "/api/tournaments", s.dump()).status, 400) << s;
}

// Plays e2e5 (never legal at the start, for either colour) as its first move.
class IllegalPlayer final : public Player {
 public:
  PlayerAction decide(const Match&, Seat, std::int64_t) override { return {Move::normal(E2, E5), 1}; }
  std::string name() const override { return "illegal"; }
};

// core/RULES.md "End of the match": a program that fails at a live table loses for its
// team; the table does not stop, and the tournament takes the result with the name.
TEST(HostedTournament, AProgramThatFailsLosesForItsTeamAndTheRoundGoesOn) {
  TempFolder folder;
  const auto& dir = folder.path;
  Served served(
      [](const std::string& spec, Seat, const RuleSet&) -> std::unique_ptr<Player> {
        if (spec == "illegal") return std::make_unique<IllegalPlayer>();
        return std::make_unique<test::FirstMovePlayer>(1);
      },
      [dir](ServerOptions& o) {
        o.tournaments = dir;
        o.lobby.allowed_computers.insert("illegal");
      });
  const auto made = http_request(served.port(), http::verb::post, "/api/tournaments", json{{"rounds", 1}}.dump());
  ASSERT_EQ(made.status, 201) << made.body;
  const json tournament = json::parse(made.body);
  const Director d{served.port(), tournament["id"], tournament["manage"]};
  d.ok("register", {{"name", "w"}, {"computer", "illegal"}});
  for (const char* name : {"x", "y", "z"}) d.ok("register", {{"name", name}, {"computer", "first"}});
  d.ok("teams", {{"teams", teams({{"w", "x"}, {"y", "z"}})}});
  d.ok("round", json::object());
  const json v = d.until([](const json& v) { return v["state"] == "finished"; });
  const json& m = match_of(v, 1, 1);
  EXPECT_EQ(m["seats"]["A-white"], "w");
  EXPECT_EQ(m["result"], "0-1");
  EXPECT_EQ(m["ending"], "fault");
  EXPECT_EQ(m["message"], "w's program failed at its table");
  EXPECT_EQ(points(v)["y+z"], 1);
}

// The lobby removes a table nobody came to (lobby.h); a person who comes later still finds
// their seat, at a table opened again for the match.
TEST(HostedTournament, APersonWhoComesAfterTheirTableWentGetsAFreshOne) {
  TempFolder folder;
  Served served(1, [&](ServerOptions& o) {
    o.tournaments = folder.path;
    o.lobby.sweep_every = 20ms;
    o.lobby.unstarted_expiry = 200ms;
  });
  const auto made = http_request(served.port(), http::verb::post, "/api/tournaments", json{{"rounds", 1}}.dump());
  Director d{served.port(), json::parse(made.body)["id"], json::parse(made.body)["manage"]};
  const auto links = eight_people(d);
  d.ok("round", json::object());
  const std::string first = d.view()["rounds"][0]["meetings"][0]["matches"][0]["table"];
  const auto limit = std::chrono::steady_clock::now() + 20s;
  while (http_request(served.port(), http::verb::get, "/table/" + first).status != 404 &&
         std::chrono::steady_clock::now() < limit)
    std::this_thread::sleep_for(20ms);
  const json seat = d.seat(links.at("a"));
  ASSERT_TRUE(seat.contains("table")) << seat;
  EXPECT_NE(seat["table"], first);  // (it may go too, 200 ms later: the next look opens another)
}

// A flood of requests meets the server's bounds: a tournament takes 200 entrants and a
// server holds 100 tournaments; past them each request is refused and nothing is kept.
TEST(HostedTournament, AFloodOfEntriesAndTournamentsMeetsTheBounds) {
  TempFolder folder;
  Host host(folder.path);
  const Director d = Director::create(host, json::object());
  for (int i = 0; i < 200; ++i) d.ok("register", {{"name", "p" + std::to_string(i)}});
  const auto refused = d.post("register", {{"name", "one-more"}});
  EXPECT_EQ(refused.status, 400);
  EXPECT_NE(refused.body.find("200 entrants at most"), std::string::npos) << refused.body;
  EXPECT_EQ(d.view()["entrants"].size(), 200u);
  for (int i = 1; i < 100; ++i) Director::create(host, json::object());
  const auto full = http_request(host.port(), http::verb::post, "/api/tournaments", "{}");
  EXPECT_EQ(full.status, 400);
  EXPECT_NE(full.body.find("100 tournaments, its limit"), std::string::npos) << full.body;
  EXPECT_EQ(std::distance(std::filesystem::directory_iterator(host.dir), std::filesystem::directory_iterator()), 100);
}

TEST(HostedTournament, AServerWithoutAFolderHostsNone) {
  Served s;
  const auto r = http_request(s.port(), http::verb::post, "/api/tournaments", "{}");
  EXPECT_EQ(r.status, 400);
  EXPECT_NE(r.body.find("--tournaments"), std::string::npos);
}

}  // namespace
}  // namespace bh::server
