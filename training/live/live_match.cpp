// live_match.cpp — the referee of a live match: computer decisions on their own threads,
// landing after their think time; people's moves stamped on arrival; flags on time.
#include "training/live/live_match.h"

#include <algorithm>
#include <chrono>
#include <future>
#include <limits>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <utility>

#include "core/movegen.h"
#include "core/notation.h"
#include "core/parse_error.h"
#include "training/live/draw_agreement.h"
#include "training/live/sitting.h"

namespace bh {

LiveClock steady_live_clock() {
  auto origin = std::make_shared<std::optional<std::chrono::steady_clock::time_point>>();
  return [origin] {
    const auto now = std::chrono::steady_clock::now();
    if (!*origin) *origin = now;
    return std::int64_t(std::chrono::duration_cast<std::chrono::milliseconds>(now - **origin).count());
  };
}

namespace {

// How often a front end should look again while a computer is still deciding: the
// decision lands no earlier than its think time, but its thread says nothing when done.
constexpr std::int64_t kPollMs = 20;

// A computer seat's decision in flight or made: asked at `asked`, lands at asked + think.
struct Pending {
  bool active = false;
  Seat seat = AWhite;
  std::int64_t asked = 0;
  std::future<PlayerAction> decision;
  std::optional<PlayerAction> action;  // once the future is ready
};

}  // namespace

struct LiveMatch::Impl {
  RuleSet rules;
  std::array<std::unique_ptr<Player>, kSeats> computers;
  LiveClock clock;
  LiveListener listener;
  mutable std::mutex mutex;
  Match match;
  std::array<Pending, 2> pending{};
  std::vector<LiveEvent> outbox;  // events to deliver once the lock is released
  std::array<std::vector<std::string>, kSeats> heard;  // tells a computer has yet to hear
  // The draw on the table. Each computer's search is read as its decision comes in,
  // while it is idle: a draw is answered without waiting for a decision in flight.
  DrawAgreement draw;
  bool started = false;

  Impl(Match start, std::array<std::unique_ptr<Player>, kSeats> p, LiveClock c)
      : rules(start.rules()), computers(std::move(p)), clock(std::move(c)), match(std::move(start)) {}

  std::int64_t now() const { return std::max(match.now(), clock()); }

  // Asks board b's mover if it is a computer with something to decide.
  void ask(BoardId b, std::int64_t t) {
    pending[b] = Pending{};
    if (match.over() || match.state(b) != BoardState::Playing) return;  // stuck: waits for a piece
    const Seat s = match.mover(b);
    Player* player = computers[s].get();
    if (!player) return;
    pending[b].active = true;
    pending[b].seat = s;
    pending[b].asked = t;
    // The player gets its own copy: the referee goes on changing the match meanwhile.
    pending[b].decision = std::async(std::launch::async, [player, copy = match, s, t] { return player->decide(copy, s, t); });
  }

  void collect_decisions() {
    for (auto& p : pending)
      if (p.active && !p.action && p.decision.wait_for(std::chrono::seconds(0)) == std::future_status::ready) {
        try {
          p.action = p.decision.get();
        } catch (const std::exception& e) {  // a program that crashes or stops answering loses
          const Seat s = std::exchange(p, Pending{}).seat;
          fail(s, std::string("failed: ") + e.what(), now());
          continue;
        }
        draw.judge(p.seat, computers[p.seat]->last_search());
        talk(p.seat);
      }
  }

  bool deciding(Seat s) const {
    const Pending& p = pending[board_of(s)];
    return p.active && !p.action && p.seat == s;
  }

  // Partner talk of computer seat s, between its decisions: it hears what its person
  // partner said, and what it says goes out as Tell events. Nothing passes between two
  // computers (LiveMatch::tell).
  void talk(Seat s) {
    Player* player = computers[s].get();
    if (!player || deciding(s)) return;
    for (const std::string& text : std::exchange(heard[s], {})) player->hear_partner(text);
    const bool person_partner = !computers[partner_of(s)];
    for (std::string& text : player->take_partner_messages())
      if (person_partner) outbox.push_back(said_event(LiveEvent::Kind::Tell, s, std::move(text)));
  }

  // A Tell or Draw event: what seat s said or did, now.
  LiveEvent said_event(LiveEvent::Kind kind, Seat s, std::string text) const {
    LiveEvent e;
    e.kind = kind;
    e.seat = s;
    e.time_ms = match.now();
    e.after = match;
    e.text = std::move(text);
    return e;
  }

