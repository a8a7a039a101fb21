// ws_client.cpp — synchronous connects and writes; reads run on the client's own
// io_context for at most the time limit.
#include "ws_client.h"

#include <boost/asio/connect.hpp>
#include <boost/asio/ip/tcp.hpp>

namespace bh::server::test {

namespace beast = boost::beast;
namespace http = beast::http;
using tcp = boost::asio::ip::tcp;

HttpResult http_request(unsigned short port, http::verb verb, const std::string& target, const std::string& body) {
  boost::asio::io_context io;
  beast::tcp_stream stream(io);
  stream.connect(tcp::endpoint(boost::asio::ip::make_address("127.0.0.1"), port));
  http::request<http::string_body> request{verb, target, 11};
  request.set(http::field::host, "127.0.0.1");
  request.body() = body;
  request.prepare_payload();
  http::write(stream, request);
  beast::flat_buffer buffer;
  http::response<http::string_body> response;
  http::read(stream, buffer, response);
  beast::error_code ignored;
  stream.socket().shutdown(tcp::socket::shutdown_both, ignored);
  return {int(response.result_int()), response.body()};
}

int upgrade_status(unsigned short port, const std::string& target) {
  boost::asio::io_context io;
  beast::tcp_stream stream(io);
  stream.connect(tcp::endpoint(boost::asio::ip::make_address("127.0.0.1"), port));
  http::request<http::empty_body> request{http::verb::get, target, 11};
  request.set(http::field::host, "127.0.0.1");
  request.set(http::field::connection, "Upgrade");
  request.set(http::field::upgrade, "websocket");
  request.set(http::field::sec_websocket_key, "dGhlIHNhbXBsZSBub25jZQ==");
  request.set(http::field::sec_websocket_version, "13");
  http::write(stream, request);
  beast::flat_buffer buffer;
  http::response_parser<http::string_body> response;
  response.skip(true);  // a 101 has no body to wait for
  http::read_header(stream, buffer, response);
  beast::error_code ignored;
  stream.socket().shutdown(tcp::socket::shutdown_both, ignored);
  return int(response.get().result_int());
}

WsClient::WsClient(unsigned short port, const std::string& target, int receive_buffer) {
  auto& socket = beast::get_lowest_layer(ws_).socket();
  if (receive_buffer > 0) {
    socket.open(tcp::v4());
    socket.set_option(boost::asio::socket_base::receive_buffer_size(receive_buffer));
  }
  beast::get_lowest_layer(ws_).connect(tcp::endpoint(boost::asio::ip::make_address("127.0.0.1"), port));
  ws_.handshake("127.0.0.1", target);
}

void WsClient::send(const std::string& text) {
  ws_.text(true);
  ws_.write(boost::asio::buffer(text));
}

bool WsClient::try_send(const std::string& text) {
  beast::error_code ec;
  ws_.text(true);
  ws_.write(boost::asio::buffer(text), ec);
  return !ec;
}

std::optional<nlohmann::json> WsClient::read(std::chrono::milliseconds limit) {
  if (closed_) return std::nullopt;
  beast::flat_buffer buffer;
  std::optional<beast::error_code> result;
  ws_.async_read(buffer, [&](beast::error_code ec, std::size_t) { result = ec; });
  io_.restart();
  io_.run_for(limit);
  if (!result) {  // nothing in time: the read is abandoned and so is the connection
    beast::get_lowest_layer(ws_).cancel();
    io_.restart();
    io_.run();
    closed_ = true;
    timed_out_ = true;
    return std::nullopt;
  }
  if (*result) {
    closed_ = true;
    return std::nullopt;
  }
  return nlohmann::json::parse(beast::buffers_to_string(buffer.data()));
}

std::optional<nlohmann::json> WsClient::until(const std::function<bool(const nlohmann::json&)>& wanted,
                                              std::chrono::milliseconds limit) {
  const auto end = std::chrono::steady_clock::now() + limit;
  for (;;) {
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(end - std::chrono::steady_clock::now());
    if (left.count() <= 0) return std::nullopt;
    std::optional<nlohmann::json> message = read(left);
    if (!message) return std::nullopt;
    if (wanted(*message)) return message;
  }
}

void WsClient::close() {
  beast::error_code ignored;
  ws_.close(beast::websocket::close_code::normal, ignored);
  closed_ = true;
}

}  // namespace bh::server::test
