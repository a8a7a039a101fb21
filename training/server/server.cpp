// server.cpp — the acceptor, the io_context's thread, and stopping.
#include "training/server/server.h"

#include <optional>
#include <stdexcept>
#include <thread>

#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/signal_set.hpp>

#include "training/server/http_session.h"

namespace bh::server {

namespace asio = boost::asio;
using tcp = asio::ip::tcp;

struct Server::Impl {
  asio::io_context io{1};
  Lobby lobby;
  std::optional<RunLibrary> run;
  tcp::acceptor acceptor{io};
  std::thread thread;

  explicit Impl(ServerOptions options) : lobby(io, options.lobby) {
    if (!options.run.empty()) run.emplace(options.run, options.lobby.rules);
    const std::string where = options.bind + ":" + std::to_string(options.port);
    try {
      const tcp::endpoint endpoint(asio::ip::make_address(options.bind), options.port);
      acceptor.open(endpoint.protocol());
      acceptor.set_option(asio::socket_base::reuse_address(true));
      acceptor.bind(endpoint);
      acceptor.listen();
    } catch (const boost::system::system_error& e) {
      throw std::runtime_error("cannot listen on " + where + ": " + e.code().message());
    }
    accept();
  }

  void accept() {
    acceptor.async_accept([this](boost::system::error_code ec, tcp::socket socket) {
      if (ec == asio::error::operation_aborted) return;  // stopping
      if (!ec) std::make_shared<HttpSession>(std::move(socket), lobby, run ? &*run : nullptr)->run();
      accept();
    });
  }
};

Server::Server(ServerOptions options) : impl_(std::make_unique<Impl>(std::move(options))) {}

Server::~Server() { stop(); }

unsigned short Server::port() const { return impl_->acceptor.local_endpoint().port(); }

void Server::start() {
  impl_->thread = std::thread([this] { impl_->io.run(); });
}

void Server::run_until_signal() {
  asio::signal_set signals(impl_->io, SIGINT, SIGTERM);
  signals.async_wait([this](const boost::system::error_code&, int) { impl_->io.stop(); });
  impl_->io.run();
}

void Server::stop() {
  impl_->io.stop();
  if (impl_->thread.joinable()) impl_->thread.join();
}

}  // namespace bh::server
