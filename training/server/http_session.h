// http_session.h — one accepted TCP connection: HTTP requests answered in turn
// (http_routes.h) until the client closes, or a WebSocket upgrade to `/ws/ID` handed to a
// WsSession. Request bodies are capped at 16 KiB (a table's creation is a few dozen bytes,
// a tournament's teams by hand a few kilobytes); a
// connection that sends no request within the idle time is closed (limits.h); an upgrade
// for an unknown table, a wrong token or a full table is refused as plain HTTP (404, 403,
// 503).
#pragma once

#include <memory>
#include <optional>

#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>

#include "training/server/connection_gate.h"
#include "training/server/http_routes.h"
#include "training/server/lobby.h"

namespace bh::server {

class HttpSession final : public std::enable_shared_from_this<HttpSession> {
 public:
  // `run`: the run directory whose replays are served, or nullptr.
  HttpSession(boost::asio::ip::tcp::socket socket, Lobby& lobby, const RunLibrary* run, TournamentDesk& desk,
              ConnectionGate& gate, ConnectionGate::Ticket ticket);
  void run();

 private:
  void read();
  void handle();
  void upgrade();
  void write(HttpResponse response);

  boost::beast::tcp_stream stream_;
  boost::beast::flat_buffer buffer_;
  std::optional<boost::beast::http::request_parser<boost::beast::http::string_body>> parser_;
  Lobby& lobby_;
  const RunLibrary* run_;
  TournamentDesk& desk_;
  ConnectionGate& gate_;
  std::optional<ConnectionGate::Ticket> ticket_;  // handed to the WebSocket on an upgrade
};

}  // namespace bh::server
