// limits.h — what one connection, one table and the whole server may take of `bughouse
// serve` (training/server/README.md "Limits"): abuse by one client (a flood of messages,
// a socket nobody reads, connections that never say anything) is refused or cut on that
// connection alone, so the other tables and connections play on. The defaults suit people
// at a table; tests shorten the times.
#pragma once

#include <chrono>
#include <cstddef>

namespace bh::server {

struct ConnectionLimits {
  // Open TCP connections, HTTP and WebSocket together; one more is answered 503 and closed.
  std::size_t max_connections = 1000;
  // An HTTP connection must send its (next) request within this time, or it is closed.
  std::chrono::milliseconds http_idle{15'000};
  // A WebSocket silent this long is closed; the server pings it after half of it, and an
  // answered ping keeps it open (the page also sends its own pings: table.h's liveness).
  std::chrono::milliseconds ws_idle{30'000};
  // Client messages: a token bucket of `message_burst` refilled at `messages_per_second`.
  // A message beyond it is refused with an error; a client that goes on sending another
  // burst's worth while refused is cut off (an error, then the close).
  double messages_per_second = 10;
  double message_burst = 20;
  // Bytes queued for a client that does not read what it is sent: beyond this the
  // connection is closed at once rather than the queue growing.
  std::size_t max_backlog_bytes = 1 << 20;
};

struct TableLimits {
  int max_spectators = 200;      // WebSocket connections without a seat token, per table
  int max_seat_connections = 4;  // connections per seat token (a person's tabs and devices)
  // A seat's connection that has sent nothing (the page pings every 2 s) for this long
  // counts as lost: the others see the seat's "connected" drop to 0 until it speaks again.
  std::chrono::milliseconds lost_after{6'000};
  // A person whose seat has had no live connection for this long while the match runs
  // loses for the team, "left the table"; coming back sooner, the match goes on. Everyone
  // sees the time left counting down (core/RULES.md "End of the match").
  std::chrono::milliseconds leave_grace{30'000};
  // Partner talk in free text (a seat's "say"): at most this many characters a message,
  // and a seat's own token bucket of `say_burst` refilled at `says_per_second` (a person
  // typing, not a flood; beyond it a message is refused with an error).
  std::size_t max_say_chars = 200;
  double says_per_second = 0.5;
  double say_burst = 5;
};

}  // namespace bh::server
