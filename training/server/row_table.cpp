// row_table.cpp — a row's table: seats, connections, messages, and the live row driven by
// the server's timer.
#include "training/server/row_table.h"

#include <algorithm>
#include <map>
#include <stdexcept>
#include <vector>

#include <boost/asio/steady_timer.hpp>
#include <nlohmann/json.hpp>

#include "core/bpgn.h"
#include "training/live/live_row.h"
#include "training/server/row_state_json.h"
#include "training/server/secret_token.h"
#include "training/server/table_members.h"

namespace bh::server {

namespace {

// The referee is looked at at least this often (as at a two-board table, table.cpp).
constexpr std::int64_t kMaxStepMs = 50;
// A move is a few characters (`e4d5>C`, `N@f3`, SAN with marks); longer text is junk.
constexpr std::size_t kMaxMoveText = 16;

Seat seat_holder(std::optional<Seat> seat, const char* what) {
  if (!seat) throw std::invalid_argument(std::string(what) + ": a spectator holds no seat");
  return *seat;
}

}  // namespace

struct RowTable::Impl {
  using Handler = void (Impl::*)(TableClient&, std::optional<Seat>, const nlohmann::json&);

  boost::asio::steady_timer timer;
  RowTableSetup setup;
  TableMembers members{setup.limits};
  std::string id = secret_token();
  std::vector<std::string> tokens;
  std::vector<SeatStatus> seats;
  std::vector<std::string> names;  // the record's player names
  std::unique_ptr<LiveRow> live;
  std::chrono::steady_clock::time_point last_activity = std::chrono::steady_clock::now();

  Impl(boost::asio::io_context& io, RowTableSetup s) : timer(io), setup(std::move(s)) {
    const bh::Table empty(setup.rules, setup.clock);  // throws for rules a row does not play
    (void)make_table_player(setup.computer, 0, setup.players);
    for (int seat = 0; seat < empty.seats(); ++seat) tokens.push_back(secret_token());
    seats.resize(tokens.size());
    names.resize(tokens.size());
  }

  nlohmann::json state() const {
    const bh::Table shown = live ? live->table() : bh::Table(setup.rules, setup.clock);
    return row_state_json(id, shown, live ? live->now() : 0, live != nullptr, seats);
  }
  void broadcast_state() const { members.broadcast(state().dump()); }
  bool recount() { return members.recount(seats); }

  std::string record() const {
    std::vector<std::pair<std::string, std::string>> tags{{"Event", "bughouse serve"}, {"Site", "browser"}};
    for (std::size_t s = 0; s < names.size(); ++s)
      tags.emplace_back(std::string(color_of(Seat(s)) == White ? "White" : "Black") + board_letter(board_of(Seat(s))),
                        names[s]);
    return write_bpgn(live->table(), tags);
  }

  void receive(TableClient& client, std::optional<Seat> seat, std::string_view text) {
    last_activity = std::chrono::steady_clock::now();
    if (members.heard_from(client) && recount()) broadcast_state();
    const nlohmann::json message = nlohmann::json::parse(text, nullptr, false);
    if (message.is_discarded() || !message.is_object()) return client.send(error_json("malformed JSON").dump());
    static const std::map<std::string, Handler, std::less<>> kHandlers = {
        {"move", &Impl::on_move}, {"resign", &Impl::on_resign}, {"start", &Impl::on_start}, {"ping", &Impl::on_ping}};
    const auto type = message.find("type");
    const auto handler = type != message.end() && type->is_string() ? kHandlers.find(type->get<std::string>())
                                                                     : kHandlers.end();
    if (handler == kHandlers.end())
      return client.send(error_json("unknown message type at a row of boards: expected move, resign, start or ping").dump());
    try {
      (this->*handler->second)(client, seat, message);
    } catch (const std::exception& e) {
      client.send(error_json(e.what()).dump());
    }
  }

  void on_ping(TableClient& client, std::optional<Seat>, const nlohmann::json&) {
    client.send(nlohmann::json{{"type", "pong"}}.dump());
  }

  void on_move(TableClient&, std::optional<Seat> seat, const nlohmann::json& message) {
    const Seat s = seat_holder(seat, "move");
    const auto move = message.find("move");
    if (move == message.end() || !move->is_string() || move->get_ref<const std::string&>().size() > kMaxMoveText)
      throw std::invalid_argument("move: expected {\"type\":\"move\",\"move\":\"e4d5>C\"}");
    if (!live) throw std::invalid_argument("move: the match has not started");
    const std::string text = move->get<std::string>();
    check_ply(s, text, message);
    const SubmitResult r = live->submit(s, text);
    if (r.verdict != Verdict::Ok) throw std::invalid_argument("move " + text + ": " + r.message);
  }

