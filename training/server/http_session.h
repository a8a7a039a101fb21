// http_session.h — one accepted TCP connection: HTTP requests answered in turn
// (http_routes.h) until the client closes, or a WebSocket upgrade to `/ws/ID` handed to a
// WsSession. Request bodies are capped (a table's creation is a few dozen bytes); an
// upgrade for an unknown table or a wrong token is refused as plain HTTP (404, 403).
#pragma once

#include <memory>
#include <optional>

#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>

#include "training/server/http_routes.h"
#include "training/server/lobby.h"

namespace bh::server {

class HttpSession final : public std::enable_shared_from_this<HttpSession> {
 public:
  // `run`: the run directory whose replays are served, or nullptr.
  HttpSession(boost::asio::ip::tcp::socket socket, Lobby& lobby, const RunLibrary* run);
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
};

}  // namespace bh::server
