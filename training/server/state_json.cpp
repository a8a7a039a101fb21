// state_json.cpp — Match -> the state message of the page.
#include "training/server/state_json.h"

#include <algorithm>

#include "core/bpgn.h"
#include "core/fen.h"
#include "core/notation.h"
#include "training/live/sitting.h"

namespace bh::server {

nlohmann::json error_json(const std::string& message) { return {{"type", "error"}, {"message", message}}; }

std::string reserve_letters(const Reserve& r) {
  std::string text;
  for (int t = 0; t < kDroppableTypes; ++t) text.append(std::size_t(r[PieceType(t)]), piece_type_char(PieceType(t)));
  return text;
}

const char* seat_kind_name(SeatStatus::Kind k) {
  static constexpr const char* kNames[] = {"open", "person", "computer"};
  return kNames[int(k)];
}

nlohmann::json check_json(const Board& board) {
  return board.in_check() ? nlohmann::json(std::string(square_name(board.king_square(board.side_to_move())))) : nullptr;
}

namespace {

// The last move played on board b (UCI), or null: the page marks its squares.
nlohmann::json last_move_json(const Match& match, BoardId b) {
  const std::vector<MatchEvent>& events = match.events();
  for (auto e = events.rbegin(); e != events.rend(); ++e)
    if (board_of(e->seat) == b && !e->move.is_wait()) return to_uci(e->move);
  return nullptr;
}

// The mover's legal moves (UCI) while the match runs: the page shows a picked piece's
// targets from them (the server stays the only judge of what is played).
nlohmann::json legal_json(const Match& match, BoardId b) {
  nlohmann::json legal = nlohmann::json::array();
  if (match.over()) return legal;
  for (const Move m : match.legal_moves(b)) legal.push_back(to_uci(m));
  return legal;
}

// How long board b's mover has sat at time t (ms; training/live/sitting.h), or null.
nlohmann::json sitting_json(const Match& match, BoardId b, std::int64_t t) {
  const std::optional<std::int64_t> since = sitting_since(match, b);
  return since ? nlohmann::json(std::max<std::int64_t>(0, t - *since)) : nlohmann::json(nullptr);
}

// Under both_games, how board b's game ended while the other plays on (core/RULES.md "Both
// games played out"), or null: {"result": "1-0" | "0-1" | "1/2-1/2", "reason": words}.
nlohmann::json game_json(const Match& match, BoardId b) {
  if (!match.game_over(b)) return nullptr;
  const GameEnding& g = match.game(b);
  return {{"result", result_string(Outcome{g.result, g.reason, g.seat, g.time_ms})}, {"reason", g.describe()}};
}

nlohmann::json board_json(const Match& match, BoardId b, std::int64_t t) {
  const Board& board = match.board(b);
  return {{"fen", to_fen(board)},
          {"mover", std::string(seat_name(match.mover(b)))},
          {"stuck", !match.over() && match.state(b) == BoardState::Stuck},
          {"sitting_ms", sitting_json(match, b, t)},
          {"last", last_move_json(match, b)},
          {"check", check_json(board)},
          {"game", game_json(match, b)}};
}

nlohmann::json moves_json(const Match& match) {
  nlohmann::json moves = nlohmann::json::array();
  for (const MatchEvent& e : match.events())
    if (!e.move.is_wait())
      moves.push_back({{"seat", std::string(seat_name(e.seat))}, {"uci", to_uci(e.move)}, {"time_ms", e.time_ms}});
  return moves;
}

}  // namespace

nlohmann::json position_json(const Match& match, std::int64_t t) {
  nlohmann::json j = {{"boards", {board_json(match, BoardA, t), board_json(match, BoardB, t)}}};
  for (int s = 0; s < kSeats; ++s) {
    const Seat seat = Seat(s);
    const std::string name(seat_name(seat));
    j["clocks"][name] = std::max<std::int64_t>(0, match.remaining(seat, t));
    j["reserves"][name] = reserve_letters(match.board(board_of(seat)).reserve(color_of(seat)));
  }
  return j;
}

nlohmann::json state_json(const std::string& table, const Match& match, std::int64_t now, bool started,
                          const std::array<SeatStatus, kSeats>& seats) {
  nlohmann::json j = {{"type", "state"},
                      {"table", table},
                      {"started", started},
                      {"clock", match.time_control().to_string()},
                      {"rules", describe_changes(match.rules())},
                      {"moves", moves_json(match)},
                      {"over", match.over()}};
  // Before the start and after the end no clock runs.
  j.update(position_json(match, started && !match.over() ? std::max(now, match.now()) : match.now()));
  for (BoardId b : {BoardA, BoardB}) j["boards"][b]["legal"] = legal_json(match, b);  // live tables only: replays show no targets
  for (int s = 0; s < kSeats; ++s)
    j["seats"][std::string(seat_name(Seat(s)))] = {{"kind", seat_kind_name(seats[std::size_t(s)].kind)},
                                                   {"connected", seats[std::size_t(s)].connections}};
  if (match.over()) {
    j["result"] = result_string(match.outcome());
    j["reason"] = match.outcome().describe();
  }
  return j;
}

}  // namespace bh::server
