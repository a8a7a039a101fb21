// table.cpp — a table's match from start to end: the seats, the computers made at the
// start, the timer that drives the referee, its events sent to the connections, and the
// connections coming and going. Its messages are table_messages.cpp's.
#include "training/server/table.h"

#include <algorithm>
#include <chrono>

#include "training/server/table_impl.h"

namespace bh::server {

namespace {

// The referee is looked at at least this often: a computer's decision may finish at any
// moment and the clocks shown should not lag by more than this.
constexpr std::int64_t kMaxStepMs = 50;

}  // namespace

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
  // Under both_games a person whose game is over only watches: leaving costs nothing.
  const Match now = running ? live->snapshot() : Match();
  std::array<bool, kSeats> gone{};
  for (std::size_t s = 0; s < kSeats; ++s)
    gone[s] = running && !now.game_over(board_of(Seat(s))) && seats[s].kind == SeatStatus::Kind::Person &&
              seats[s].connections == 0;
  leaving.update(gone);
}

// Gone past the grace period: the team loses (the match's end comes as an event).
void Table::Impl::on_left(Seat seat) {
  if (live && !live->over()) live->leave(seat);
}

void Table::Impl::begin() {
  if (live) throw std::invalid_argument("start: the match has already started");
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
  if (e.after.over() || e.kind == LiveEvent::Kind::Game) track_leavers();  // nobody leaves a finished game
  nlohmann::json j = state(e.after);
  if (e.kind == LiveEvent::Kind::Draw) j["draw_event"] = {{"seat", std::string(seat_name(e.seat))}, {"text", e.text}};
  const bool ending = e.kind == LiveEvent::Kind::Over || e.kind == LiveEvent::Kind::Game;
  if (ending && !e.text.empty()) j["fault"] = e.text;  // what the failed program did
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
