// ws_session.cpp — the read loop with its rate limit, and the ordered, bounded write queue.
#include "training/server/ws_session.h"

#include <sstream>

#include <boost/asio/post.hpp>
#include <nlohmann/json.hpp>

namespace bh::server {

namespace beast = boost::beast;
namespace websocket = beast::websocket;

namespace {

std::string error_text(const std::string& message) { return nlohmann::json{{"type", "error"}, {"message", message}}.dump(); }

// "at most 20 at once, then 10 a second"
std::string rate_text(const ConnectionLimits& limits) {
  std::ostringstream text;
  text << "at most " << limits.message_burst << " at once, then " << limits.messages_per_second << " a second";
  return text.str();
}

}  // namespace

WsSession::WsSession(beast::tcp_stream stream, SeatedTable& table, std::optional<Seat> seat, ConnectionGate& gate,
                     ConnectionGate::Ticket ticket)
    : ws_(std::move(stream)),
      table_(table),
      seat_(seat),
      gate_(gate),
      ticket_(std::move(ticket)),
      bucket_(gate.limits().messages_per_second, gate.limits().message_burst, TokenBucket::Clock::now()) {}

void WsSession::run(HttpRequest request) {
  const ConnectionLimits& limits = gate_.limits();
  beast::get_lowest_layer(ws_).expires_never();  // the WebSocket's own timeouts take over
  websocket::stream_base::timeout timeouts{};
  timeouts.handshake_timeout = limits.http_idle;
  timeouts.idle_timeout = limits.ws_idle;
  timeouts.keep_alive_pings = true;
  ws_.set_option(timeouts);
  ws_.read_message_max(kMaxClientMessage);
  joined_ = true;
  table_.join(shared_from_this(), seat_);  // its welcome and state wait for the handshake
  ws_.async_accept(request, [self = shared_from_this()](beast::error_code ec) {
    if (ec) {
      self->dead_ = true;
      return self->leave();
    }
    self->accepted_ = true;
    if (!self->outbox_.empty()) self->write_next();
    self->read();
  });
}

void WsSession::read() {
  ws_.async_read(buffer_, [self = shared_from_this()](beast::error_code ec, std::size_t) {
    if (ec) {  // closed, dropped, timed out, or a message over the limit
      self->dead_ = true;
      return self->leave();
    }
    const std::string text = beast::buffers_to_string(self->buffer_.data());
    self->buffer_.consume(self->buffer_.size());
    self->admit(text);
    if (!self->closing_) self->read();
  });
}

void WsSession::admit(const std::string& text) {
  const ConnectionLimits& limits = gate_.limits();
  switch (bucket_.take(TokenBucket::Clock::now())) {
    case TokenBucket::Verdict::Admit:
      return table_.receive(*this, seat_, text);
    case TokenBucket::Verdict::Refuse:
      return send(error_text("too many messages: " + rate_text(limits) + "; this one was ignored"));
    case TokenBucket::Verdict::Cut:
      gate_.count_cut_for_flooding();
      send(error_text("too many messages: the connection is closed"));
      leave();
      closing_ = true;
      if (outbox_.empty()) close_after_writes();
      return;
  }
}

void WsSession::send(std::string text) {
  if (dead_) return;
  if (backlog_ + text.size() > gate_.limits().max_backlog_bytes) return cut_for_backlog();
  backlog_ += text.size();
  gate_.note_backlog(backlog_);
  outbox_.push_back(std::move(text));
  if (accepted_ && outbox_.size() == 1) write_next();  // otherwise the write in flight continues the queue
}

void WsSession::write_next() {
  ws_.text(true);
  ws_.async_write(boost::asio::buffer(outbox_.front()), [self = shared_from_this()](beast::error_code ec, std::size_t) {
    self->backlog_ -= self->outbox_.front().size();
    self->outbox_.pop_front();
    if (ec) {
      self->dead_ = true;
      return self->leave();
    }
    if (!self->outbox_.empty()) return self->write_next();
    if (self->closing_) self->close_after_writes();
  });
}

// The client reads nothing: the socket is closed at once (no close handshake, which could
// not get through either), and whatever was queued is dropped with it. It leaves the table
// a moment later: this runs inside the table's broadcast to its connections.
void WsSession::cut_for_backlog() {
  gate_.count_cut_for_backlog();
  dead_ = true;
  boost::asio::post(ws_.get_executor(), [self = shared_from_this()] { self->leave(); });
  beast::error_code ignored;
  auto& socket = beast::get_lowest_layer(ws_).socket();
  socket.set_option(boost::asio::socket_base::linger(true, 0), ignored);  // a reset: the kernel keeps nothing
  socket.close(ignored);
}

void WsSession::close_after_writes() {
  dead_ = true;
  ws_.async_close(websocket::close_reason(websocket::close_code::policy_error, "too many messages"),
                  [self = shared_from_this()](beast::error_code) {});
}

void WsSession::leave() {
  if (!joined_) return;
  joined_ = false;
  table_.leave(this);
}

}  // namespace bh::server
