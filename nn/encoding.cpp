// encoding.cpp — MatchView -> input planes (SPEC.md "Input tensor").
#include "nn/encoding.h"

#include <algorithm>
#include <cassert>

#include "core/bitboard.h"

namespace bh {

namespace {

// Fills the 8 x 8 half of `plane` that belongs to one board (column offset 0 or 8).
void fill_half(std::span<float, kInputSize> out, int p, int column0, float value) {
  if (value == 0) return;  // the buffer was cleared
  for (int row = 0; row < kInputHeight; ++row) {
    float* first = out.data() + input_index(p, row, column0);
    std::fill(first, first + 8, value);
  }
}

void fill_plane(std::span<float, kInputSize> out, int p, float value) {
  if (value == 0) return;
  float* first = out.data() + input_index(p, 0, 0);
  std::fill(first, first + kInputSquares, value);
}

void set_square(std::span<float, kInputSize> out, int p, int column0, Square s) {
  out[input_index(p, rank_of(s), column0 + file_of(s))] = 1;
}

void encode_board(const Board& board, const Orientation& o, int column0,
                  std::span<float, kInputSize> out) {
  for (Color real : {White, Black}) {
    const int first = o.color(real) == White ? plane::kWhitePieces : plane::kBlackPieces;
    for (int t = 0; t < kPieceTypes; ++t)
      for (Bitboard b = board.pieces(real, PieceType(t)); b;)
        set_square(out, first + t, column0, o.square(pop_lsb(b)));

    const int reserve = o.color(real) == White ? plane::kWhiteReserve : plane::kBlackReserve;
    for (int t = 0; t < kDroppableTypes; ++t)
      fill_half(out, reserve + t, column0, float(board.reserve(real).count[t]) / kReserveScale[t]);
  }
  for (Bitboard b = board.promoted(); b;) set_square(out, plane::kPromoted, column0, o.square(pop_lsb(b)));

  // Castling rights are named by colour; mirroring swaps the colours, not the wings.
  const CastlingRight rights[4] = {WhiteKingside, WhiteQueenside, BlackKingside, BlackQueenside};
  for (int i = 0; i < 4; ++i) {
    Color real = o.color(i < 2 ? White : Black);
    CastlingRight r = rights[(real == White ? 0 : 2) + i % 2];
    fill_half(out, plane::kCastling + i, column0, board.can_castle(r) ? 1.0f : 0.0f);
  }
  if (board.en_passant() != NoSquare) set_square(out, plane::kEnPassant, column0, o.square(board.en_passant()));
  fill_half(out, plane::kStmWhite, column0, o.color(board.side_to_move()) == White ? 1.0f : 0.0f);
}

float clamp_ratio(double num, double den, double lo, double hi) {
  return den > 0 ? float(std::clamp(num / den, lo, hi)) : 0.0f;
}

}  // namespace

void encode(const MatchView& view, std::span<float, kInputSize> out) {
  const Orientation o = Orientation::of(view.seat);
  assert(view.own_board().side_to_move() == color_of(view.seat) && "the seat must be its board's mover");
  std::fill(out.begin(), out.end(), 0.0f);

  encode_board(view.boards[o.left], o, 0, out);
  encode_board(view.boards[other(o.left)], o, 8, out);
  fill_half(out, plane::kLeftBoard, 0, 1);
  fill_plane(out, plane::kOnes, 1);

  const Seat mover = view.seat;
  const Seat opponent = make_seat(board_of(mover), ~color_of(mover));
  const Seat partner = partner_of(mover);
  const Seat partner_opponent = make_seat(board_of(partner), ~color_of(partner));
  const double initial = double(view.initial_ms);
  auto clock = [&](Seat s) { return double(view.clocks_ms[s]); };
  fill_plane(out, plane::kClockMover, clamp_ratio(clock(mover), initial, 0, kClockMax));
  fill_plane(out, plane::kClockOpponent, clamp_ratio(clock(opponent), initial, 0, kClockMax));
  fill_plane(out, plane::kClockPartner, clamp_ratio(clock(partner), initial, 0, kClockMax));
  fill_plane(out, plane::kClockPartnerOpponent, clamp_ratio(clock(partner_opponent), initial, 0, kClockMax));
  fill_plane(out, plane::kDiagonalMover, clamp_ratio(clock(mover) - clock(partner_opponent), initial, -1, 1));
  fill_plane(out, plane::kDiagonalPartner, clamp_ratio(clock(partner) - clock(opponent), initial, -1, 1));
  fill_plane(out, plane::kOtherThinking,
             clamp_ratio(double(view.other_thinking_ms), kThinkingScaleMs, 0, kThinkingMax));
  fill_plane(out, plane::kMoveLimit, clamp_ratio(view.moves_played, view.move_limit, 0, 1));
  fill_plane(out, plane::kTimeControl, clamp_ratio(initial, kTimeControlScaleMs, 0, kTimeControlMax));
}

}  // namespace bh