  // As at a two-board table (table_messages.cpp): a move resent after a reconnection is
  // played once.
  void check_ply(Seat s, const std::string& text, const nlohmann::json& message) const {
    const auto ply = message.find("ply");
    if (ply == message.end()) return;
    if (!ply->is_number_integer() || ply->get<std::int64_t>() < 0)
      throw std::invalid_argument("move: \"ply\" is the number of moves played on your board when you moved");
    const BoardId b = board_of(s);
    const auto& events = live->table().events();
    const auto played = std::count_if(events.begin(), events.end(),
                                      [b](const TableEvent& e) { return board_of(e.seat) == b && !e.action.move.is_wait(); });
    if (ply->get<std::int64_t>() == played) return;
    throw std::invalid_argument("move " + text + ": sent after " + std::to_string(ply->get<std::int64_t>()) +
                                " moves of board " + board_letter(b) + ", which has " + std::to_string(played) +
                                (ply->get<std::int64_t>() < played ? " (already answered: a move is played once)" : ""));
  }

  void on_resign(TableClient&, std::optional<Seat> seat, const nlohmann::json&) {
    const Seat s = seat_holder(seat, "resign");
    if (!live || live->over()) throw std::invalid_argument("resign: no match is running");
    live->resign(s);
  }

  void on_start(TableClient&, std::optional<Seat> seat, const nlohmann::json&) {
    seat_holder(seat, "start");
    begin();
  }

  // The row's players take every seat no person holds, and the clocks start.
  void begin() {
    if (live) throw std::invalid_argument("start: the match has already started");
    const std::uint64_t seed = std::hash<std::string>{}(id);
    std::vector<std::unique_ptr<TablePlayer>> players;
    for (std::size_t s = 0; s < seats.size(); ++s) {
      const bool person = seats[s].kind == SeatStatus::Kind::Person;
      players.push_back(person ? nullptr : make_table_player(setup.computer, seed * 16 + s, setup.players));
      names[s] = person ? "person" : setup.computer;
    }
    for (std::size_t s = 0; s < seats.size(); ++s)
      if (players[s]) seats[s].kind = SeatStatus::Kind::Computer;
    live = std::make_unique<LiveRow>(LiveRowConfig{setup.rules, setup.clock, setup.players.turn.time, seed}, std::move(players));
    live->on_event([this](const LiveRowEvent& e) { on_event(e); });
    live->start();
    broadcast_state();
    drive();
  }

  void on_event(const LiveRowEvent& e) {
    last_activity = std::chrono::steady_clock::now();
    if (e.kind == LiveRowEvent::Kind::Sit) return;
    nlohmann::json j = state();
    if (e.kind == LiveRowEvent::Kind::Move)
      j["event"] = {{"seat", std::string(seat_name(e.seat))}, {"san", e.san}, {"time_ms", e.time_ms}};
    if (e.kind == LiveRowEvent::Kind::Over && setup.on_finished) setup.on_finished(id, 1, record());
    members.broadcast(j.dump());
  }

  // Steps the referee and sets the timer for the next look, until the row is over.
  void drive() {
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
};

RowTable::RowTable(boost::asio::io_context& io, RowTableSetup setup)
    : impl_(std::make_unique<Impl>(io, std::move(setup))) {}

RowTable::~RowTable() { impl_->timer.cancel(); }

const std::string& RowTable::id() const { return impl_->id; }
int RowTable::seats() const { return int(impl_->tokens.size()); }
const std::string& RowTable::token(Seat seat) const { return impl_->tokens.at(seat); }

std::optional<Seat> RowTable::seat_of(std::string_view token) const {
  const auto it = std::find(impl_->tokens.begin(), impl_->tokens.end(), token);
  return it == impl_->tokens.end() ? std::nullopt : std::optional<Seat>(Seat(it - impl_->tokens.begin()));
}

std::string RowTable::why_full(std::optional<Seat> seat) const { return impl_->members.why_full(seat); }

void RowTable::join(const std::shared_ptr<TableClient>& client, std::optional<Seat> seat) {
  if (seat && !impl_->live) impl_->seats[*seat].kind = SeatStatus::Kind::Person;
  impl_->members.add(client, seat);
  impl_->last_activity = std::chrono::steady_clock::now();
  // The page learns its seat and that this is a row (it draws every board).
  client->send(nlohmann::json{{"type", "welcome"},
                              {"seat", seat ? nlohmann::json(std::string(seat_name(*seat))) : nlohmann::json()},
                              {"boards", seats() / 2}}
                   .dump());
  impl_->recount();
  impl_->broadcast_state();
}

void RowTable::leave(const TableClient* client) {
  impl_->members.remove(client);
  impl_->last_activity = std::chrono::steady_clock::now();
  impl_->recount();
  impl_->broadcast_state();
}

void RowTable::receive(TableClient& client, std::optional<Seat> seat, std::string_view text) {
  impl_->receive(client, seat, text);
}

void RowTable::start() { impl_->begin(); }
bool RowTable::over() const { return impl_->live && impl_->live->over(); }
bool RowTable::has_record() const { return over(); }

std::string RowTable::bpgn() const {
  if (!over()) throw std::logic_error("the match is not over");
  return impl_->record();
}

bool RowTable::has_connections() const { return !impl_->members.empty(); }
bool RowTable::started() const { return impl_->live != nullptr; }
bool RowTable::running() const { return impl_->live && !impl_->live->over(); }
std::chrono::steady_clock::time_point RowTable::last_activity() const { return impl_->last_activity; }

}  // namespace bh::server
