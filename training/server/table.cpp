// table.cpp — a table's state and its messages: seats, the timer that drives the referee,
// client messages by type, and rematches. Its connections are table_members.h's.
#include "training/server/table.h"

#include <algorithm>
#include <chrono>
#include <map>
#include <stdexcept>

#include <boost/asio/steady_timer.hpp>
#include <nlohmann/json.hpp>

#include "core/bpgn.h"
#include "mcts/partner_player.h"
#include "training/live/live_match.h"
#include "training/server/leave_watch.h"
#include "training/server/partner_talk.h"
#include "training/server/secret_token.h"
#include "training/server/state_json.h"
#include "training/server/table_members.h"
#include "training/server/token_bucket.h"

namespace bh::server {

namespace {

// The referee is looked at at least this often: a computer's decision may finish at any
// moment and the clocks shown should not lag by more than this.
constexpr std::int64_t kMaxStepMs = 50;
// A move is a few characters (`e7e8q`, `N@f3`, SAN with marks); longer text is junk.
constexpr std::size_t kMaxMoveText = 16;

nlohmann::json error_json(const std::string& message) { return {{"type", "error"}, {"message", message}}; }

// The moves played on board `b` so far (waits are not moves).
int moves_on(const Match& match, BoardId b) {
  return int(std::count_if(match.events().begin(), match.events().end(),
                           [b](const MatchEvent& e) { return board_of(e.seat) == b && !e.move.is_wait(); }));
}

TokenBucket say_bucket(const TableLimits& limits) {
  return TokenBucket(limits.says_per_second, limits.say_burst, TokenBucket::Clock::now());
}

// Seat holders only: a spectator watches.
Seat seat_holder(std::optional<Seat> seat, const char* what) {
  if (!seat) throw std::invalid_argument(std::string(what) + ": a spectator holds no seat");
  return *seat;
}

}  // namespace

struct Table::Impl {
  using Handler = void (Impl::*)(TableClient&, std::optional<Seat>, const nlohmann::json&);

  boost::asio::steady_timer timer;
  boost::asio::steady_timer liveness;  // runs while the table has connections
  bool watching_liveness = false;
  std::chrono::steady_clock::time_point last_activity = std::chrono::steady_clock::now();
  TableSetup setup;
  ComputerFactory computers;
  LeaveWatch leaving;  // the people gone while the match runs
  TableMembers members{setup.limits};
  std::string id = secret_token();
  std::array<std::string, kSeats> tokens{secret_token(), secret_token(), secret_token(), secret_token()};
  std::array<SeatStatus, kSeats> seats{};
  std::unique_ptr<LiveMatch> live;  // from the start on
  int match_number = 0;             // 1 from the start, 2 after a rematch, ...
  // Each seat's allowance of free text and suggestions (limits.h).
  std::array<TokenBucket, kSeats> say_buckets{say_bucket(setup.limits), say_bucket(setup.limits),
                                              say_bucket(setup.limits), say_bucket(setup.limits)};
  std::string finished_record;      // the BPGN of the match before the one that runs
  std::array<std::string, kSeats> names{};  // the record's player names

  Impl(boost::asio::io_context& io, TableSetup s, ComputerFactory c)
      : timer(io), liveness(io), setup(std::move(s)), computers(std::move(c)),
        leaving(io, setup.limits.leave_grace, [this](Seat seat) { on_left(seat); }) {}

  Match match() const { return live ? live->snapshot() : Match(setup.rules, setup.clock); }
  nlohmann::json state(const Match& m) const;
  void broadcast_state() { members.broadcast(state(match()).dump()); }
  std::string record() const;

