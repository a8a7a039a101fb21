// types.h — the small value types the rules core speaks: colours, piece types, pieces,
// squares and moves (including drops and the wait action), and the four seats of a match.
// Everything here is a trivially copyable value with constexpr helpers.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

namespace bh {

using Bitboard = std::uint64_t;

enum Color : std::uint8_t { White = 0, Black = 1 };
constexpr Color operator~(Color c) { return Color(c ^ 1); }

// Order matters: the first five are the droppable types and index a Reserve.
enum PieceType : std::uint8_t { Pawn = 0, Knight, Bishop, Rook, Queen, King, NoPieceType };
constexpr int kPieceTypes = 6;
constexpr int kDroppableTypes = 5;

// A piece is colour << 3 | type; NoPiece has the type bits of NoPieceType.
enum Piece : std::uint8_t { NoPiece = NoPieceType };
constexpr Piece make_piece(Color c, PieceType t) { return Piece((c << 3) | t); }
constexpr PieceType type_of(Piece p) { return PieceType(p & 7); }
constexpr Color color_of(Piece p) { return Color(p >> 3); }

// Squares a1 = 0 ... h8 = 63, rank 1 on White's side (core/RULES.md "Notation").
enum Square : std::uint8_t {
  A1, B1, C1, D1, E1, F1, G1, H1,
  A2, B2, C2, D2, E2, F2, G2, H2,
  A3, B3, C3, D3, E3, F3, G3, H3,
  A4, B4, C4, D4, E4, F4, G4, H4,
  A5, B5, C5, D5, E5, F5, G5, H5,
  A6, B6, C6, D6, E6, F6, G6, H6,
  A7, B7, C7, D7, E7, F7, G7, H7,
  A8, B8, C8, D8, E8, F8, G8, H8,
  NoSquare
};
constexpr Square make_square(int file, int rank) { return Square(rank * 8 + file); }
constexpr int file_of(Square s) { return s & 7; }
constexpr int rank_of(Square s) { return s >> 3; }
constexpr bool is_ok(Square s) { return s < NoSquare; }
// The same square seen from the other side of the board (rank mirrored).
constexpr Square flip_rank(Square s) { return Square(s ^ 56); }
// Rank r as seen by colour c: relative_rank(Black, 7) == 0.
constexpr int relative_rank(Color c, int rank) { return c == White ? rank : 7 - rank; }
constexpr Square relative_square(Color c, Square s) { return c == White ? s : flip_rank(s); }
constexpr Bitboard square_bb(Square s) { return Bitboard(1) << s; }

// Castling rights as four bits.
enum CastlingRight : std::uint8_t {
  NoCastling = 0,
  WhiteKingside = 1,
  WhiteQueenside = 2,
  BlackKingside = 4,
  BlackQueenside = 8,
  AllCastling = 15
};

// Where a promoted piece comes from (core/RULES.md "Moves on a board" and "Promotion
// from the reserve"): no promotion, a new piece (FIDE), a piece the promoter holds, or
// none at all while the pawn may still step onto the last rank and stay there.
enum class Promotion : std::uint8_t { Off, Created, FromReserve, Stay };

// A move in 16 bits: to (0-5), from (6-11), kind (12-15). Castling is written as the
// king's move (e1g1); a drop keeps only its target and its piece type in the kind.
// A promotion says only the piece type: whether the piece is created or taken from the
// reserve is the rule set's Promotion, not the move's.
class Move {
 public:
  enum Kind : std::uint8_t {
    Normal = 0,
    EnPassant = 1,
    Castling = 2,
    PromoteKnight = 3,  // PromoteKnight + (type - Knight) for the other promotions
    Unpromoted = 7,     // a pawn onto its last rank that stays a pawn (promotion = reserve)
    DropPawn = 8,       // DropPawn + type for each droppable type
    WaitKind = 15,
  };

  constexpr Move() = default;
  static constexpr Move none() { return Move(); }
  // The wait action: the mover lets its clock run instead of moving (core/RULES.md "Check,
  // mate and waiting"). It is not a board move and never reaches Board::play.
  static constexpr Move wait() { return Move(std::uint16_t(WaitKind << 12)); }
  static constexpr Move normal(Square from, Square to) { return Move(from, to, Normal); }
  static constexpr Move en_passant(Square from, Square to) { return Move(from, to, EnPassant); }
  static constexpr Move castling(Square king_from, Square king_to) {
    return Move(king_from, king_to, Castling);
  }
  static constexpr Move promotion(Square from, Square to, PieceType t) {
    return Move(from, to, Kind(int(PromoteKnight) + int(t) - int(Knight)));
  }
  // A pawn step or capture onto the last rank without promotion: the pawn stays there
  // and never moves again (core/RULES.md "Promotion from the reserve").
  static constexpr Move unpromoted(Square from, Square to) { return Move(from, to, Unpromoted); }
  static constexpr Move drop(PieceType t, Square to) {
    return Move(Square(0), to, Kind(int(DropPawn) + int(t)));
  }
  static constexpr Move from_raw(std::uint16_t raw) { return Move(raw); }

