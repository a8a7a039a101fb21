// table_members.h — the connections of one table (training/server/table.h): which seat
// each holds, or that it watches; when each was last heard from, so a seat whose
// connections all fell silent counts as lost (limits.h `lost_after`); how many may join;
// and sending to all of them or to the connections of chosen seats.
//
// Single-threaded, like the table that owns it.
#pragma once

#include <array>
#include <chrono>
#include <functional>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "core/types.h"
#include "training/server/limits.h"
#include "training/server/state_json.h"

namespace bh::server {

class TableClient;

class TableMembers {
 public:
  explicit TableMembers(const TableLimits& limits) : limits_(limits) {}

  void add(const std::shared_ptr<TableClient>& client, std::optional<Seat> seat);
  // Removes `client`, and every connection that is already gone.
  void remove(const TableClient* client);
  bool empty() const { return members_.empty(); }

  // Any message is a sign of life. Returns whether `client` holds a seat (its seat's
  // count may have changed).
  bool heard_from(const TableClient& client);
  // Writes each seat's live connections into `seats` (every seat of the table: four, or
  // two a board of a row); true when a count changed.
  bool recount(std::span<SeatStatus> seats) const;
  // Why one more connection for `seat` (nullopt: a spectator) does not fit, or "".
  std::string why_full(std::optional<Seat> seat) const;

  void broadcast(const std::string& text) const;
  // To the connections of the seats `to` accepts, and to the spectators when `spectators`.
  void send_to_seats(const std::string& text, const std::function<bool(Seat)>& to, bool spectators = false) const;

 private:
  using Clock = std::chrono::steady_clock;
  struct Member {
    std::weak_ptr<TableClient> client;
    const TableClient* key = nullptr;
    std::optional<Seat> seat;
    Clock::time_point heard;  // when it last sent a message (or joined)
  };
  bool live(const Member& m, Clock::time_point now) const;

  const TableLimits& limits_;
  std::vector<Member> members_;
};

}  // namespace bh::server
