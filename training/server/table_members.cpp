// table_members.cpp — connections, their liveness and what goes to them.
#include "training/server/table_members.h"

#include <algorithm>

#include "training/server/table.h"

namespace bh::server {

void TableMembers::add(const std::shared_ptr<TableClient>& client, std::optional<Seat> seat) {
  members_.push_back({client, client.get(), seat, Clock::now()});
}

void TableMembers::remove(const TableClient* client) {
  std::erase_if(members_, [client](const Member& m) { return m.key == client || m.client.expired(); });
}

bool TableMembers::heard_from(const TableClient& client) {
  const auto it = std::find_if(members_.begin(), members_.end(), [&](const Member& m) { return m.key == &client; });
  if (it == members_.end()) return false;
  it->heard = Clock::now();
  return it->seat.has_value();
}

bool TableMembers::live(const Member& m, Clock::time_point now) const {
  return !m.client.expired() && now - m.heard < limits_.lost_after;
}

bool TableMembers::recount(std::span<SeatStatus> seats) const {
  std::array<int, kMaxSeats> counts{};
  const auto now = Clock::now();
  for (const Member& m : members_)
    if (m.seat && live(m, now)) ++counts[*m.seat];
  bool changed = false;
  for (std::size_t s = 0; s < seats.size(); ++s) {
    changed = changed || seats[s].connections != counts[s];
    seats[s].connections = counts[s];
  }
  return changed;
}

std::string TableMembers::why_full(std::optional<Seat> seat) const {
  const int limit = seat ? limits_.max_seat_connections : limits_.max_spectators;
  const auto here = std::count_if(members_.begin(), members_.end(),
                                  [&](const Member& m) { return m.seat == seat && !m.client.expired(); });
  if (here < limit) return "";
  return seat ? "the seat " + std::string(seat_name(*seat)) + " has " + std::to_string(limit) + " connections, its limit"
              : "the table has " + std::to_string(limit) + " spectators, its limit";
}

void TableMembers::broadcast(const std::string& text) const {
  for (const Member& m : members_)
    if (auto c = m.client.lock()) c->send(text);
}

void TableMembers::send_to_seats(const std::string& text, const std::function<bool(Seat)>& to, bool spectators) const {
  for (const Member& m : members_)
    if (m.seat ? to(*m.seat) : spectators)
      if (auto c = m.client.lock()) c->send(text);
}

}  // namespace bh::server
