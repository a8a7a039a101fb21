// table.cpp — seats, connections, client messages and the timer that drives the referee.
#include "training/server/table.h"

#include <algorithm>
#include <chrono>
#include <map>
#include <stdexcept>
#include <vector>

#include <boost/asio/steady_timer.hpp>
#include <nlohmann/json.hpp>

#include "core/bpgn.h"
#include "mcts/partner_player.h"
#include "training/engine/live_match.h"
#include "training/server/partner_talk.h"
#include "training/server/secret_token.h"
#include "training/server/state_json.h"

namespace bh::server {

namespace {

// The referee is looked at at least this often: a computer's decision may finish at any
// moment and the clocks shown should not lag by more than this.
constexpr std::int64_t kMaxStepMs = 50;
// A move is a few characters (`e7e8q`, `N@f3`, SAN with marks); longer text is junk.
constexpr std::size_t kMaxMoveText = 16;

nlohmann::json error_json(const std::string& message) { return {{"type", "error"}, {"message", message}}; }

struct Member {
  std::weak_ptr<TableClient> client;
  const TableClient* key = nullptr;
  std::optional<Seat> seat;
};

}  // namespace

struct Table::Impl {
  using Handler = void (Impl::*)(TableClient&, std::optional<Seat>, const nlohmann::json&);

  boost::asio::steady_timer timer;
  TableSetup setup;
  ComputerFactory computers;
  std::string id = secret_token();
  std::array<std::string, kSeats> tokens{secret_token(), secret_token(), secret_token(), secret_token()};
  std::array<SeatStatus, kSeats> seats{};
  std::vector<Member> members;
  std::unique_ptr<LiveMatch> live;  // from the start on
  std::array<std::string, kSeats> names{};  // the record's player names

  Impl(boost::asio::io_context& io, TableSetup s, ComputerFactory c)
      : timer(io), setup(std::move(s)), computers(std::move(c)) {}

  Match match() const { return live ? live->snapshot() : Match(setup.rules, setup.clock); }

  std::string state_text(const Match& m) const {
    return state_json(id, m, live ? live->now() : 0, live != nullptr, seats).dump();
  }

  void broadcast(const std::string& text) {
    for (const Member& m : members)
      if (auto c = m.client.lock()) c->send(text);
  }

  void recount() {
    for (SeatStatus& s : seats) s.connections = 0;
    for (const Member& m : members)
      if (m.seat && !m.client.expired()) ++seats[*m.seat].connections;
  }

  void receive(TableClient& client, std::optional<Seat> seat, std::string_view text) {
    const nlohmann::json message = nlohmann::json::parse(text, nullptr, false);
    if (message.is_discarded() || !message.is_object()) return client.send(error_json("malformed JSON").dump());
    const auto type = message.find("type");
    static const std::map<std::string, Handler, std::less<>> kHandlers = {
        {"move", &Impl::on_move}, {"resign", &Impl::on_resign}, {"start", &Impl::on_start},
        {"ping", &Impl::on_ping}, {"tell", &Impl::on_tell}};
    const auto handler = type != message.end() && type->is_string() ? kHandlers.find(type->get<std::string>())
                                                                     : kHandlers.end();
    if (handler == kHandlers.end())
      return client.send(error_json("unknown message type: expected move, resign, start, tell or ping").dump());
    try {
      (this->*handler->second)(client, seat, message);
    } catch (const std::exception& e) {
      client.send(error_json(e.what()).dump());
    }
  }

  void on_ping(TableClient& client, std::optional<Seat>, const nlohmann::json&) {
    client.send(nlohmann::json{{"type", "pong"}}.dump());
  }

  // Seat holders only: a spectator watches.
  static Seat seat_holder(std::optional<Seat> seat, const char* what) {
    if (!seat) throw std::invalid_argument(std::string(what) + ": a spectator holds no seat");
    return *seat;
  }

  void on_move(TableClient&, std::optional<Seat> seat, const nlohmann::json& message) {
    const Seat s = seat_holder(seat, "move");
    const auto move = message.find("move");
    if (move == message.end() || !move->is_string() || move->get_ref<const std::string&>().size() > kMaxMoveText)
      throw std::invalid_argument("move: expected {\"type\":\"move\",\"move\":\"e2e4\"}");
    if (!live) throw std::invalid_argument("move: the match has not started");
    const SubmitResult r = live->submit(s, move->get<std::string>());
    if (r.verdict != Verdict::Ok) throw std::invalid_argument("move " + move->get<std::string>() + ": " + r.message);
  }

  // To the partner (and back to the teller's own screens), with the number of moves
  // played so far, so each screen shows it next to the move it came with.
  void on_tell(TableClient&, std::optional<Seat> seat, const nlohmann::json& message) {
    const Seat s = seat_holder(seat, "tell");
    const auto text = message.find("text");
    const std::optional<std::string> said =
        text != message.end() && text->is_string() ? partner_message(text->get<std::string>()) : std::nullopt;
    if (!said) throw std::invalid_argument("tell: expected {\"type\":\"tell\",\"text\":...} with one of the partner messages");
    send_tell(s, *said, match().moves_played());
    if (live) live->tell(s, *said);  // a computer partner hears it (and answers: on_event)
  }