  static std::int64_t due_at(const Pending& p, std::int64_t floor) {
    return std::max(p.asked + std::max<std::int64_t>(1, p.action->think_ms), floor);
  }

  // Due actions in time order, up to `t`; a flag that falls first ends the match.
  void play_due(std::int64_t t) {
    for (;;) {
      int due = -1;
      std::int64_t at = 0;
      for (BoardId b : {BoardA, BoardB}) {
        const Pending& p = pending[b];
        if (!p.active || !p.action) continue;
        const std::int64_t when = due_at(p, match.now());
        if (when <= t && (due < 0 || when < at)) due = b, at = when;
      }
      if (due < 0 || match.over()) return;
      if (!advance(at)) return;
      act(BoardId(due), at);
    }
  }

  bool advance(std::int64_t t) {  // a flag may end the match, or under both_games a game
    const auto ended = [this] { return int(match.over()) + match.game_over(BoardA) + match.game_over(BoardB); };
    const int before = ended();
    const bool going = match.advance_to(t);
    if (ended() > before) announce_end(t);
    return going;
  }

  void act(BoardId b, std::int64_t t) {
    const PlayerAction a = *pending[b].action;
    const Seat s = pending[b].seat;
    pending[b] = Pending{};
    if (match.over() || match.game_over(b) || match.mover(b) != s) return;
    if (a.action.is_wait()) {
      // The first wait of a turn starts the seat's sitting (training/live/sitting.h): the
      // front ends show it now, not at the next move.
      const bool sat_down = !sitting_since(match, b);
      match.wait(b, t);
      if (sat_down) outbox.push_back(said_event(LiveEvent::Kind::Sit, s, {}));
      ask(b, t);
      return;
    }
    if (!is_legal(match.board(b), rules, a.action))
      return fail(s, "chose the illegal move " + to_uci(a.action), t);
    played(b, s, a.action, t);
  }

  // Computer seat s failed (`what` it did): its team loses (core/RULES.md "End of the
  // match"), the end's event saying why; a flag that fell before it ended the match first.
  void fail(Seat s, const std::string& what, std::int64_t t) {
    if (match.over() || match.game_over(board_of(s))) return;
    match.fault(s, std::max(t, match.now()));
    const bool by_fault = match.ending_of(board_of(s)).reason == EndReason::Fault;
    announce_end(match.now(), by_fault ? computers[s]->name() + " playing " + std::string(seat_name(s)) + " " + what : "");
  }

  // Plays a legal move and tells the front end; false when a flag fell first.
  bool played(BoardId b, Seat s, Move m, std::int64_t t) {
    const std::string san = to_san(match.board(b), rules, m);
    if (!match.play(b, m, t)) {
      announce_end(t);
      return false;
    }
    moved(b, s, m, san, t);
    return true;
  }

  // After s's move m on board b at t (already made): its event, then the end or the next
  // decisions.
  void moved(BoardId b, Seat s, Move m, const std::string& san, std::int64_t t) {
    outbox.push_back(LiveEvent{.kind = LiveEvent::Kind::Move, .seat = s, .move = m, .san = san, .time_ms = t, .after = match, .text = {}});
    if (match.over()) return announce_end(t);
    ask(b, t);
    if (!pending[other(b)].active) ask(other(b), t);  // a capture may have woken a stuck mover
  }

  // The end of the match, or under both_games of one game while the other goes on.
  void announce_end(std::int64_t t, std::string why = {}) {
    if (match.over()) draw.withdraw();  // an offer ends with the match
    const LiveEvent::Kind kind = match.over() ? LiveEvent::Kind::Over : LiveEvent::Kind::Game;
    outbox.push_back(LiveEvent{kind, AWhite, Move{}, {}, t, match, std::move(why)});
  }

  // Brings the match up to now: decisions in, due actions played, flags judged.
  void catch_up(std::int64_t t) {
    collect_decisions();
    play_due(t);
    if (!match.over()) advance(t);
  }

  void draw_event(Seat s, std::string text) { outbox.push_back(said_event(LiveEvent::Kind::Draw, s, std::move(text))); }

  // The people who have not agreed to the draw yet ("" when none).
  std::string people_to_agree() const {
    std::array<bool, kSeats> person{};
    for (int s = 0; s < kSeats; ++s) person[std::size_t(s)] = !computers[std::size_t(s)];
    return draw.people_to_agree(person);
  }

