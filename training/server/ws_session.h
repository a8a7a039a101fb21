// ws_session.h — one WebSocket connection to a table (`/ws/ID?token=T` for a seat, `/ws/ID`
// for a spectator): reads the client's messages one at a time and hands them to the table,
// writes what the table sends in order. A message over the size limit closes the
// connection (Beast refuses it before it is buffered); the seat stays with its token.
#pragma once

#include <deque>
#include <memory>
#include <optional>
#include <string>

#include <boost/beast/core.hpp>
#include <boost/beast/websocket.hpp>

#include "training/server/http_routes.h"
#include "training/server/table.h"

namespace bh::server {

// The largest message a client may send: a move or a command is a few dozen bytes.
constexpr std::size_t kMaxClientMessage = 4096;

class WsSession final : public TableClient, public std::enable_shared_from_this<WsSession> {
 public:
  WsSession(boost::beast::tcp_stream stream, Table& table, std::optional<Seat> seat);
  // Accepts the upgrade request, then joins the table.
  void run(HttpRequest request);
  void send(std::string text) override;

 private:
  void read();
  void write_next();
  void close();

  boost::beast::websocket::stream<boost::beast::tcp_stream> ws_;
  boost::beast::flat_buffer buffer_;
  Table& table_;
  std::optional<Seat> seat_;
  std::deque<std::string> outbox_;
  bool joined_ = false;
};

}  // namespace bh::server
