// board.h — one bughouse board and the two reserves that belong to it: placement as
// bitboards plus a mailbox, promoted-piece flags, side to move, castling, en passant, move
// counters, the pieces each side holds in hand, and an incrementally updated Zobrist key.
//
// Board knows the movement rules of one board. What happens to a captured piece (it goes
// to the partner on the other board, core/RULES.md "Reserves and drops") is the Match's
// business: Board::play reports the capture and forgets it.
#pragma once

#include <array>
#include <cstdint>
#include <string>

#include "core/bitboard.h"
#include "core/types.h"

namespace bh {

// The pieces one side holds in hand, counted per droppable type (P, N, B, R, Q).
struct Reserve {
  std::array<std::uint8_t, kDroppableTypes> count{};

  int operator[](PieceType t) const { return count[t]; }
  int total() const {
    int n = 0;
    for (auto c : count) n += c;
    return n;
  }
  bool empty() const { return total() == 0; }
  bool operator==(const Reserve&) const = default;
};

// What a move took off the board, as the other board will receive it.
struct Capture {
  PieceType type = NoPieceType;  // NoPieceType: nothing was captured
  Color color = White;
  bool promoted = false;         // a promoted piece passes as a pawn (core/RULES.md)
  // A promotion from the reserve took the mover's pawn off the board; it passes to the
  // other board as the mover's pawn (core/RULES.md "Promotion from the reserve").
  bool pawn_given = false;
  explicit operator bool() const { return type != NoPieceType; }
};

// Everything a FEN says, before validation. Board's constructor checks it.
struct BoardSetup {
  std::array<Piece, 64> placement;
  Bitboard promoted = 0;
  std::array<Reserve, 2> reserves{};
  Color side_to_move = White;
  std::uint8_t castling = NoCastling;
  Square en_passant = NoSquare;
  int halfmove_clock = 0;
  int fullmove_number = 1;

  BoardSetup() { placement.fill(NoPiece); }
};

class Board {
 public:
  // The standard start position with empty reserves.
  Board();
  // Throws std::invalid_argument naming what is wrong (kings, promoted pawns or kings,
  // castling rights that the placement contradicts, an impossible en passant square, the
  // side not to move in check, a reserve that holds a king).
  explicit Board(const BoardSetup& setup);

  Piece piece_on(Square s) const { return mailbox_[s]; }
  bool empty(Square s) const { return mailbox_[s] == NoPiece; }
  Bitboard pieces() const { return by_color_[White] | by_color_[Black]; }
  Bitboard pieces(Color c) const { return by_color_[c]; }
  Bitboard pieces(PieceType t) const { return by_type_[t]; }
  Bitboard pieces(Color c, PieceType t) const { return by_color_[c] & by_type_[t]; }
  Bitboard promoted() const { return promoted_; }
  bool is_promoted(Square s) const { return promoted_ & square_bb(s); }
  Square king_square(Color c) const { return lsb(pieces(c, King)); }
  // Pawns standing on their last rank: they never move again, and only the rule
  // promotion = reserve puts them there (core/RULES.md "Promotion from the reserve").
  Bitboard unpromoted_pawns() const {
    return (pieces(White, Pawn) & kRank8) | (pieces(Black, Pawn) & kRank1);
  }

  Color side_to_move() const { return side_; }
  std::uint8_t castling_rights() const { return castling_; }
  bool can_castle(CastlingRight r) const { return castling_ & r; }
  // Set only when a pawn of the side to move attacks it (as Fairy-Stockfish writes FENs).
  Square en_passant() const { return ep_; }
  int halfmove_clock() const { return halfmove_; }
  int fullmove_number() const { return fullmove_; }
  const Reserve& reserve(Color c) const { return reserves_[c]; }
  std::uint64_t key() const { return key_; }

  // Pieces of the side not to move that give check now.
  Bitboard checkers() const { return checkers_; }
  bool in_check() const { return checkers_ != 0; }
  // Pieces of either colour that attack s, given the occupancy `occupied`.
  Bitboard attackers_to(Square s, Bitboard occupied) const;
  Bitboard attackers_to(Square s) const { return attackers_to(s, pieces()); }
  // Pieces (either colour) that alone stand between the king of `c` and an enemy slider.
  Bitboard blockers_for_king(Color c) const;
  // Does the move, made by the side to move, give check? Works for drops too.
  bool gives_check(Move m) const;

  // Plays a legal move of the side to move and returns what it captured. Precondition:
  // the move is legal here (movegen.h) under a rule set whose promotion is `promotion`;
  // `wait` and `none` are not board moves. With Promotion::FromReserve a promotion takes
  // its piece from the mover's reserve and gives the pawn away (Capture::pawn_given).
  Capture play(Move m, Promotion promotion = Promotion::Created);
  // Passes the turn without moving: used by a Match when the mover waits. Does not touch
  // clocks or counters; clears the en passant square (the chance is gone).
  void pass_turn();

  // Reserve changes from outside the board: a piece arriving from the partner's board.
  void add_to_reserve(Color c, PieceType t);
  // Whether the king of `c` has never moved (the option dropped_rook_castles needs it).
  bool king_unmoved(Color c) const { return unmoved_kings_ & (1 << c); }
  // Grants a castling right again (the option dropped_rook_castles, core/RULES.md).
  void grant_castling(CastlingRight r);

  // The setup that reproduces this board exactly (for FEN writing and tests).
  BoardSetup setup() const;
  bool operator==(const Board& o) const;

 private:
  void put_piece(Piece p, Square s, bool promoted);
  Piece remove_piece(Square s);
  void move_piece(Square from, Square to);
  void set_castling(std::uint8_t rights);
  void set_en_passant(Square s);
  void update_checkers();

  std::array<Bitboard, kPieceTypes> by_type_{};
  std::array<Bitboard, 2> by_color_{};
  Bitboard promoted_ = 0;
  Bitboard checkers_ = 0;
  std::uint64_t key_ = 0;
  std::array<Piece, 64> mailbox_;
  std::array<Reserve, 2> reserves_{};
  Color side_ = White;
  std::uint8_t castling_ = NoCastling;
  Square ep_ = NoSquare;
  std::uint8_t unmoved_kings_ = 0;
  std::uint16_t halfmove_ = 0;
  std::uint16_t fullmove_ = 1;
};

}  // namespace bh
