// table_impl.h — the inside of a table (table.h), shared by its two halves: table.cpp
// (the match's lifecycle: its start, the referee's timer, its events, the connections
// coming and going) and table_messages.cpp (what a connection may send, by type).
#pragma once

#include <algorithm>
#include <chrono>
#include <map>
#include <stdexcept>

#include <boost/asio/steady_timer.hpp>
#include <nlohmann/json.hpp>

#include "core/bpgn.h"
#include "mcts/partner_player.h"
#include "training/live/live_match.h"
#include "training/server/leave_watch.h"
#include "training/server/partner_talk.h"
#include "training/server/secret_token.h"
#include "training/server/state_json.h"
#include "training/server/table.h"
#include "training/server/table_members.h"
#include "training/server/token_bucket.h"

namespace bh::server {

inline TokenBucket say_bucket(const TableLimits& limits) {
  return TokenBucket(limits.says_per_second, limits.say_burst, TokenBucket::Clock::now());
}

struct Table::Impl {
  using Handler = void (Impl::*)(TableClient&, std::optional<Seat>, const nlohmann::json&);

  boost::asio::steady_timer timer;
  boost::asio::steady_timer liveness;  // runs while the table has connections
  bool watching_liveness = false;
  std::chrono::steady_clock::time_point last_activity = std::chrono::steady_clock::now();
  TableSetup setup;
  ComputerFactory computers;
  LeaveWatch leaving;  // the people gone while the match runs
  TableMembers members{setup.limits};
  std::string id = secret_token();
  std::array<std::string, kSeats> tokens{secret_token(), secret_token(), secret_token(), secret_token()};
  std::array<SeatStatus, kSeats> seats{};
  std::unique_ptr<LiveMatch> live;  // from the start on
  int match_number = 0;             // 1 from the start, 2 after a rematch, ...
  // Each seat's allowance of free text and suggestions (limits.h).
  std::array<TokenBucket, kSeats> say_buckets{say_bucket(setup.limits), say_bucket(setup.limits),
                                              say_bucket(setup.limits), say_bucket(setup.limits)};
  std::string finished_record;      // the BPGN of the match before the one that runs
  std::array<std::string, kSeats> names{};  // the record's player names

  Impl(boost::asio::io_context& io, TableSetup s, ComputerFactory c)
      : timer(io), liveness(io), setup(std::move(s)), computers(std::move(c)),
        leaving(io, setup.limits.leave_grace, [this](Seat seat) { on_left(seat); }) {}

  Match match() const { return live ? live->snapshot() : Match(setup.rules, setup.clock); }
  nlohmann::json state(const Match& m) const;
  void broadcast_state() { members.broadcast(state(match()).dump()); }
  std::string record() const;

  void watch_liveness();
  void track_leavers();
  // The seats' live connections counted again, the people gone following the counts;
  // true when a count changed.
  bool recount() {
    if (!members.recount(seats)) return false;
    track_leavers();
    return true;
  }
  void on_left(Seat seat);
  void receive(TableClient& client, std::optional<Seat> seat, std::string_view text);
  void on_ping(TableClient& client, std::optional<Seat>, const nlohmann::json&);
  void on_move(TableClient&, std::optional<Seat> seat, const nlohmann::json& message);
  void check_ply(Seat s, const std::string& text, const nlohmann::json& message) const;
  void on_tell(TableClient&, std::optional<Seat> seat, const nlohmann::json& message);
  void on_say(TableClient&, std::optional<Seat> seat, const nlohmann::json& message);
  void on_suggest(TableClient&, std::optional<Seat> seat, const nlohmann::json& message);
  void to_partners(Seat from, const nlohmann::json& message) const;
  void send_tell(Seat from, const std::string& text, int moves, const std::string& words = {});
  void on_resign(TableClient&, std::optional<Seat> seat, const nlohmann::json&);
  void on_draw(TableClient&, std::optional<Seat> seat, const nlohmann::json&);
  void on_decline(TableClient&, std::optional<Seat> seat, const nlohmann::json&);
  void on_claim(TableClient&, std::optional<Seat> seat, const nlohmann::json& message);
  void on_start(TableClient&, std::optional<Seat> seat, const nlohmann::json&);
  void on_rematch(TableClient&, std::optional<Seat> seat, const nlohmann::json&);
  void begin();
  void play_match();
  void on_event(const LiveEvent& e);
  void drive();
};

}  // namespace bh::server
