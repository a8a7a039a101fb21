// http_session.cpp — the request loop and the WebSocket hand-over.
#include "training/server/http_session.h"

#include <chrono>
#include <string>
#include <string_view>

#include <boost/beast/websocket.hpp>

#include "training/server/ws_session.h"

namespace bh::server {

namespace beast = boost::beast;
namespace http = beast::http;

namespace {

constexpr std::size_t kMaxBody = 16 * 1024;

HttpResponse refusal(const HttpRequest& request, http::status status, std::string message) {
  HttpResponse r{status, request.version()};
  r.set(http::field::content_type, "text/plain; charset=utf-8");
  r.keep_alive(false);
  r.body() = std::move(message) + "\n";
  r.prepare_payload();
  return r;
}

}  // namespace

HttpSession::HttpSession(boost::asio::ip::tcp::socket socket, Lobby& lobby, const RunLibrary* run, TournamentDesk& desk,
                         ConnectionGate& gate, ConnectionGate::Ticket ticket)
    : stream_(std::move(socket)), lobby_(lobby), run_(run), desk_(desk), gate_(gate), ticket_(std::move(ticket)) {}

void HttpSession::run() { read(); }

void HttpSession::read() {
  parser_.emplace();
  parser_->body_limit(kMaxBody);
  stream_.expires_after(gate_.limits().http_idle);  // covers a request sent byte by byte too
  http::async_read(stream_, buffer_, *parser_, [self = shared_from_this()](beast::error_code ec, std::size_t) {
    if (ec == http::error::body_limit)
      return self->write(refusal(self->parser_->get(), http::status::payload_too_large, "the body is too large"));
    if (ec) return;  // closed, timed out, or not HTTP: nothing to answer
    self->handle();
  });
}

// Nothing a request does may end the server: what escapes a route is a 500 to that
// request alone (a route answers every expected failure itself).
void HttpSession::handle() {
  try {
    if (beast::websocket::is_upgrade(parser_->get())) return upgrade();
    write(respond(parser_->get(), lobby_, run_, desk_));
  } catch (const std::exception& e) {
    write(refusal(parser_->get(), http::status::internal_server_error, std::string("server error: ") + e.what()));
  }
}

void HttpSession::upgrade() {
  const HttpRequest& request = parser_->get();
  const std::string_view target(request.target().data(), request.target().size());
  const std::string_view path = target.substr(0, target.find('?'));
  SeatedTable* table = path.starts_with("/ws/") ? lobby_.find(std::string(path.substr(4))) : nullptr;
  if (!table) return write(refusal(request, http::status::not_found, "no such table"));
  const std::string_view token = query_value(target, "token");
  std::optional<Seat> seat;
  if (!token.empty()) {
    seat = table->seat_of(token);
    if (!seat) return write(refusal(request, http::status::forbidden, "the token holds no seat at this table"));
  }
  if (const std::string full = table->why_full(seat); !full.empty()) {
    gate_.count_refused();
    return write(refusal(request, http::status::service_unavailable, full));
  }
  std::make_shared<WsSession>(std::move(stream_), *table, seat, gate_, std::move(*ticket_))->run(parser_->release());
}

void HttpSession::write(HttpResponse response) {
  auto shared = std::make_shared<HttpResponse>(std::move(response));
  http::async_write(stream_, *shared, [self = shared_from_this(), shared](beast::error_code ec, std::size_t) {
    if (ec || !shared->keep_alive()) {
      beast::error_code ignored;
      self->stream_.socket().shutdown(boost::asio::ip::tcp::socket::shutdown_send, ignored);
      return;
    }
    self->read();
  });
}

}  // namespace bh::server
