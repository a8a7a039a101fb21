// Specification of LiveMatch, the referee of a live match, on a clock the test holds
// still and moves by hand: a computer's move lands exactly when its think time has
// passed, a person's move is stamped when it arrives, moves out of turn, illegal moves and
// moves for a computer's seat are refused without changing anything, a silent person's
// flag falls on time, a capture wakes a stuck computer, a computer that chooses to wait is
// heard sitting once, resignation ends the match, a
// computer's illegal move is named, partner talk passes between a person and a computer
// partner, never into a decision under way, and a draw is agreed by every person and the
// computers' rule.
#include <gtest/gtest.h>

#include <atomic>
#include <deque>
#include <utility>

#include "core/fen.h"
#include "core/notation.h"
#include "mcts/search.h"
#include "training/live/live_match.h"
#include "training/live/sitting.h"

namespace bh {
namespace {

// Plays the given UCI moves in turn, each after `think_ms`.
class ScriptedPlayer final : public Player {
 public:
  ScriptedPlayer(std::deque<std::string> moves, std::int64_t think_ms) : moves_(std::move(moves)), think_ms_(think_ms) {}
  PlayerAction decide(const Match& match, Seat seat, std::int64_t) override {
    const std::string text = moves_.front();
    moves_.pop_front();
    if (text == "crash") throw std::runtime_error("the engine died");
    const Move m = text == "bad" ? Move::normal(E2, E5) : parse_uci(match.board(board_of(seat)), match.rules(), text);
    return {m, think_ms_};
  }
  std::string name() const override { return "scripted"; }

 private:
  std::deque<std::string> moves_;
  std::int64_t think_ms_;
};

struct Fixture {
  std::atomic<std::int64_t> time{0};
  std::vector<LiveEvent> events;
  std::unique_ptr<LiveMatch> live;

