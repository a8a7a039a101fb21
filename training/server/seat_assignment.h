// seat_assignment.h — who sits where at a tournament's table (hosted_tournament.h): each
// seat's player by name, a computer's spec or a person. A person's seat is never taken by
// a computer; the match starts once every person is at the table (at once when no person
// plays), and is played once (no rematch).
#pragma once

#include <array>
#include <string>

#include "core/types.h"
#include "training/server/state_json.h"

namespace bh::server {

struct SeatAssignment {
  std::string name;
  std::string computer;  // the spec the table's ComputerFactory makes; "" for a person
  bool person() const { return computer.empty(); }
};
using SeatAssignments = std::array<SeatAssignment, kSeats>;

// The people whose seats nobody has joined yet, as "carol (B-black), dave (A-white)" in
// seat order; "" when everyone is there.
std::string people_missing(const SeatAssignments& assigned, const std::array<SeatStatus, kSeats>& seats);

}  // namespace bh::server
