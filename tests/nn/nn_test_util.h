// nn_test_util.h — what the nn tests share: decision points built from the perft EPD
// positions, the colour mirror of a board (an independent way to state the flip the
// encoder and the policy map must respect), and tiny random networks whose batch-norm
// statistics are not the identity (so folding is really exercised).
#pragma once

#include <random>
#include <vector>

#include <torch/nn/module.h>
#include <torch/nn/modules/batchnorm.h>

#include "core/fen.h"
#include "core/match_view.h"
#include "core/movegen.h"
#include "core/perft.h"
#include "nn/model.h"
#include "tests/core/test_data.h"

namespace bh::test {

// Small enough for the whole suite to stay fast on two cores; SE on to cover it.
inline NetConfig tiny_config(bool se = true) { return {2, 16, se, 4, 2, 16}; }

inline std::vector<Board> epd_boards() {
  std::vector<Board> out;
  for (const auto& e : read_epd_file(data_path("bughouse_perft.epd"))) out.push_back(parse_fen(e.fen));
  return out;
}

// The same board with colours swapped and ranks mirrored: White's pieces become Black's
// on the mirrored squares, reserves and castling rights swap owners.
inline Board mirror(const Board& b) {
  BoardSetup s;
  for (int sq = 0; sq < 64; ++sq) {
    Piece p = b.piece_on(Square(sq));
    if (p != NoPiece) s.placement[flip_rank(Square(sq))] = make_piece(~color_of(p), type_of(p));
    if (b.is_promoted(Square(sq))) s.promoted |= square_bb(flip_rank(Square(sq)));
  }
  s.reserves[White] = b.reserve(Black);
  s.reserves[Black] = b.reserve(White);
  s.side_to_move = ~b.side_to_move();
  const std::uint8_t c = b.castling_rights();
  s.castling = std::uint8_t(((c & 3) << 2) | ((c >> 2) & 3));
  s.en_passant = b.en_passant() == NoSquare ? NoSquare : flip_rank(b.en_passant());
  s.halfmove_clock = b.halfmove_clock();
  s.fullmove_number = b.fullmove_number();
  return Board(s);
}

inline Move mirror(Move m) {
  if (m.is_wait() || m.is_none()) return m;
  if (m.is_drop()) return Move::drop(m.drop_type(), flip_rank(m.to()));
  return Move::from_raw(std::uint16_t((m.raw() & 0xF000) | (flip_rank(m.from()) << 6) | flip_rank(m.to())));
}

// The match seen after exchanging the boards' names (seat (b, c) becomes (other b, c)).
inline MatchView swap_boards(const MatchView& v) {
  MatchView w = v;
  w.boards = {v.boards[1], v.boards[0]};
  for (int s = 0; s < kSeats; ++s)
    w.clocks_ms[make_seat(other(board_of(Seat(s))), color_of(Seat(s)))] = v.clocks_ms[s];
  w.seat = make_seat(other(board_of(v.seat)), color_of(v.seat));
  return w;
}

// The match with both boards colour-mirrored (seat (b, c) becomes (b, ~c)).
inline MatchView mirror_colours(const MatchView& v) {
  MatchView w = v;
  w.boards = {mirror(v.boards[0]), mirror(v.boards[1])};
  for (int s = 0; s < kSeats; ++s) w.clocks_ms[make_seat(board_of(Seat(s)), ~color_of(Seat(s)))] = v.clocks_ms[s];
  w.seat = make_seat(board_of(v.seat), ~color_of(v.seat));
  return w;
}

// Decision points: EPD boards paired up, the deciding seat alternating between the two
// boards, clocks and counters varied so every plane sees several values.
inline std::vector<MatchView> sample_views(std::size_t count) {
  const auto boards = epd_boards();
  std::vector<MatchView> out;
  std::mt19937 rng(7);
  for (std::size_t i = 0; out.size() < count; ++i) {
    MatchView v;
    v.boards = {boards[(2 * i) % boards.size()], boards[(2 * i + 7) % boards.size()]};
    const BoardId b = BoardId(i % 2);
    v.seat = make_seat(b, v.boards[b].side_to_move());
    v.initial_ms = i % 5 == 4 ? 0 : 180'000;
    for (auto& c : v.clocks_ms) c = std::uniform_int_distribution<std::int64_t>(0, 200'000)(rng);
    v.other_thinking_ms = std::uniform_int_distribution<std::int64_t>(0, 40'000)(rng);
    v.moves_played = std::int32_t(i * 13 % 800);
    out.push_back(v);
  }
  return out;
}

// The deciding seat's legal moves plus the wait action, as the search would ask.
inline std::vector<Move> actions_of(const MatchView& v) {
  std::vector<Move> out;
  for (Move m : legal_moves(v.own_board(), RuleSet{})) out.push_back(m);
  out.push_back(Move::wait());
  return out;
}

// A tiny network with random weights and random batch-norm parameters and statistics.
inline Network random_network(const NetConfig& config, std::uint64_t seed) {
  torch::manual_seed(seed);
  Network net(config);
  torch::NoGradGuard no_grad;
  for (auto& m : net->modules(false)) {
    if (auto* bn = m->as<torch::nn::BatchNorm2dImpl>()) {
      bn->weight.uniform_(0.5, 1.5);
      bn->bias.uniform_(-0.2, 0.2);
      bn->running_mean.uniform_(-0.3, 0.3);
      bn->running_var.uniform_(0.5, 2.0);
    }
  }
  net->eval();
  return net;
}

}  // namespace bh::test