  // Once every person agreed: drawn when every computer accepts, the offer withdrawn
  // (with the reason, returned) when one declines.
  std::string settle_draw(std::int64_t t) {
    if (match.over() || !draw.offered() || !people_to_agree().empty()) return "";
    for (int s = 0; s < kSeats; ++s) {
      if (!computers[std::size_t(s)]) continue;
      const std::string why = draw.computer_declines(Seat(s));
      if (why.empty()) continue;
      draw.withdraw();
      draw_event(Seat(s), why);
      return std::string(seat_name(Seat(s))) + " " + why;
    }
    match.agree_draw(t);
    announce_end(t);
    return "";
  }

  // Why `seat` may not act now, if it may not.
  std::optional<SubmitResult> refusal(Seat seat) const {
    if (match.over()) return SubmitResult{Verdict::Over, "the match is over: " + match.outcome().describe()};
    const BoardId b = board_of(seat);
    if (computers[seat]) return SubmitResult{Verdict::NotYourTurn, std::string(seat_name(seat)) + " is a computer's seat"};
    if (match.game_over(b)) return SubmitResult{Verdict::NotYourTurn, "your game is over: " + match.game(b).describe()};
    if (match.mover(b) != seat) return SubmitResult{Verdict::NotYourTurn, "not your turn"};
    if (match.state(b) != BoardState::Playing)
      return SubmitResult{Verdict::NotYourTurn, "you have no legal move: wait for your partner to send a piece"};
    return std::nullopt;
  }

  SubmitResult submit(Seat seat, std::string_view text) {
    const std::int64_t t = now();
    catch_up(t);
    if (auto refused = refusal(seat)) return *refused;
    const BoardId b = board_of(seat);
    Move m;
    try {
      m = parse_move(match.board(b), rules, text);
    } catch (const ParseError& e) {
      return {Verdict::Illegal, e.what()};
    }
    if (m.is_wait()) return {Verdict::Illegal, "to wait, just do not move (your clock runs)"};
    if (!played(b, seat, m, t)) return {Verdict::Over, "your flag fell before the move"};
    return {};
  }

