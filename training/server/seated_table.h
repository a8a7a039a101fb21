// seated_table.h — what the lobby, the connections and the routes of `bughouse serve` see
// of a table: seats held by secret tokens, connections that join, leave and send messages
// (training/server/README.md "Messages"), a match that starts, runs and leaves a record.
// Two kinds of table: Table (two boards, table.h) and RowTable (a row of three or more
// boards, row_table.h; core/RULES.md "Three or more boards").
//
// Single-threaded: every call comes from the server's io_context thread.
#pragma once

#include <chrono>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "core/types.h"

namespace bh::server {

// A connection a table talks to (a WebSocket session).
class TableClient {
 public:
  virtual ~TableClient() = default;
  virtual void send(std::string text) = 0;
};

class SeatedTable {
 public:
  virtual ~SeatedTable() = default;

  virtual const std::string& id() const = 0;
  // Seats in seat order: four, or two a board of a row.
  virtual int seats() const = 0;
  virtual const std::string& token(Seat seat) const = 0;
  // The seat whose token this is, or nullopt.
  virtual std::optional<Seat> seat_of(std::string_view token) const = 0;
  // Why one more connection for `seat` (nullopt: a spectator) does not fit (limits.h), or
  // "" when it does.
  virtual std::string why_full(std::optional<Seat> seat) const = 0;

  // A connection for `seat` (a person claims it) or a spectator (nullopt); it gets a
  // welcome naming its seat and the state at once.
  virtual void join(const std::shared_ptr<TableClient>& client, std::optional<Seat> seat) = 0;
  virtual void leave(const TableClient* client) = 0;
  // A message from a connection (JSON text).
  virtual void receive(TableClient& client, std::optional<Seat> seat, std::string_view text) = 0;

  // Starts the match now, the computer in every seat no person holds. Throws
  // std::invalid_argument if it has started or a computer cannot be made.
  virtual void start() = 0;
  virtual bool over() const = 0;
  // Whether a match of this table has finished, and its record (BPGN with clock stamps);
  // bpgn() throws std::logic_error until a match is over.
  virtual bool has_record() const = 0;
  virtual std::string bpgn() const = 0;

  // What the lobby's sweep looks at (lobby.h).
  virtual bool has_connections() const = 0;
  virtual bool started() const = 0;
  virtual bool running() const = 0;
  virtual std::chrono::steady_clock::time_point last_activity() const = 0;
};

}  // namespace bh::server
