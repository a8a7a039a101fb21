// ws_session.cpp — the read loop and the ordered write queue of a WebSocket connection.
#include "training/server/ws_session.h"

namespace bh::server {

namespace beast = boost::beast;
namespace websocket = beast::websocket;

WsSession::WsSession(beast::tcp_stream stream, Table& table, std::optional<Seat> seat)
    : ws_(std::move(stream)), table_(table), seat_(seat) {}

void WsSession::run(HttpRequest request) {
  beast::get_lowest_layer(ws_).expires_never();  // the WebSocket's own timeouts take over
  ws_.set_option(websocket::stream_base::timeout::suggested(beast::role_type::server));
  ws_.read_message_max(kMaxClientMessage);
  ws_.async_accept(request, [self = shared_from_this()](beast::error_code ec) {
    if (ec) return;
    self->joined_ = true;
    self->table_.join(self, self->seat_);
    self->read();
  });
}

void WsSession::read() {
  ws_.async_read(buffer_, [self = shared_from_this()](beast::error_code ec, std::size_t) {
    if (ec) return self->close();  // closed, dropped, or a message over the limit
    const std::string text = beast::buffers_to_string(self->buffer_.data());
    self->buffer_.consume(self->buffer_.size());
    self->table_.receive(*self, self->seat_, text);
    self->read();
  });
}

void WsSession::send(std::string text) {
  outbox_.push_back(std::move(text));
  if (outbox_.size() == 1) write_next();  // otherwise the write in flight continues the queue
}

void WsSession::write_next() {
  ws_.text(true);
  ws_.async_write(boost::asio::buffer(outbox_.front()), [self = shared_from_this()](beast::error_code ec, std::size_t) {
    if (ec) return self->close();
    self->outbox_.pop_front();
    if (!self->outbox_.empty()) self->write_next();
  });
}

void WsSession::close() {
  if (!joined_) return;
  joined_ = false;
  table_.leave(this);
}

}  // namespace bh::server
