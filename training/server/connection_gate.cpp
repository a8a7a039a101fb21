// connection_gate.cpp — admission and the tally.
#include "training/server/connection_gate.h"

#include <algorithm>

namespace bh::server {

std::optional<ConnectionGate::Ticket> ConnectionGate::admit() {
  if (open_ >= limits_.max_connections) {
    count_refused();
    return std::nullopt;
  }
  return Ticket(*this);
}

void ConnectionGate::note_backlog(std::size_t bytes) { stats_.largest_backlog = std::max(stats_.largest_backlog, bytes); }

ServerStats ConnectionGate::stats() const {
  ServerStats s = stats_;
  s.connections = open_;
  return s;
}

}  // namespace bh::server
