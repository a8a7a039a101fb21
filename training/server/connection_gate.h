// connection_gate.h — the server's count of open connections against its limit
// (limits.h), the per-connection limits every session reads, and the tally of what was
// refused or cut, which Server::stats() reports. A connection holds a Ticket from accept to
// close (HTTP, then its WebSocket). Single-threaded: the io_context's thread only.
#pragma once

#include <cstddef>
#include <optional>

#include "training/server/limits.h"

namespace bh::server {

// What the server holds and what it refused, as of one moment (Server::stats()).
struct ServerStats {
  std::size_t connections = 0;       // open TCP connections (HTTP and WebSocket)
  std::size_t tables = 0;
  std::size_t refused = 0;           // connections refused at a limit (the server's or a table's)
  std::size_t cut_for_flooding = 0;  // connections cut for sending too many messages
  std::size_t cut_for_backlog = 0;   // connections cut for not reading what they were sent
  std::size_t largest_backlog = 0;   // the most bytes ever queued for one connection
};

class ConnectionGate {
 public:
  explicit ConnectionGate(ConnectionLimits limits) : limits_(limits) {}
  ConnectionGate(const ConnectionGate&) = delete;
  ConnectionGate& operator=(const ConnectionGate&) = delete;

  // One open connection, counted until destroyed.
  class Ticket {
   public:
    explicit Ticket(ConnectionGate& gate) : gate_(&gate) { ++gate.open_; }
    Ticket(Ticket&& other) noexcept : gate_(other.gate_) { other.gate_ = nullptr; }
    Ticket& operator=(Ticket&&) = delete;
    ~Ticket() {
      if (gate_) --gate_->open_;
    }

   private:
    ConnectionGate* gate_;
  };

  // A ticket while there is room, nullopt (counted as refused) at the limit.
  std::optional<Ticket> admit();
  const ConnectionLimits& limits() const { return limits_; }

  void count_refused() { ++stats_.refused; }
  void count_cut_for_flooding() { ++stats_.cut_for_flooding; }
  void count_cut_for_backlog() { ++stats_.cut_for_backlog; }
  void note_backlog(std::size_t bytes);
  ServerStats stats() const;

 private:
  ConnectionLimits limits_;
  std::size_t open_ = 0;
  ServerStats stats_;
};

}  // namespace bh::server
