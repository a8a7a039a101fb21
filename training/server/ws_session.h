// ws_session.h — one WebSocket connection to a table (`/ws/ID?token=T` for a seat, `/ws/ID`
// for a spectator): reads the client's messages one at a time and hands them to the table,
// writes what the table sends in order. It joins the table at once (so a table's
// connection limit counts handshakes in flight) and writes once the handshake is done.
// What one client may do is bounded (limits.h): a message over the size limit closes the
// connection (Beast refuses it before it is buffered); messages beyond the rate limit are
// refused, and a client that keeps flooding is cut off; a client that does not read what
// it is sent is cut off once its queue passes the backlog limit; a silent, dead peer is
// closed by the WebSocket's keep-alive pings. The seat stays with its token.
#pragma once

#include <deque>
#include <memory>
#include <optional>
#include <string>

#include <boost/beast/core.hpp>
#include <boost/beast/websocket.hpp>

#include "training/server/connection_gate.h"
#include "training/server/http_routes.h"
#include "training/server/table.h"
#include "training/server/token_bucket.h"

namespace bh::server {

// The largest message a client may send: a move or a command is a few dozen bytes.
constexpr std::size_t kMaxClientMessage = 4096;

class WsSession final : public TableClient, public std::enable_shared_from_this<WsSession> {
 public:
  WsSession(boost::beast::tcp_stream stream, SeatedTable& table, std::optional<Seat> seat, ConnectionGate& gate,
            ConnectionGate::Ticket ticket);
  // Joins the table and accepts the upgrade request.
  void run(HttpRequest request);
  void send(std::string text) override;

 private:
  void read();
  void admit(const std::string& text);
  void write_next();
  void leave();
  void cut_for_backlog();
  void close_after_writes();

  boost::beast::websocket::stream<boost::beast::tcp_stream> ws_;
  boost::beast::flat_buffer buffer_;
  SeatedTable& table_;
  std::optional<Seat> seat_;
  ConnectionGate& gate_;
  ConnectionGate::Ticket ticket_;
  TokenBucket bucket_;
  std::deque<std::string> outbox_;
  std::size_t backlog_ = 0;     // bytes in outbox_
  bool accepted_ = false;       // the handshake is done: writes may go
  bool joined_ = false;         // a member of the table
  bool closing_ = false;        // cut off for flooding: the close follows the last write
  bool dead_ = false;           // cut off or failed: nothing more is queued
};

}  // namespace bh::server
