// leave_watch.h — leaving the table (core/RULES.md "End of the match"; README.md
// "Leaving"): the people whose seats have had no live connection while the match runs,
// each with the moment their team loses unless they come back, and a timer that reports
// the seats past it. Single-threaded, like the table that owns it.
#pragma once

#include <array>
#include <chrono>
#include <functional>
#include <optional>

#include <boost/asio/io_context.hpp>
#include <boost/asio/steady_timer.hpp>
#include <nlohmann/json.hpp>

#include "core/types.h"

namespace bh::server {

class LeaveWatch {
 public:
  using Clock = std::chrono::steady_clock;
  // `left(seat)` is called on the io_context once a seat has been gone for `grace`.
  LeaveWatch(boost::asio::io_context& io, std::chrono::milliseconds grace, std::function<void(Seat)> left);
  ~LeaveWatch() { timer_.cancel(); }
  LeaveWatch(const LeaveWatch&) = delete;
  LeaveWatch& operator=(const LeaveWatch&) = delete;

  // Which seats are gone now: a seat newly gone gets its deadline, a seat back loses it.
  void update(const std::array<bool, kSeats>& gone);
  // {"A-black": ms left, ...} for the seats gone (the table's state "leaving").
  nlohmann::json json() const;

 private:
  void arm();
  void expire();

  boost::asio::steady_timer timer_;
  std::chrono::milliseconds grace_;
  std::function<void(Seat)> left_;
  std::array<std::optional<Clock::time_point>, kSeats> deadline_{};
};

}  // namespace bh::server
