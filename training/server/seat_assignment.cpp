// seat_assignment.cpp — the people a tournament's table still waits for.
#include "training/server/seat_assignment.h"

namespace bh::server {

std::string people_missing(const SeatAssignments& assigned, const std::array<SeatStatus, kSeats>& seats) {
  std::string missing;
  for (int s = 0; s < kSeats; ++s) {
    const SeatAssignment& a = assigned[std::size_t(s)];
    if (!a.person() || seats[std::size_t(s)].kind == SeatStatus::Kind::Person) continue;
    missing += (missing.empty() ? "" : ", ") + a.name + " (" + std::string(seat_name(Seat(s))) + ")";
  }
  return missing;
}

}  // namespace bh::server
