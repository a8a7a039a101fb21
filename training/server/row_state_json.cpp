// row_state_json.cpp — Table (a row) -> the state message of the page.
#include "training/server/row_state_json.h"

#include <algorithm>

#include "core/bpgn.h"
#include "core/fen.h"
#include "core/table_notation.h"

namespace bh::server {

namespace {

nlohmann::json board_json(const bh::Table& row, BoardId b) {
  nlohmann::json last = nullptr, legal = nlohmann::json::array();
  for (const TableEvent& e : row.events())
    if (board_of(e.seat) == b && !e.action.move.is_wait()) last = to_uci(row, b, e.action);
  for (const TableMove& a : row.legal_actions(b)) legal.push_back(to_uci(row, b, a));
  return {{"fen", to_fen(row.board(b))},
          {"mover", std::string(seat_name(row.mover(b)))},
          {"stuck", !row.over() && row.state(b) == BoardState::Stuck},
          {"last", last},
          {"check", check_json(row.board(b))},
          {"legal", legal}};
}

nlohmann::json moves_json(const bh::Table& row) {
  nlohmann::json moves = nlohmann::json::array();
  for (const TableEvent& e : row.events())
    if (!e.action.move.is_wait())
      moves.push_back({{"seat", std::string(seat_name(e.seat))},
                       {"uci", to_uci(row, board_of(e.seat), e.action)},
                       {"time_ms", e.time_ms}});
  return moves;
}

}  // namespace

nlohmann::json row_state_json(const std::string& table, const bh::Table& row, std::int64_t now, bool started,
                              std::span<const SeatStatus> seats) {
  nlohmann::json j = {{"type", "state"},
                      {"table", table},
                      {"started", started},
                      {"clock", row.time_control().to_string()},
                      {"rules", describe_changes(row.rules())},
                      {"moves", moves_json(row)},
                      {"over", row.over()},
                      {"boards", nlohmann::json::array()}};
  for (int b = 0; b < row.boards(); ++b) j["boards"].push_back(board_json(row, BoardId(b)));
  // Before the start and after the end no clock runs.
  const std::int64_t t = started && !row.over() ? std::max(now, row.now()) : row.now();
  for (int s = 0; s < row.seats(); ++s) {
    const Seat seat = Seat(s);
    const std::string name(seat_name(seat));
    j["clocks"][name] = std::max<std::int64_t>(0, row.remaining(seat, t));
    j["reserves"][name] = reserve_letters(row.board(board_of(seat)).reserve(color_of(seat)));
    j["seats"][name] = {{"kind", seat_kind_name(seats[std::size_t(s)].kind)},
                        {"connected", seats[std::size_t(s)].connections}};
  }
  if (row.over()) {
    j["result"] = result_string(row.outcome());
    j["reason"] = row.outcome().describe();
  }
  return j;
}

}  // namespace bh::server