  void watch_liveness();
  void track_leavers();
  // The seats' live connections counted again, the people gone following the counts;
  // true when a count changed.
  bool recount() {
    if (!members.recount(seats)) return false;
    track_leavers();
    return true;
  }
  void on_left(Seat seat);
  void receive(TableClient& client, std::optional<Seat> seat, std::string_view text);
  void on_ping(TableClient& client, std::optional<Seat>, const nlohmann::json&);
  void on_move(TableClient&, std::optional<Seat> seat, const nlohmann::json& message);
  void check_ply(Seat s, const std::string& text, const nlohmann::json& message) const;
  void on_tell(TableClient&, std::optional<Seat> seat, const nlohmann::json& message);
  void on_say(TableClient&, std::optional<Seat> seat, const nlohmann::json& message);
  void on_suggest(TableClient&, std::optional<Seat> seat, const nlohmann::json& message);
  void to_partners(Seat from, const nlohmann::json& message) const;
  void send_tell(Seat from, const std::string& text, int moves, const std::string& words = {});
  void on_resign(TableClient&, std::optional<Seat> seat, const nlohmann::json&);
  void on_draw(TableClient&, std::optional<Seat> seat, const nlohmann::json&);
  void on_decline(TableClient&, std::optional<Seat> seat, const nlohmann::json&);
  void on_claim(TableClient&, std::optional<Seat> seat, const nlohmann::json& message);
  void on_start(TableClient&, std::optional<Seat> seat, const nlohmann::json&);
  void on_rematch(TableClient&, std::optional<Seat> seat, const nlohmann::json&);
  void begin();
  void play_match();
  void on_event(const LiveEvent& e);
  void drive();
};

nlohmann::json Table::Impl::state(const Match& m) const {
  nlohmann::json j = state_json(id, m, live ? live->now() : 0, live != nullptr, seats);
  j["match"] = match_number;
  j["draw_offer"] = nlohmann::json::array();  // the seats that agreed to the draw on the table
  if (live)
    for (const Seat s : live->draw_agreed()) j["draw_offer"].push_back(std::string(seat_name(s)));
  j["leaving"] = leaving.json();  // the people gone, and the ms before their team loses
  return j;
}

std::string Table::Impl::record() const {
  const auto& n = names;
  return write_bpgn(live->snapshot(), {{"Event", "bughouse serve"},
                                       {"Site", "browser"},
                                       {"Round", std::to_string(match_number)},
                                       {"WhiteA", n[AWhite]},
                                       {"BlackA", n[ABlack]},
                                       {"WhiteB", n[BWhite]},
                                       {"BlackB", n[BBlack]}});
}

// A seat whose connections fell silent is shown lost, a few seconds late at most.
void Table::Impl::watch_liveness() {
  if (members.empty()) {
    watching_liveness = false;
    return;
  }
  watching_liveness = true;
  if (recount()) broadcast_state();
  liveness.expires_after(std::max(setup.limits.lost_after / 3, std::chrono::milliseconds(1)));
  liveness.async_wait([this](const boost::system::error_code& ec) {
    if (!ec) watch_liveness();
  });
}

// Leaving the table (core/RULES.md "End of the match"): a person's seat without a live
// connection while the match runs is gone (leave_watch.h), and back when it reconnects.
void Table::Impl::track_leavers() {
  const bool running = live && !live->over();
  std::array<bool, kSeats> gone{};
  for (std::size_t s = 0; s < kSeats; ++s)
    gone[s] = running && seats[s].kind == SeatStatus::Kind::Person && seats[s].connections == 0;
  leaving.update(gone);
}

// Gone past the grace period: the team loses (the match's end comes as an event).
void Table::Impl::on_left(Seat seat) {
  if (live && !live->over()) live->leave(seat);
}

void Table::Impl::receive(TableClient& client, std::optional<Seat> seat, std::string_view text) {
  last_activity = std::chrono::steady_clock::now();
  // Any message is a sign of life: a lost seat is back.
  if (members.heard_from(client) && recount()) broadcast_state();
  const nlohmann::json message = nlohmann::json::parse(text, nullptr, false);
  if (message.is_discarded() || !message.is_object()) return client.send(error_json("malformed JSON").dump());
  const auto type = message.find("type");
  static const std::map<std::string, Handler, std::less<>> kHandlers = {
      {"move", &Impl::on_move}, {"resign", &Impl::on_resign}, {"start", &Impl::on_start},
      {"ping", &Impl::on_ping}, {"tell", &Impl::on_tell}, {"rematch", &Impl::on_rematch},
      {"say", &Impl::on_say},   {"suggest", &Impl::on_suggest}, {"draw", &Impl::on_draw},
      {"decline", &Impl::on_decline}, {"claim", &Impl::on_claim}};
  const auto handler = type != message.end() && type->is_string() ? kHandlers.find(type->get<std::string>())
                                                                   : kHandlers.end();
  if (handler == kHandlers.end())
    return client.send(error_json("unknown message type: expected move, resign, draw, decline, claim, start, rematch, tell, say, suggest or ping").dump());
  try {
    (this->*handler->second)(client, seat, message);
  } catch (const std::exception& e) {
    client.send(error_json(e.what()).dump());
  }
}

void Table::Impl::on_ping(TableClient& client, std::optional<Seat>, const nlohmann::json&) {
  client.send(nlohmann::json{{"type", "pong"}}.dump());
}

void Table::Impl::on_move(TableClient&, std::optional<Seat> seat, const nlohmann::json& message) {
  const Seat s = seat_holder(seat, "move");
  const auto move = message.find("move");
  if (move == message.end() || !move->is_string() || move->get_ref<const std::string&>().size() > kMaxMoveText)
    throw std::invalid_argument("move: expected {\"type\":\"move\",\"move\":\"e2e4\"}");
  if (!live) throw std::invalid_argument("move: the match has not started");
  check_ply(s, move->get<std::string>(), message);
  const SubmitResult r = live->submit(s, move->get<std::string>());
  if (r.verdict != Verdict::Ok) throw std::invalid_argument("move " + move->get<std::string>() + ": " + r.message);
}

// A move that says how many moves of its board it was sent after ("ply") is played only
// then: once played, the board has more, so the same move resent (after a reconnection
// that lost the answer) is refused instead of played again.
void Table::Impl::check_ply(Seat s, const std::string& text, const nlohmann::json& message) const {
  const auto ply = message.find("ply");
  if (ply == message.end()) return;
  if (!ply->is_number_integer() || ply->get<std::int64_t>() < 0)
    throw std::invalid_argument("move: \"ply\" is the number of moves played on your board when you moved");
  const BoardId b = board_of(s);
  const int played = moves_on(live->snapshot(), b);
  const std::int64_t sent_after = ply->get<std::int64_t>();
  if (sent_after == played) return;
  throw std::invalid_argument("move " + text + ": sent after " + std::to_string(sent_after) + " moves of board " +
                              "AB"[b] + ", which has " + std::to_string(played) +
                              (sent_after < played ? " (already answered: a move is played once)" : ""));
}

// To the partner (and back to the teller's own screens), with the number of moves
// played so far, so each screen shows it next to the move it came with.
void Table::Impl::on_tell(TableClient&, std::optional<Seat> seat, const nlohmann::json& message) {
  const Seat s = seat_holder(seat, "tell");
  const auto text = message.find("text");
  const std::optional<std::string> said =
      text != message.end() && text->is_string() ? partner_message(text->get<std::string>()) : std::nullopt;
  if (!said) throw std::invalid_argument("tell: expected {\"type\":\"tell\",\"text\":...} with one of the partner messages");
  send_tell(s, *said, match().moves_played());
  if (live) live->tell(s, *said);  // a computer partner hears it (and answers: on_event)
}

// `words`: a computer partner's message in plain words (partner_player_words), sent
// beside the message when they differ.
void Table::Impl::send_tell(Seat from, const std::string& text, int moves, const std::string& words) {
  nlohmann::json tell{{"type", "tell"}, {"from", std::string(seat_name(from))}, {"text", text}, {"moves", moves}};
  if (!words.empty() && words != text) tell["words"] = words;
  to_partners(from, tell);
}

// Partner talk goes to the two partners' connections (the sayer's own screens too), to
// the spectators only at a table whose talk is public, and never to the opponents.
void Table::Impl::to_partners(Seat from, const nlohmann::json& message) const {
  members.send_to_seats(message.dump(), [from](Seat s) { return s == from || s == partner_of(from); },
                        setup.public_talk);
}

// Free text between partners, people or not (a computer partner does not read it: it
// hears the fixed messages of "tell"). Checked and rate-limited per seat (limits.h).
void Table::Impl::on_say(TableClient&, std::optional<Seat> seat, const nlohmann::json& message) {
  const Seat s = seat_holder(seat, "say");
  const auto text = message.find("text");
  if (text == message.end() || !text->is_string()) throw std::invalid_argument("say: expected {\"type\":\"say\",\"text\":...}");
  const std::string said = checked_free_text(text->get<std::string>(), setup.limits.max_say_chars);
  if (say_buckets[s].take(TokenBucket::Clock::now()) != TokenBucket::Verdict::Admit)
    throw std::invalid_argument("say: too fast; wait a little");
  to_partners(s, {{"type", "tell"}, {"from", std::string(seat_name(s))}, {"text", said},
                  {"moves", match().moves_played()}, {"free", true}});
}

// A move pointed at on the partner's board: shown there (an arrow) until the partner
// moves; nobody moves for the partner. "ply": the partner's board's moves so far.
void Table::Impl::on_suggest(TableClient&, std::optional<Seat> seat, const nlohmann::json& message) {
  const Seat s = seat_holder(seat, "suggest");
  const auto move = message.find("move");
  if (move == message.end() || !move->is_string() || !is_move_text(move->get<std::string>()))
    throw std::invalid_argument("suggest: expected {\"type\":\"suggest\",\"move\":\"e2e4\"}, a move in UCI");
  if (say_buckets[s].take(TokenBucket::Clock::now()) != TokenBucket::Verdict::Admit)
    throw std::invalid_argument("suggest: too fast; wait a little");
  const BoardId board = board_of(partner_of(s));
  to_partners(s, {{"type", "suggest"}, {"from", std::string(seat_name(s))}, {"board", std::string(1, "AB"[board])},
                  {"move", move->get<std::string>()}, {"ply", moves_on(match(), board)}});
}

// A person offers a draw or accepts the one on the table (LiveMatch::offer_draw: every
// person, then the computers' rule); everyone sees the offer in the state.
void Table::Impl::on_draw(TableClient&, std::optional<Seat> seat, const nlohmann::json&) {
  const Seat s = seat_holder(seat, "draw");
  if (!live) throw std::invalid_argument("draw: the match has not started");
  const SubmitResult r = live->offer_draw(s);
  if (r.verdict != Verdict::Ok) throw std::invalid_argument("draw: " + r.message);
}

void Table::Impl::on_decline(TableClient&, std::optional<Seat> seat, const nlohmann::json&) {
  const Seat s = seat_holder(seat, "decline");
  if (!live || live->draw_agreed().empty()) throw std::invalid_argument("decline: no draw is offered");
  live->decline_draw(s);
}

// A draw claimed by the player to move (core/RULES.md "Repetition" and "Chess draws"),
// with the move that makes it or on the position as it stands; the referee judges it.
void Table::Impl::on_claim(TableClient&, std::optional<Seat> seat, const nlohmann::json& message) {
  const Seat s = seat_holder(seat, "claim");
  if (!live) throw std::invalid_argument("claim: the match has not started");
  const auto move = message.find("move");
  if (move != message.end() && (!move->is_string() || move->get_ref<const std::string&>().size() > kMaxMoveText))
    throw std::invalid_argument("claim: expected {\"type\":\"claim\"} or {\"type\":\"claim\",\"move\":\"g1f3\"}");
  const SubmitResult r = live->claim_draw(s, move == message.end() ? std::string() : move->get<std::string>());
  if (r.verdict == Verdict::Ok) return;
  // The referee's refusal reads "claim refused: ..." already; other refusals get the prefix.
  throw std::invalid_argument(r.message.rfind("claim", 0) == 0 ? r.message : "claim: " + r.message);
}

void Table::Impl::on_resign(TableClient&, std::optional<Seat> seat, const nlohmann::json&) {
  const Seat s = seat_holder(seat, "resign");
  if (!live) throw std::invalid_argument("resign: the match has not started");
  if (live->over()) throw std::invalid_argument("resign: the match is over");
  live->resign(s);
}

// The computer takes every seat no person has joined, and the clocks start.
void Table::Impl::on_start(TableClient&, std::optional<Seat> seat, const nlohmann::json&) {
  seat_holder(seat, "start");
  begin();
}

void Table::Impl::begin() {
  if (live) throw std::invalid_argument("start: the match has already started");
  play_match();
}

// The same seats again (the people keep their tokens, the computer its seats), fresh
// clocks; the finished match's record is kept.
void Table::Impl::on_rematch(TableClient&, std::optional<Seat> seat, const nlohmann::json&) {
  seat_holder(seat, "rematch");
  if (!live || !live->over()) throw std::invalid_argument("rematch: the match is not over");
  if (setup.assigned) throw std::invalid_argument("rematch: a tournament's match is played once");
  play_match();
}

// The computer takes every seat no person holds, and the clocks start.
void Table::Impl::play_match() {
  // Everything is made before anything changes: a computer that cannot be made leaves
  // the table as it was, open seats still open.
  if (setup.assigned && !people_missing(*setup.assigned, seats).empty())
    throw std::invalid_argument("start: waiting for " + people_missing(*setup.assigned, seats));
  std::array<std::unique_ptr<Player>, kSeats> players;
  std::array<std::string, kSeats> seat_names;
  for (std::size_t s = 0; s < kSeats; ++s) {
    const SeatAssignment* a = setup.assigned ? &(*setup.assigned)[s] : nullptr;
    if (a ? a->person() : seats[s].kind == SeatStatus::Kind::Person) {
      seat_names[s] = a ? a->name : "person";
      continue;
    }
    // A computer seat talks with its partner (sit, go, need X): partner_player.h.
    players[s] = std::make_unique<PartnerPlayer>(computers(a ? a->computer : setup.computer, Seat(s), setup.rules));
    seat_names[s] = a ? a->name : players[s]->name();
  }
  for (std::size_t s = 0; s < kSeats; ++s)
    if (players[s]) seats[s].kind = SeatStatus::Kind::Computer;
  if (live) finished_record = record();
  names = seat_names;
  ++match_number;
  live = std::make_unique<LiveMatch>(setup.rules, setup.clock, std::move(players));
  live->on_event([this](const LiveEvent& e) { on_event(e); });
  live->start();
  track_leavers();
  broadcast_state();
  drive();
}

void Table::Impl::on_event(const LiveEvent& e) {
  last_activity = std::chrono::steady_clock::now();
  if (e.kind == LiveEvent::Kind::Over && setup.on_finished) setup.on_finished(id, match_number, e.after, record());
  if (e.kind == LiveEvent::Kind::Tell)
    return send_tell(e.seat, e.text, e.after.moves_played(), partner_player_words(e.text));
  if (e.after.over()) track_leavers();  // nobody leaves a finished match
  nlohmann::json j = state(e.after);
  if (e.kind == LiveEvent::Kind::Draw) j["draw_event"] = {{"seat", std::string(seat_name(e.seat))}, {"text", e.text}};
  if (e.kind == LiveEvent::Kind::Move) {
    j["event"] = {{"seat", std::string(seat_name(e.seat))}, {"san", e.san}, {"time_ms", e.time_ms}};
    if (setup.on_move) setup.on_move(id, match_number, e.after.moves_played(), live->now() - e.time_ms);
  }
  members.broadcast(j.dump());
}

// Steps the referee and sets the timer for the next look, until the match is over.
void Table::Impl::drive() {
  if (!live || live->over()) return;
  try {
    live->step();
  } catch (const std::exception& e) {
    members.broadcast(error_json(std::string("the match stopped: ") + e.what()).dump());
    return;
  }
  if (live->over()) return;
  const std::int64_t wait = std::clamp<std::int64_t>(live->next_due_ms() - live->now(), 1, kMaxStepMs);
  timer.expires_after(std::chrono::milliseconds(wait));
  timer.async_wait([this](const boost::system::error_code& ec) {
    if (!ec) drive();
  });
}

Table::Table(boost::asio::io_context& io, TableSetup setup, ComputerFactory computers)
    : impl_(std::make_unique<Impl>(io, std::move(setup), std::move(computers))) {}

Table::~Table() {
  impl_->timer.cancel();
  impl_->liveness.cancel();
}

const std::string& Table::id() const { return impl_->id; }
const std::string& Table::token(Seat seat) const { return impl_->tokens[seat]; }

std::optional<Seat> Table::seat_of(std::string_view token) const {
  for (int s = 0; s < kSeats; ++s)
    if (impl_->tokens[std::size_t(s)] == token) return Seat(s);
  return std::nullopt;
}

std::string Table::why_full(std::optional<Seat> seat) const { return impl_->members.why_full(seat); }

void Table::join(const std::shared_ptr<TableClient>& client, std::optional<Seat> seat) {
  if (seat && !impl_->live) impl_->seats[*seat].kind = SeatStatus::Kind::Person;
  impl_->members.add(client, seat);
  impl_->last_activity = std::chrono::steady_clock::now();
  // Only this connection learns which seat its token holds (the page draws from its side).
  client->send(nlohmann::json{{"type", "welcome"},
                              {"seat", seat ? nlohmann::json(std::string(seat_name(*seat))) : nlohmann::json()}}
                   .dump());
  impl_->recount();
  impl_->broadcast_state();
  if (!impl_->watching_liveness) impl_->watch_liveness();
  // A tournament's match starts once its people are all at the table.
  const auto& assigned = impl_->setup.assigned;
  if (assigned && !impl_->live && people_missing(*assigned, impl_->seats).empty()) impl_->begin();
}

void Table::leave(const TableClient* client) {
  impl_->members.remove(client);
  impl_->last_activity = std::chrono::steady_clock::now();
  impl_->recount();
  impl_->broadcast_state();
}

void Table::receive(TableClient& client, std::optional<Seat> seat, std::string_view text) {
  impl_->receive(client, seat, text);
}

void Table::start() { impl_->begin(); }

bool Table::over() const { return impl_->live && impl_->live->over(); }

bool Table::has_connections() const { return !impl_->members.empty(); }
bool Table::started() const { return impl_->live != nullptr; }
bool Table::running() const { return impl_->live && !impl_->live->over(); }
std::chrono::steady_clock::time_point Table::last_activity() const { return impl_->last_activity; }

bool Table::has_record() const { return over() || !impl_->finished_record.empty(); }

std::string Table::bpgn() const {
  if (over()) return impl_->record();
  if (impl_->finished_record.empty()) throw std::logic_error("the match is not over");
  return impl_->finished_record;
}

}  // namespace bh::server