  // A-white is a computer playing `moves` after `think_ms` each; the other seats are people.
  explicit Fixture(std::deque<std::string> moves, std::int64_t think_ms = 500, TimeControl tc = {60'000, 0},
                   RuleSet rules = {}) {
    std::array<std::unique_ptr<Player>, kSeats> players;
    players[AWhite] = std::make_unique<ScriptedPlayer>(std::move(moves), think_ms);
    live = std::make_unique<LiveMatch>(rules, tc, std::move(players), [this] { return time.load(); });
    live->on_event([this](const LiveEvent& e) { events.push_back(e); });
    live->start();
  }
  void at(std::int64_t t) {
    time = t;
    live->await_decisions();  // the computer threads have answered: the step sees them
    live->step();
  }
};

TEST(LiveMatch, AComputerMoveLandsWhenItsThinkTimeHasPassed) {
  Fixture f({"e2e4"}, 500);
  f.at(499);
  EXPECT_TRUE(f.events.empty());
  EXPECT_EQ(f.live->snapshot().moves_played(), 0);
  f.at(750);  // stepped late: the move is still stamped at 500, when it landed
  ASSERT_EQ(f.events.size(), 1u);
  EXPECT_EQ(f.events[0].kind, LiveEvent::Kind::Move);
  EXPECT_EQ(f.events[0].seat, AWhite);
  EXPECT_EQ(f.events[0].san, "e4");
  EXPECT_EQ(f.events[0].time_ms, 500);
  const Match m = f.live->snapshot();
  ASSERT_EQ(m.events().size(), 1u);
  EXPECT_EQ(m.events()[0].time_ms, 500);
  EXPECT_EQ(m.remaining(AWhite), 59'500);  // 60 s less the 500 ms thought
  EXPECT_TRUE(f.live->is_person(ABlack));
  EXPECT_FALSE(f.live->is_person(AWhite));
}

TEST(LiveMatch, APersonsMoveIsStampedWhenItArrives) {
  Fixture f({"e2e4", "d2d4"}, 500);
  f.at(500);
  f.time = 1'300;
  EXPECT_EQ(f.live->submit(ABlack, "e5").verdict, Verdict::Ok);  // SAN is read too
  ASSERT_EQ(f.events.size(), 2u);
  EXPECT_EQ(f.events[1].seat, ABlack);
  EXPECT_EQ(f.events[1].san, "e5");
  EXPECT_EQ(f.events[1].time_ms, 1'300);
  EXPECT_EQ(f.live->snapshot().remaining(ABlack), 59'200);  // thinking since 500
  // The computer is asked again at 1300 and lands at 1800.
  f.at(1'799);
  EXPECT_EQ(f.events.size(), 2u);
  f.at(1'800);
  ASSERT_EQ(f.events.size(), 3u);
  EXPECT_EQ(f.events[2].san, "d4");
  EXPECT_EQ(f.events[2].time_ms, 1'800);
}

TEST(LiveMatch, RefusedMovesChangeNothing) {
  Fixture f({"e2e4"}, 500);
  f.time = 100;
  const SubmitResult early = f.live->submit(ABlack, "e7e5");  // White has not moved yet
  EXPECT_EQ(early.verdict, Verdict::NotYourTurn);
  EXPECT_EQ(early.message, "not your turn");
  EXPECT_EQ(f.live->submit(AWhite, "e2e4").verdict, Verdict::NotYourTurn);  // a computer's seat
  const SubmitResult illegal = f.live->submit(BWhite, "e2e5");
  EXPECT_EQ(illegal.verdict, Verdict::Illegal);
  EXPECT_FALSE(illegal.message.empty());
  EXPECT_EQ(f.live->submit(BWhite, "0000").verdict, Verdict::Illegal);  // no waiting by hand
  EXPECT_EQ(f.live->submit(BWhite, "").verdict, Verdict::Illegal);
  EXPECT_TRUE(f.events.empty());
  EXPECT_EQ(f.live->snapshot().moves_played(), 0);
  EXPECT_EQ(f.live->submit(BWhite, "d2d4").verdict, Verdict::Ok);
  EXPECT_EQ(f.live->snapshot().moves_played(), 1);
}

TEST(LiveMatch, ASilentPersonFlagsOnTime) {
  Fixture f({"e2e4"}, 500, TimeControl{2'000, 0});
  f.time = 10;
  ASSERT_EQ(f.live->submit(BWhite, "d2d4").verdict, Verdict::Ok);  // board B's clock moves on
  f.at(500);                                                        // A-white plays e4
  // A-black has thought since 500: the flag falls at 2500; B-black's (since 10) at 2010.
  EXPECT_EQ(f.live->next_due_ms(), 2'010);
  f.at(2'009);
  EXPECT_FALSE(f.live->over());
  f.at(2'300);
  ASSERT_TRUE(f.live->over());
  const Outcome o = f.live->snapshot().outcome();
  EXPECT_EQ(o.reason, EndReason::Flag);
  EXPECT_EQ(o.seat, BBlack);
  EXPECT_EQ(o.time_ms, 2'010);
  EXPECT_EQ(f.events.back().kind, LiveEvent::Kind::Over);
  EXPECT_EQ(f.live->submit(ABlack, "e5").verdict, Verdict::Over);
}

TEST(LiveMatch, ACaptureWakesAStuckComputer) {
  // Board A: A-black (a computer) is in a check a drop could block, with nothing to drop:
  // stuck (core/RULES.md "Check, mate and waiting"). Board B: B-white (a person) takes a
  // knight, which passes to the partner, A-black, who is asked at once and drops it.
  const Board a = parse_fen("k6R/8/1K6/8/8/8/8/8[] b - - 0 1");
  const Board b = parse_fen("4k3/8/8/8/8/8/3n4/4K3[] w - - 0 1");
  std::array<std::unique_ptr<Player>, kSeats> players;
  players[ABlack] = std::make_unique<ScriptedPlayer>(std::deque<std::string>{"N@d8"}, 500);
  std::atomic<std::int64_t> time{0};
  std::vector<LiveEvent> events;
  LiveMatch live(Match(a, b, RuleSet{}, TimeControl{60'000, 0}), std::move(players), [&] { return time.load(); });
  live.on_event([&](const LiveEvent& e) { events.push_back(e); });
  live.start();
  ASSERT_EQ(live.snapshot().state(BoardA), BoardState::Stuck);
  time = 100;
  live.step();
  EXPECT_TRUE(events.empty());
  ASSERT_EQ(live.submit(BWhite, "Kxd2").verdict, Verdict::Ok);
  ASSERT_EQ(events.size(), 1u);
  EXPECT_EQ(live.snapshot().board(BoardA).reserve(Black)[Knight], 1);
  time = 599;
  live.await_decisions();
  live.step();
  EXPECT_EQ(events.size(), 1u);  // asked at 100, thinking 500 ms
  time = 600;
  live.step();
  ASSERT_EQ(events.size(), 2u);
  EXPECT_EQ(events[1].seat, ABlack);
  EXPECT_EQ(events[1].san, "N@d8");
  EXPECT_EQ(events[1].time_ms, 600);
  EXPECT_EQ(live.snapshot().state(BoardA), BoardState::Playing);  // White has moves again
}

// A computer that chooses to wait sits (training/live/sitting.h): the front ends hear it
// once, at its first wait of the turn, not at each wait slice, and then its move.
TEST(LiveMatch, AComputerThatChoosesToWaitIsHeardSittingOnce) {
  Fixture f({"0000", "0000", "e2e4"}, 500);
  f.at(500);
  ASSERT_EQ(f.events.size(), 1u);
  EXPECT_EQ(f.events[0].kind, LiveEvent::Kind::Sit);
  EXPECT_EQ(f.events[0].seat, AWhite);
  EXPECT_EQ(f.events[0].time_ms, 500);
  EXPECT_EQ(sitting_since(f.events[0].after, BoardA), 0);  // sitting since its turn began
  f.at(1000);
  EXPECT_EQ(f.events.size(), 1u);  // the second wait slice: still sitting, nothing new
  f.at(1500);
  ASSERT_EQ(f.events.size(), 2u);
  EXPECT_EQ(f.events[1].kind, LiveEvent::Kind::Move);
  EXPECT_EQ(f.events[1].san, "e4");
}

TEST(LiveMatch, ResignationEndsTheMatchOnce) {
  Fixture f({"e2e4"}, 500);
  f.time = 200;
  f.live->resign(BBlack);
  ASSERT_TRUE(f.live->over());
  EXPECT_EQ(f.live->snapshot().outcome().describe(), "team 2 wins: B-black resigned");
  f.live->resign(AWhite);  // too late: the match is over
  EXPECT_EQ(f.live->snapshot().outcome().seat, BBlack);
  ASSERT_EQ(f.events.size(), 1u);
  EXPECT_EQ(f.events[0].kind, LiveEvent::Kind::Over);
  EXPECT_EQ(f.events[0].time_ms, 200);
}

// core/RULES.md "Both games played out": a resignation ends the resigner's game, the
// referee says so (a Game event, not Over) and the other board plays on; a move on the
// finished board is refused, naming how its game ended.
TEST(LiveMatch, UnderBothGamesAResignationEndsOneGameAndTheOtherPlaysOn) {
  RuleSet rules;
  set_option(rules, "both_games", "true");
  Fixture f({"e2e4", "d2d4"}, 500, {60'000, 0}, rules);
  f.time = 200;
  f.live->resign(BBlack);
  EXPECT_FALSE(f.live->over());
  ASSERT_EQ(f.events.size(), 1u);
  EXPECT_EQ(f.events[0].kind, LiveEvent::Kind::Game);
  EXPECT_TRUE(f.events[0].after.game_over(BoardB));
  const SubmitResult refused = f.live->submit(BWhite, "e2e4");
  EXPECT_EQ(refused.verdict, Verdict::NotYourTurn);
  EXPECT_EQ(refused.message, "your game is over: team 2 wins: B-black resigned");
  f.at(500);  // A-white's computer plays on
  ASSERT_EQ(f.live->snapshot().events().size(), 1u);
  EXPECT_EQ(f.live->submit(ABlack, "e7e5").verdict, Verdict::Ok);
  f.live->resign(AWhite);
  ASSERT_TRUE(f.live->over());
  EXPECT_EQ(f.events.back().kind, LiveEvent::Kind::Over);
  EXPECT_EQ(f.live->snapshot().outcome().result, MatchResult::Team2Wins);  // 0-2
}

// Draw by agreement: every person at the table, then the computers (a scripted player
// has no search: it leaves the draw to the people). A decline withdraws the offer.
TEST(LiveMatch, ADrawIsAgreedByEveryPersonAndTheComputersRule) {
  Fixture f({"e2e4"}, 500);
  f.at(0);  // A-white's decision is in: it is not deciding when the people agree
  const SubmitResult first = f.live->offer_draw(ABlack);
  EXPECT_EQ(first.verdict, Verdict::Ok);
  EXPECT_EQ(first.message, "waiting for B-white, B-black");
  EXPECT_EQ(f.live->draw_agreed(), std::vector<Seat>{ABlack});
  EXPECT_EQ(f.live->offer_draw(AWhite).verdict, Verdict::NotYourTurn);  // a computer's seat
  EXPECT_EQ(f.live->offer_draw(BWhite).message, "waiting for B-black");
  EXPECT_EQ(f.live->offer_draw(BWhite).message, "already agreed: waiting for B-black");
  f.live->decline_draw(BBlack);
  EXPECT_TRUE(f.live->draw_agreed().empty());
  ASSERT_EQ(f.events.size(), 3u);
  EXPECT_EQ(f.events[0].kind, LiveEvent::Kind::Draw);
  EXPECT_EQ(f.events[0].text, "offers a draw");
  EXPECT_EQ(f.events[1].text, "accepts the draw");
  EXPECT_EQ(f.events[2].seat, BBlack);
  EXPECT_EQ(f.events[2].text, "declines the draw");
  EXPECT_FALSE(f.live->over());

  f.time = 300;
  f.live->offer_draw(BBlack);
  f.live->offer_draw(ABlack);
  EXPECT_EQ(f.live->offer_draw(BWhite).message, "drawn by agreement");
  ASSERT_TRUE(f.live->over());
  EXPECT_EQ(f.live->snapshot().outcome().describe(), "draw by agreement");
  EXPECT_EQ(f.events.back().kind, LiveEvent::Kind::Over);
  EXPECT_EQ(f.live->offer_draw(ABlack).verdict, Verdict::Over);
  EXPECT_TRUE(f.live->draw_agreed().empty()) << "the offer ends with the match";
}

// A computer that searched answers by its latest search: it declines, saying why, only
// when its team is ahead by more than kComputerDrawMargin (mcts/draw_offer.h).
class JudgingPlayer final : public Player {
 public:
  explicit JudgingPlayer(float value) {
    result_.seat = AWhite;
    result_.value = value;
  }
  PlayerAction decide(const Match& match, Seat, std::int64_t) override {
    return {*match.legal_moves(BoardA).begin(), 60'000};
  }
  const SearchResult* last_search() const override { return &result_; }
  std::string name() const override { return "judging"; }

 private:
  SearchResult result_;
};

// The three people agree; the last one's answer and the match after it.
std::pair<SubmitResult, Match> drawn_or_not(float value, std::vector<LiveEvent>& events) {
  std::array<std::unique_ptr<Player>, kSeats> players;
  players[AWhite] = std::make_unique<JudgingPlayer>(value);
  LiveMatch live(RuleSet{}, TimeControl{60'000, 0}, std::move(players), [] { return std::int64_t{100}; });
  live.on_event([&](const LiveEvent& e) { events.push_back(e); });
  live.start();
  live.await_decisions();  // its search is done: the draw is answered from it
  live.offer_draw(ABlack);
  live.offer_draw(BWhite);
  SubmitResult last = live.offer_draw(BBlack);
  return {last, live.snapshot()};
}

TEST(LiveMatch, AComputerDeclinesADrawOnlyWhenItsSearchRatesItsTeamAhead) {
  std::vector<LiveEvent> events;
  EXPECT_TRUE(drawn_or_not(0.10f, events).second.over()) << "level: accepted";
  EXPECT_TRUE(drawn_or_not(-0.50f, events).second.over()) << "behind: accepted";
  events.clear();
  const auto [answer, declined] = drawn_or_not(0.50f, events);
  EXPECT_FALSE(declined.over());
  EXPECT_EQ(answer.verdict, Verdict::Refused);
  EXPECT_EQ(answer.message, "A-white declines the draw (its search rates the match +0.50 for its team)");
  ASSERT_FALSE(events.empty());
  EXPECT_EQ(events.back().kind, LiveEvent::Kind::Draw);
  EXPECT_EQ(events.back().seat, AWhite);
  EXPECT_EQ(events.back().text, "declines the draw (its search rates the match +0.50 for its team)");
}

TEST(LiveMatch, APersonClaimsADrawWithTheMoveThatRepeats) {
  // Standard chess, four people: the knights go out and back (core/RULES.md "Chess
  // draws"); the start position stands a third time after Black's 8th half-move.
  std::atomic<std::int64_t> time{0};
  LiveMatch live(RuleSet::chess(), TimeControl{60'000, 0}, {}, [&] { return time.load(); });
  live.start();
  const char* cycle[] = {"g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1"};
  for (int i = 0; i < 7; ++i) {
    time = 100 * (i + 1);
    ASSERT_EQ(live.submit(i % 2 ? ABlack : AWhite, cycle[i]).verdict, Verdict::Ok) << cycle[i];
    if (i == 3) {  // the second occurrence: too early, refused, and the opponent gains two minutes
      const SubmitResult early = live.claim_draw(AWhite);
      EXPECT_EQ(early.verdict, Verdict::Refused);
      EXPECT_NE(early.message.find("refused"), std::string::npos) << early.message;
      EXPECT_FALSE(live.over());
      EXPECT_GT(live.snapshot().remaining(ABlack, 400), 60'000 + 100'000);
    }
  }
  EXPECT_EQ(live.claim_draw(AWhite, "g1f3").verdict, Verdict::NotYourTurn);
  time = 1'000;
  const SubmitResult claim = live.claim_draw(ABlack, "f6g8");
  EXPECT_EQ(claim.verdict, Verdict::Ok) << claim.message;
  ASSERT_TRUE(live.over());
  const Match m = live.snapshot();
  EXPECT_EQ(m.outcome().reason, EndReason::ThreefoldClaim);
  EXPECT_EQ(m.outcome().seat, ABlack);
  EXPECT_EQ(m.moves_played(), 8);  // the claimed move was made
}

// core/RULES.md "End of the match": a program that fails loses for its team, and the
// match ends with that result instead of stopping.
TEST(LiveMatch, AComputersIllegalMoveLosesForItsTeamAndIsNamed) {
  Fixture f({"bad"}, 100);
  f.at(100);
  ASSERT_TRUE(f.live->over());
  const Outcome o = f.live->snapshot().outcome();
  EXPECT_EQ(o.result, MatchResult::Team2Wins);
  EXPECT_EQ(o.tag(), "fault A-white");
  EXPECT_EQ(o.describe(), "team 2 wins: A-white's program failed");
  EXPECT_EQ(f.live->snapshot().moves_played(), 0);  // the illegal move was not played
  ASSERT_EQ(f.events.size(), 1u);
  EXPECT_EQ(f.events[0].kind, LiveEvent::Kind::Over);
  EXPECT_EQ(f.events[0].text, "scripted playing A-white chose the illegal move e2e5");
}

TEST(LiveMatch, AComputerThatThrowsLosesForItsTeam) {
  Fixture f({"crash"}, 100);
  f.at(1);
  ASSERT_TRUE(f.live->over());
  EXPECT_EQ(f.live->snapshot().outcome().tag(), "fault A-white");
  ASSERT_EQ(f.events.size(), 1u);
  EXPECT_EQ(f.events[0].text, "scripted playing A-white failed: the engine died");
}

// Plays e2e4 after 500 ms and says "thinking" at its decision; answers what it hears with
// "heard: TEXT".
class TalkingPlayer final : public Player {
 public:
  PlayerAction decide(const Match& match, Seat seat, std::int64_t) override {
    said_.push_back("thinking");
    return {parse_uci(match.board(board_of(seat)), match.rules(), "e2e4"), 500};
  }
  std::vector<std::string> take_partner_messages() override { return std::exchange(said_, {}); }
  void hear_partner(const std::string& message) override { said_.push_back("heard: " + message); }
  std::string name() const override { return "talking"; }

 private:
  std::vector<std::string> said_;
};

TEST(LiveMatch, PartnerTalkPassesBetweenAPersonAndAComputer) {
  std::atomic<std::int64_t> time{0};
  std::vector<LiveEvent> events;
  std::array<std::unique_ptr<Player>, kSeats> players;
  players[AWhite] = std::make_unique<TalkingPlayer>();  // B-black, its partner, is a person
  LiveMatch live(RuleSet{}, {60'000, 0}, std::move(players), [&] { return time.load(); });
  live.on_event([&](const LiveEvent& e) { events.push_back(e); });
  live.start();
  auto tells = [&] {
    std::vector<std::string> out;
    for (const LiveEvent& e : events)
      if (e.kind == LiveEvent::Kind::Tell) out.push_back(std::string(seat_name(e.seat)) + " " + e.text);
    return out;
  };
  // Said while its decision is under way: heard once the decision is in, after what it
  // said while deciding.
  live.tell(BBlack, "sit");
  EXPECT_TRUE(tells().empty());
  live.await_decisions();
  live.step();
  EXPECT_EQ(tells(), (std::vector<std::string>{"A-white thinking", "A-white heard: sit"}));
  // Between decisions (A-black, a person, is to move once e2e4 lands): heard at once.
  time = 500;
  live.step();
  live.tell(BBlack, "go");
  EXPECT_EQ(tells().back(), "A-white heard: go");
  // Between people nothing passes here (the front end relays it), nor to a person.
  const std::size_t before = tells().size();
  live.tell(ABlack, "sit");
  live.tell(AWhite, "sit");
  EXPECT_EQ(tells().size(), before);
}

}  // namespace
}  // namespace bh