  void send_tell(Seat from, const std::string& text, int moves) {
    const std::string out =
        nlohmann::json{{"type", "tell"}, {"from", std::string(seat_name(from))}, {"text", text}, {"moves", moves}}
            .dump();
    for (const Member& m : members)
      if (m.seat && (*m.seat == from || *m.seat == partner_of(from)))
        if (auto c = m.client.lock()) c->send(out);
  }

  void on_resign(TableClient&, std::optional<Seat> seat, const nlohmann::json&) {
    const Seat s = seat_holder(seat, "resign");
    if (!live) throw std::invalid_argument("resign: the match has not started");
    if (live->over()) throw std::invalid_argument("resign: the match is over");
    live->resign(s);
  }

  // The computer takes every seat no person has joined, and the clocks start.
  void on_start(TableClient&, std::optional<Seat> seat, const nlohmann::json&) {
    seat_holder(seat, "start");
    begin();
  }

  // The computer takes every seat no person holds, and the clocks start.
  void begin() {
    if (live) throw std::invalid_argument("start: the match has already started");
    // Everything is made before anything changes: a computer that cannot be made leaves
    // the table as it was, open seats still open.
    std::array<std::unique_ptr<Player>, kSeats> players;
    std::array<std::string, kSeats> seat_names;
    for (int s = 0; s < kSeats; ++s) {
      if (seats[std::size_t(s)].kind == SeatStatus::Kind::Person) {
        seat_names[std::size_t(s)] = "person";
        continue;
      }
      // A computer seat talks with its partner (sit, go, need X): partner_player.h.
      players[std::size_t(s)] = std::make_unique<PartnerPlayer>(computers(setup.computer, Seat(s)));
      seat_names[std::size_t(s)] = players[std::size_t(s)]->name();
    }
    for (int s = 0; s < kSeats; ++s)
      if (players[std::size_t(s)]) seats[std::size_t(s)].kind = SeatStatus::Kind::Computer;
    names = seat_names;
    live = std::make_unique<LiveMatch>(setup.rules, setup.clock, std::move(players));
    live->on_event([this](const LiveEvent& e) { on_event(e); });
    live->start();
    broadcast(state_text(live->snapshot()));
    drive();
  }

  void on_event(const LiveEvent& e) {
    if (e.kind == LiveEvent::Kind::Tell) return send_tell(e.seat, e.text, e.after.moves_played());
    nlohmann::json state = state_json(id, e.after, live->now(), true, seats);
    if (e.kind == LiveEvent::Kind::Move)
      state["event"] = {{"seat", std::string(seat_name(e.seat))}, {"san", e.san}, {"time_ms", e.time_ms}};
    broadcast(state.dump());
  }

  // Steps the referee and sets the timer for the next look, until the match is over.
  void drive() {
    if (!live || live->over()) return;
    try {
      live->step();
    } catch (const std::exception& e) {
      broadcast(error_json(std::string("the match stopped: ") + e.what()).dump());
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

Table::Table(boost::asio::io_context& io, TableSetup setup, ComputerFactory computers)
    : impl_(std::make_unique<Impl>(io, std::move(setup), std::move(computers))) {}

Table::~Table() { impl_->timer.cancel(); }

const std::string& Table::id() const { return impl_->id; }
const std::string& Table::token(Seat seat) const { return impl_->tokens[seat]; }

std::optional<Seat> Table::seat_of(std::string_view token) const {
  for (int s = 0; s < kSeats; ++s)
    if (impl_->tokens[std::size_t(s)] == token) return Seat(s);
  return std::nullopt;
}

void Table::join(const std::shared_ptr<TableClient>& client, std::optional<Seat> seat) {
  if (seat && !impl_->live) impl_->seats[*seat].kind = SeatStatus::Kind::Person;
  impl_->members.push_back({client, client.get(), seat});
  // Only this connection learns which seat its token holds (the page draws from its side).
  client->send(nlohmann::json{{"type", "welcome"},
                              {"seat", seat ? nlohmann::json(std::string(seat_name(*seat))) : nlohmann::json()}}
                   .dump());
  impl_->recount();
  impl_->broadcast(impl_->state_text(impl_->match()));
}

void Table::leave(const TableClient* client) {
  std::erase_if(impl_->members, [client](const Member& m) { return m.key == client || m.client.expired(); });
  impl_->recount();
  impl_->broadcast(impl_->state_text(impl_->match()));
}

void Table::receive(TableClient& client, std::optional<Seat> seat, std::string_view text) {
  impl_->receive(client, seat, text);
}

void Table::start() { impl_->begin(); }

bool Table::over() const { return impl_->live && impl_->live->over(); }

std::string Table::bpgn() const {
  if (!over()) throw std::logic_error("the match is not over");
  const auto& n = impl_->names;
  return write_bpgn(impl_->live->snapshot(), {{"Event", "bughouse serve"},
                                              {"Site", "browser"},
                                              {"WhiteA", n[AWhite]},
                                              {"BlackA", n[ABlack]},
                                              {"WhiteB", n[BWhite]},
                                              {"BlackB", n[BBlack]}});
}

}  // namespace bh::server
