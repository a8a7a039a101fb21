// leave_watch.cpp — deadlines of the seats gone, and the timer of the first.
#include "training/server/leave_watch.h"

#include <algorithm>
#include <string>
#include <vector>

namespace bh::server {

LeaveWatch::LeaveWatch(boost::asio::io_context& io, std::chrono::milliseconds grace, std::function<void(Seat)> left)
    : timer_(io), grace_(grace), left_(std::move(left)) {}

void LeaveWatch::update(const std::array<bool, kSeats>& gone) {
  const auto now = Clock::now();
  for (std::size_t s = 0; s < kSeats; ++s) {
    if (!gone[s]) deadline_[s].reset();
    else if (!deadline_[s]) deadline_[s] = now + grace_;
  }
  arm();
}

nlohmann::json LeaveWatch::json() const {
  nlohmann::json j = nlohmann::json::object();
  const auto now = Clock::now();
  for (std::size_t s = 0; s < kSeats; ++s)
    if (deadline_[s])
      j[std::string(seat_name(Seat(s)))] =
          std::max<std::int64_t>(0, std::chrono::duration_cast<std::chrono::milliseconds>(*deadline_[s] - now).count());
  return j;
}

// The timer waits for the first deadline (none: it rests).
void LeaveWatch::arm() {
  std::optional<Clock::time_point> first;
  for (const auto& d : deadline_)
    if (d && (!first || *d < *first)) first = d;
  if (!first) {
    timer_.cancel();
    return;
  }
  timer_.expires_at(*first);
  timer_.async_wait([this](const boost::system::error_code& ec) {
    if (!ec) expire();
  });
}

// The seats past their deadline are reported once each (the owner's answer may update
// this watch again, so they are collected first).
void LeaveWatch::expire() {
  const auto now = Clock::now();
  std::vector<Seat> past;
  for (std::size_t s = 0; s < kSeats; ++s)
    if (deadline_[s] && *deadline_[s] <= now) {
      deadline_[s].reset();
      past.push_back(Seat(s));
    }
  arm();
  for (const Seat s : past) left_(s);
}

}  // namespace bh::server
