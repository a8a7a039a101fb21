// server.h — `bughouse serve`'s HTTP and WebSocket server: one Asio io_context on one
// thread accepts connections (http_session.h) and drives every table's referee
// (table.h); computer seats think on their own threads inside the referee. Listens on
// 127.0.0.1 unless told otherwise: a seat token travels in the clear over plain HTTP.
// What a connection may take is bounded (limits.h); stats() says what it holds.
#pragma once

#include <filesystem>
#include <memory>
#include <string>

#include "training/server/connection_gate.h"
#include "training/server/limits.h"
#include "training/server/lobby.h"

namespace bh::server {

struct ServerOptions {
  std::string bind = "127.0.0.1";
  unsigned short port = 8080;  // 0: any free port (port() says which)
  LobbyOptions lobby;
  // max_connections is lowered to what the process's open-file limit allows.
  ConnectionLimits connections;
  // A training run directory whose matches the page replays (run_library.h); empty: none.
  std::filesystem::path run;
  // The folder of the tournaments the server hosts (tournament_desk.h); empty: none.
  std::filesystem::path tournaments;
};

class Server {
 public:
  // Listens at once; throws std::runtime_error naming the address when it cannot, naming
  // the run directory when it is not one that can be read, or a tournament that cannot.
  explicit Server(ServerOptions options);
  ~Server();  // stops and joins the thread of start()
  Server(const Server&) = delete;
  Server& operator=(const Server&) = delete;

  unsigned short port() const;
  // Serves on a thread of its own until stop() (tests).
  void start();
  // Serves on this thread until SIGINT or SIGTERM (the command).
  void run_until_signal();
  void stop();
  // What the server holds now and what it refused or cut so far: while start() serves,
  // from another thread (it waits for the server's thread to answer); before start() or
  // after stop(), from any. Not while run_until_signal() serves.
  ServerStats stats();

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace bh::server
