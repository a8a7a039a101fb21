// match_view.cpp — taking a view of a match, and its packed form.
#include "core/match_view.h"

#include <algorithm>
#include <stdexcept>

namespace bh {

namespace {

struct Writer {
  std::span<std::uint8_t, MatchView::kPackedSize> out;
  std::size_t at = 0;
  void u8(std::uint64_t v) { out[at++] = std::uint8_t(v); }
  void u16(std::uint64_t v) { u8(v), u8(v >> 8); }
  void u32(std::uint64_t v) { u16(v), u16(v >> 16); }
  void u64(std::uint64_t v) { u32(v), u32(v >> 32); }
};

struct Reader {
  std::span<const std::uint8_t, MatchView::kPackedSize> in;
  std::size_t at = 0;
  std::uint64_t u8() { return in[at++]; }
  std::uint64_t u16() { std::uint64_t lo = u8(); return lo | u8() << 8; }
  std::uint64_t u32() { std::uint64_t lo = u16(); return lo | u16() << 16; }
  std::uint64_t u64() { std::uint64_t lo = u32(); return lo | u32() << 32; }
};

// Piece codes 0..11 in the nibbles: colour * 6 + type.
void pack_board(const Board& b, Writer& w) {
  Bitboard occ = b.pieces();
  w.u64(occ);
  std::array<std::uint8_t, 32> nibbles{};
  int i = 0;
  for (Bitboard o = occ; o; ++i) {
    Piece p = b.piece_on(pop_lsb(o));
    nibbles[i / 2] |= std::uint8_t((color_of(p) * 6 + type_of(p)) << (4 * (i % 2)));
  }
  for (auto n : nibbles) w.u8(n);
  w.u64(b.promoted());
  for (Color c : {White, Black})
    for (int t = 0; t < kDroppableTypes; ++t) w.u8(b.reserve(c).count[t]);
  w.u8(b.side_to_move());
  w.u8(b.castling_rights());
  w.u8(b.en_passant());
  w.u16(b.halfmove_clock());
  w.u16(b.fullmove_number());
}

Board unpack_board(Reader& r) {
  BoardSetup s;
  Bitboard occ = r.u64();
  std::array<std::uint8_t, 32> nibbles{};
  for (auto& n : nibbles) n = std::uint8_t(r.u8());
  int i = 0;
  for (Bitboard o = occ; o; ++i) {
    int code = (nibbles[i / 2] >> (4 * (i % 2))) & 15;
    if (code >= 12) throw std::invalid_argument("packed view: bad piece code");
    s.placement[pop_lsb(o)] = make_piece(Color(code / 6), PieceType(code % 6));
  }
  s.promoted = r.u64();
  for (Color c : {White, Black})
    for (int t = 0; t < kDroppableTypes; ++t) s.reserves[c].count[t] = std::uint8_t(r.u8());
  std::uint64_t side = r.u8();
  if (side > 1) throw std::invalid_argument("packed view: bad side to move");
  s.side_to_move = Color(side);
  s.castling = std::uint8_t(r.u8() & 15);
  std::uint64_t ep = r.u8();
  if (ep > NoSquare) throw std::invalid_argument("packed view: bad en passant square");
  s.en_passant = Square(ep);
  s.halfmove_clock = int(r.u16());
  s.fullmove_number = int(r.u16());
  return Board(s);  // validates; throws std::invalid_argument
}

}  // namespace

MatchView MatchView::of(const Match& m, Seat s, std::int64_t t) {
  MatchView v;
  v.boards = {m.board(BoardA), m.board(BoardB)};
  for (int i = 0; i < kSeats; ++i) v.clocks_ms[i] = m.remaining(Seat(i), t);
  BoardId other_board = other(board_of(s));
  v.other_thinking_ms = std::max<std::int64_t>(0, t - m.turn_started(other_board));
  v.initial_ms = m.time_control().initial_ms;
  v.moves_played = m.moves_played();
  v.move_limit = m.rules().move_limit;
  v.seat = s;
  return v;
}

void MatchView::pack(std::span<std::uint8_t, kPackedSize> out) const {
  Writer w{out};
  for (const Board& b : boards) pack_board(b, w);
  for (auto c : clocks_ms) w.u32(std::uint32_t(std::clamp<std::int64_t>(c, 0, INT32_MAX)));
  w.u32(std::uint32_t(std::clamp<std::int64_t>(other_thinking_ms, 0, INT32_MAX)));
  w.u32(std::uint32_t(std::clamp<std::int64_t>(initial_ms, 0, INT32_MAX)));
  w.u16(std::uint32_t(moves_played));
  w.u16(std::uint32_t(move_limit));
  w.u8(seat);
  while (w.at < kPackedSize) w.u8(0);
}

MatchView MatchView::unpack(std::span<const std::uint8_t, kPackedSize> in) {
  Reader r{in};
  MatchView v;
  v.boards[0] = unpack_board(r);
  v.boards[1] = unpack_board(r);
  for (auto& c : v.clocks_ms) c = std::int64_t(r.u32());
  v.other_thinking_ms = std::int64_t(r.u32());
  v.initial_ms = std::int64_t(r.u32());
  v.moves_played = std::int32_t(r.u16());
  v.move_limit = std::int32_t(r.u16());
  std::uint64_t seat = r.u8();
  if (seat >= kSeats) throw std::invalid_argument("packed view: bad seat");
  v.seat = Seat(seat);
  return v;
}

bool MatchView::operator==(const MatchView& o) const {
  return boards[0] == o.boards[0] && boards[1] == o.boards[1] && clocks_ms == o.clocks_ms &&
         other_thinking_ms == o.other_thinking_ms && initial_ms == o.initial_ms &&
         moves_played == o.moves_played && move_limit == o.move_limit && seat == o.seat;
}

}  // namespace bh
