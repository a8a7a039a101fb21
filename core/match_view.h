// match_view.h — MatchView: what the seat about to act knows of the match at that moment.
// Both boards with their reserves, the four remaining clocks, how long the other board's
// mover has been thinking (how soon that board will move), and the count towards the move
// limit. It is the input of the network's encoder (nn/) and what a training sample stores
// (packed to a fixed 160-byte record), so the two can never disagree.
#pragma once

#include <array>
#include <cstdint>
#include <span>

#include "core/board.h"
#include "core/match.h"

namespace bh {

struct MatchView {
  std::array<Board, 2> boards;
  std::array<std::int64_t, kSeats> clocks_ms{};  // remaining at the decision, seat order
  std::int64_t other_thinking_ms = 0;            // the other board's mover, thinking so far
  std::int64_t initial_ms = 0;                   // the time control's start (0 = untimed)
  std::int32_t moves_played = 0;                 // on both boards together
  std::int32_t move_limit = 800;
  Seat seat = AWhite;                            // the seat that decides now

  // The view of seat `s` (the mover of its board) at match time t >= match.now().
  static MatchView of(const Match& match, Seat s, std::int64_t t);
  const Board& own_board() const { return boards[board_of(seat)]; }
  const Board& other_board() const { return boards[other(board_of(seat))]; }

  static constexpr std::size_t kPackedSize = 160;
  // A fixed-size little-endian record. Per board (64 bytes): occupancy, one nibble per
  // occupied square (piece code, in square order), promoted mask, reserves, side,
  // castling, en passant, counters. Then clocks (int32 ms) and the rest; zero padding.
  void pack(std::span<std::uint8_t, kPackedSize> out) const;
  // Throws std::invalid_argument if the bytes do not describe a valid view.
  static MatchView unpack(std::span<const std::uint8_t, kPackedSize> in);

  bool operator==(const MatchView& o) const;
};

}  // namespace bh
