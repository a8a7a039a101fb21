// ws_client.h — the tests' in-process client of `bughouse serve`: plain HTTP requests and
// a WebSocket connection, on Beast's own client types, each read bounded by a time limit
// (a read that does not come in time is a failure, never a hang).
#pragma once

#include <chrono>
#include <functional>
#include <optional>
#include <string>

#include <boost/asio/io_context.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/websocket.hpp>
#include <nlohmann/json.hpp>

namespace bh::server::test {

struct HttpResult {
  int status = 0;
  std::string body;
};

HttpResult http_request(unsigned short port, boost::beast::http::verb verb, const std::string& target,
                        const std::string& body = "");
// The HTTP status the server answers a WebSocket upgrade to `target` with (101: accepted).
int upgrade_status(unsigned short port, const std::string& target);

class WsClient {
 public:
  // Connects to `target` (e.g. "/ws/ID?token=T"); throws boost::system::system_error when
  // the server refuses the upgrade. `receive_buffer` > 0 sets the socket's receive buffer
  // (bytes) first: a client that does not read then stops the server's writes sooner.
  WsClient(unsigned short port, const std::string& target, int receive_buffer = 0);
  void send(const std::string& text);
  void send(const nlohmann::json& message) { send(message.dump()); }
  // A send the server may cut short by closing (false then).
  bool try_send(const std::string& text);
  // The next message, or nullopt when none came within `limit` or the connection closed.
  std::optional<nlohmann::json> read(std::chrono::milliseconds limit);
  // Messages are read until one satisfies `wanted` (returned) or `limit` passes (nullopt).
  std::optional<nlohmann::json> until(const std::function<bool(const nlohmann::json&)>& wanted,
                                      std::chrono::milliseconds limit = std::chrono::seconds(20));
  bool closed() const { return closed_; }
  bool timed_out() const { return timed_out_; }  // a read gave up waiting
  void close();

 private:
  boost::asio::io_context io_;
  boost::beast::websocket::stream<boost::beast::tcp_stream> ws_{io_};
  bool closed_ = false;
  bool timed_out_ = false;
};

}  // namespace bh::server::test