  constexpr Square from() const { return Square((raw_ >> 6) & 63); }
  constexpr Square to() const { return Square(raw_ & 63); }
  constexpr Kind kind() const { return Kind(raw_ >> 12); }
  constexpr bool is_none() const { return raw_ == 0; }
  constexpr bool is_wait() const { return kind() == WaitKind; }
  constexpr bool is_drop() const { return kind() >= DropPawn && kind() < DropPawn + kDroppableTypes; }
  constexpr bool is_promotion() const { return kind() >= PromoteKnight && kind() <= PromoteKnight + 3; }
  constexpr bool is_castling() const { return kind() == Castling; }
  constexpr bool is_en_passant() const { return kind() == EnPassant; }
  constexpr bool is_unpromoted() const { return kind() == Unpromoted; }
  // The dropped piece type (drops) or the promotion piece type (promotions).
  constexpr PieceType drop_type() const { return PieceType(int(kind()) - int(DropPawn)); }
  constexpr PieceType promotion_type() const { return PieceType(int(Knight) + int(kind()) - int(PromoteKnight)); }
  constexpr std::uint16_t raw() const { return raw_; }

  constexpr bool operator==(const Move&) const = default;

 private:
  constexpr explicit Move(std::uint16_t raw) : raw_(raw) {}
  constexpr Move(Square from, Square to, Kind k)
      : raw_(std::uint16_t(to | (from << 6) | (k << 12))) {}
  std::uint16_t raw_ = 0;
};

// The two boards and four seats of a match (core/RULES.md "Table and teams"). A table of
// three or more boards (core/table.h) numbers its boards on from C, and its seats on from
// C-white the same way: two seats a board, White first.
enum BoardId : std::uint8_t { BoardA = 0, BoardB = 1 };
constexpr int kMaxBoards = 8;
constexpr int kMaxSeats = 2 * kMaxBoards;
// The other board of a two-board match.
constexpr BoardId other(BoardId b) { return BoardId(b ^ 1); }
constexpr char board_letter(BoardId b) { return char('A' + b); }

// Seats in the order the protocol and the clocks use: A-white, A-black, B-white, B-black.
enum Seat : std::uint8_t { AWhite = 0, ABlack = 1, BWhite = 2, BBlack = 3 };
constexpr int kSeats = 4;
constexpr Seat make_seat(BoardId b, Color c) { return Seat(int(b) * 2 + int(c)); }
constexpr BoardId board_of(Seat s) { return BoardId(s >> 1); }
constexpr Color color_of(Seat s) { return Color(s & 1); }
// The partner plays the other colour on the other board (two boards).
constexpr Seat partner_of(Seat s) { return make_seat(other(board_of(s)), ~color_of(s)); }

// Team 1 = A-white + B-black, Team 2 = A-black + B-white. Along a row of boards the
// colours alternate: team 1 has White on A, C, E... and Black on B, D, F...
enum Team : std::uint8_t { Team1 = 0, Team2 = 1 };
constexpr Team team_of(BoardId b, Color c) { return Team((int(b) ^ int(c)) & 1); }
constexpr Team team_of(Seat s) { return team_of(board_of(s), color_of(s)); }
constexpr Team operator~(Team t) { return Team(t ^ 1); }

std::string_view seat_name(Seat s);     // "A-white", ..., "C-white" on a larger table
// A seat of a table of `boards` boards from its name, in any case, with '-', '_' or
// nothing between letter and colour ("C-white", "c_white", "cwhite"); nullopt otherwise.
std::optional<Seat> parse_seat_name(std::string_view text, int boards = 2);
std::string_view team_name(Team t);     // "team 1", "team 2"
char piece_char(Piece p);               // 'P', 'n', ...
char piece_type_char(PieceType t);      // upper case: 'P', 'N', ...
std::string_view square_name(Square s); // "e4"

}  // namespace bh