  // A draw claim (standard chess, core/RULES.md "Chess draws"), with a move or on the
  // position as it stands. The move is made whatever the verdict, as the rules have it.
  SubmitResult claim(Seat seat, std::string_view text) {
    const std::int64_t t = now();
    catch_up(t);
    if (auto refused = refusal(seat)) return *refused;
    const BoardId b = board_of(seat);
    Move m = Move::none();
    std::string san;
    try {
      if (!text.empty()) m = parse_move(match.board(b), rules, text), san = to_san(match.board(b), rules, m);
    } catch (const ParseError& e) {
      return {Verdict::Illegal, e.what()};
    }
    if (m.is_wait()) return {Verdict::Illegal, "a claim names a move, or none"};
    const std::size_t before = match.events().size();
    const DrawClaim verdict = match.claim_draw(seat, t, m);
    if (match.events().size() > before) moved(b, seat, m, san, t);
    else if (match.over()) announce_end(t);
    if (verdict.granted) return {};
    return {Verdict::Refused, "claim " + verdict.explanation};
  }
};

LiveMatch::LiveMatch(RuleSet rules, TimeControl clock, std::array<std::unique_ptr<Player>, kSeats> computers,
                     LiveClock now)
    : LiveMatch(Match(rules, clock), std::move(computers), std::move(now)) {}

LiveMatch::LiveMatch(Match start, std::array<std::unique_ptr<Player>, kSeats> computers, LiveClock now)
    : impl_(std::make_unique<Impl>(std::move(start), std::move(computers), std::move(now))) {}

LiveMatch::~LiveMatch() { await_decisions(); }

void LiveMatch::on_event(LiveListener listener) {
  std::lock_guard lock(impl_->mutex);
  impl_->listener = std::move(listener);
}

void LiveMatch::start() {
  {
    std::lock_guard lock(impl_->mutex);
    if (impl_->started) throw std::logic_error("live match: started twice");
    impl_->started = true;
    for (auto& c : impl_->computers)
      if (c) c->new_match();
    const std::int64_t t = impl_->now();
    impl_->ask(BoardA, t);
    impl_->ask(BoardB, t);
  }
}

SubmitResult LiveMatch::submit(Seat seat, std::string_view text) {
  std::unique_lock lock(impl_->mutex);
  SubmitResult result = impl_->submit(seat, text);
  deliver(lock);
  return result;
}

void LiveMatch::tell(Seat seat, std::string_view text) {
  std::unique_lock lock(impl_->mutex);
  const Seat partner = partner_of(seat);
  if (impl_->computers[seat] || !impl_->computers[partner]) return;
  impl_->heard[partner].emplace_back(text);
  impl_->talk(partner);
  deliver(lock);
}

SubmitResult LiveMatch::claim_draw(Seat seat, std::string_view move_text) {
  std::unique_lock lock(impl_->mutex);
  SubmitResult result = impl_->claim(seat, move_text);
  deliver(lock);
  return result;
}

void LiveMatch::resign(Seat seat) { end_by(seat, &Match::resign); }

void LiveMatch::leave(Seat seat) { end_by(seat, &Match::leave); }

void LiveMatch::end_by(Seat seat, void (Match::*ending)(Seat, std::int64_t)) {
  std::unique_lock lock(impl_->mutex);
  const std::int64_t t = impl_->now();
  impl_->catch_up(t);
  if (!impl_->match.over() && !impl_->match.game_over(board_of(seat))) {
    (impl_->match.*ending)(seat, t);
    impl_->announce_end(t);
  }
  deliver(lock);
}

SubmitResult LiveMatch::offer_draw(Seat seat) {
  std::unique_lock lock(impl_->mutex);
  const std::int64_t t = impl_->now();
  impl_->catch_up(t);
  SubmitResult result;
  if (impl_->match.over()) {
    result = {Verdict::Over, "the match is over: " + impl_->match.outcome().describe()};
  } else if (impl_->computers[seat]) {
    result = {Verdict::NotYourTurn, std::string(seat_name(seat)) + " is a computer's seat"};
  } else if (impl_->draw.agreed(seat)) {
    result.message = "already agreed: waiting for " + impl_->people_to_agree();
  } else {
    impl_->draw_event(seat, impl_->draw.offered() ? "accepts the draw" : "offers a draw");
    impl_->draw.agree(seat);
    const std::string declined = impl_->settle_draw(t);
    result = impl_->match.over() ? SubmitResult{Verdict::Ok, "drawn by agreement"}
             : declined.empty()  ? SubmitResult{Verdict::Ok, "waiting for " + impl_->people_to_agree()}
                                 : SubmitResult{Verdict::Refused, declined};
  }
  deliver(lock);
  return result;
}

void LiveMatch::decline_draw(Seat seat) {
  std::unique_lock lock(impl_->mutex);
  if (!impl_->match.over() && impl_->draw.offered() && !impl_->computers[seat]) {
    impl_->draw.withdraw();
    impl_->draw_event(seat, "declines the draw");
  }
  deliver(lock);
}

std::vector<Seat> LiveMatch::draw_agreed() const {
  std::lock_guard lock(impl_->mutex);
  return impl_->draw.seats();
}

void LiveMatch::step() {
  std::unique_lock lock(impl_->mutex);
  impl_->catch_up(impl_->now());
  deliver(lock);
}

// Hands the events of the last action to the listener with the lock released, so the
// listener may call back in (snapshot, submit) without deadlock.
void LiveMatch::deliver(std::unique_lock<std::mutex>& lock) {
  std::vector<LiveEvent> events;
  events.swap(impl_->outbox);
  lock.unlock();
  if (impl_->listener)
    for (const LiveEvent& e : events) impl_->listener(e);
}

std::int64_t LiveMatch::next_due_ms() const {
  std::lock_guard lock(impl_->mutex);
  const Match& m = impl_->match;
  std::int64_t next = std::numeric_limits<std::int64_t>::max();
  for (const Pending& p : impl_->pending) {
    if (p.active && p.action) next = std::min(next, Impl::due_at(p, m.now()));
    if (p.active && !p.action) next = std::min(next, impl_->now() + kPollMs);  // a decision in flight
  }
  if (m.time_control().timed() && !m.over()) next = std::min({next, m.flag_time(BoardA), m.flag_time(BoardB)});
  return next;
}

void LiveMatch::await_decisions() {
  // Under the lock, so no step() replaces a future meanwhile; a decision never takes the
  // lock, so this cannot deadlock (a submit() waits behind it, which tests and shutdown
  // can afford).
  std::lock_guard lock(impl_->mutex);
  for (Pending& p : impl_->pending)
    if (p.active && !p.action && p.decision.valid()) p.decision.wait();
}

Match LiveMatch::snapshot() const {
  std::lock_guard lock(impl_->mutex);
  return impl_->match;
}

std::int64_t LiveMatch::now() const {
  std::lock_guard lock(impl_->mutex);
  return impl_->now();
}

bool LiveMatch::over() const {
  std::lock_guard lock(impl_->mutex);
  return impl_->match.over();
}

bool LiveMatch::is_person(Seat seat) const { return !impl_->computers[seat]; }

}  // namespace bh
