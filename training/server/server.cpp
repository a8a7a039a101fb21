// server.cpp — the acceptor (with the connection limit), the io_context's thread, and stopping.
#include "training/server/server.h"

#include <sys/resource.h>

#include <algorithm>
#include <future>
#include <optional>
#include <stdexcept>
#include <thread>

#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/post.hpp>
#include <boost/asio/signal_set.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/write.hpp>

#include "training/server/http_session.h"

namespace bh::server {

namespace asio = boost::asio;
using tcp = asio::ip::tcp;

namespace {

// Open files the process keeps for itself beyond its connections (the listening socket,
// an engine's pipes, the checkpoint being read).
constexpr rlim_t kReservedFiles = 64;
// After a failed accept (out of file descriptors) the acceptor rests this long.
constexpr std::chrono::milliseconds kAcceptPause{50};

ConnectionLimits fitted(ConnectionLimits limits) {
  rlimit files{};
  if (::getrlimit(RLIMIT_NOFILE, &files) == 0 && files.rlim_cur != RLIM_INFINITY)
    limits.max_connections = std::min<std::size_t>(limits.max_connections,
                                                   files.rlim_cur > kReservedFiles ? files.rlim_cur - kReservedFiles : 1);
  return limits;
}

// A connection beyond the limit: a short 503, then the close.
void refuse(tcp::socket socket) {
  auto s = std::make_shared<tcp::socket>(std::move(socket));
  static constexpr std::string_view kBusy =
      "HTTP/1.1 503 Service Unavailable\r\nContent-Type: text/plain\r\nContent-Length: 42\r\nConnection: close\r\n\r\n"
      "the server is full: too many connections\r\n";
  asio::async_write(*s, asio::buffer(kBusy.data(), kBusy.size()), [s](boost::system::error_code, std::size_t) {
    boost::system::error_code ignored;
    s->shutdown(tcp::socket::shutdown_both, ignored);
  });
}

}  // namespace

struct Server::Impl {
  // Declared first, destroyed last: the sessions the io_context still holds return their tickets.
  ConnectionGate gate;
  asio::io_context io{1};
  Lobby lobby;
  TournamentDesk desk;  // after the lobby: its tables call into the tournaments
  std::optional<RunLibrary> run;
  tcp::acceptor acceptor{io};
  asio::steady_timer pause{io};
  std::thread thread;

  explicit Impl(ServerOptions options)
      : gate(fitted(options.connections)), lobby(io, options.lobby), desk(options.tournaments, lobby) {
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
      if (ec) return rest();                              // out of file descriptors, say
      // A state message goes out at once, not held back for the previous one's ACK (Nagle
      // with the peer's delayed ACK would hold it up to 40 ms).
      socket.set_option(tcp::no_delay(true), ec);
      if (auto ticket = gate.admit())
        std::make_shared<HttpSession>(std::move(socket), lobby, run ? &*run : nullptr, desk, gate, std::move(*ticket))
            ->run();
      else
        refuse(std::move(socket));
      accept();
    });
  }

  void rest() {
    pause.expires_after(kAcceptPause);
    pause.async_wait([this](boost::system::error_code ec) {
      if (!ec) accept();
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

ServerStats Server::stats() {
  auto read = [this] {
    ServerStats s = impl_->gate.stats();
    s.tables = impl_->lobby.size();
    return s;
  };
  if (!impl_->thread.joinable()) return read();  // nobody else touches the state
  std::packaged_task<ServerStats()> task(read);
  std::future<ServerStats> answer = task.get_future();
  asio::post(impl_->io, [&task] { task(); });
  return answer.get();
}

}  // namespace bh::server
