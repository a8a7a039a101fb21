// state_json.h — a table's state as the JSON the page draws from (training/server/README.md
// "Messages"): both boards as FEN, the four reserves and clocks (ms as of `now`), whose
// move it is on each board, the moves so far in UCI with their times, the seats, the rule
// options that differ from the common form, and the result with the rule that ended the
// match (core's Outcome::describe()).
#pragma once

#include <array>
#include <cstdint>
#include <string>

#include <nlohmann/json.hpp>

#include "core/match.h"

namespace bh::server {

// Who sits at a seat, as the page shows it.
struct SeatStatus {
  enum class Kind { Open, Person, Computer } kind = Kind::Open;
  int connections = 0;  // open WebSocket connections holding the seat's token
};

// What a connection gets for a message that is wrong (to it alone): {"type":"error","message":...}.
nlohmann::json error_json(const std::string& message);

// "PPN": the pieces a seat holds, pawns first (the page draws them in this order).
std::string reserve_letters(const Reserve& reserve);
// "open", "person" or "computer".
const char* seat_kind_name(SeatStatus::Kind kind);
// The square of the mover's king when it is in check (the page marks it), or null.
nlohmann::json check_json(const Board& board);

// Both boards (`fen`, `mover`, `stuck`; `sitting_ms`, how long the mover has sat waiting
// for a piece at time t, or null: training/live/sitting.h; `last`, the board's last move in UCI or null;
// `check`, the square of the mover's king in check or null), the four reserves and the four clocks at match
// time `t` (>= match.now(); the movers' clocks run until then): what the page draws a
// position from, live (state_json) or in a replay (replay_json.h).
nlohmann::json position_json(const Match& match, std::int64_t t);

// `match` at match time `now` (>= match.now()); `started`: the clocks run. Each board
// also carries `legal`: the mover's legal moves in UCI while the match runs (the page
// shows a picked piece's targets from them).
nlohmann::json state_json(const std::string& table, const Match& match, std::int64_t now, bool started,
                          const std::array<SeatStatus, kSeats>& seats);

}  // namespace bh::server
