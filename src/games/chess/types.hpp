#pragma once
// Chess vocabulary: colours, squares, pieces, moves, bitboards.
// Squares are numbered a1 = 0, b1 = 1, ..., h8 = 63 (little-endian rank-file mapping).
#include <bit>
#include <cstdint>
#include <string>

#include "core/side.hpp"

namespace minimax::chess {

using Bitboard = std::uint64_t;

enum Color : std::uint8_t { white = 0, black = 1 };
constexpr Color operator~(Color c) { return Color(c ^ 1); }
constexpr Side to_side(Color c) { return c == white ? Side::first : Side::second; }
constexpr Color to_color(Side s) { return s == Side::first ? white : black; }

enum PieceType : std::uint8_t { no_piece_type = 0, pawn = 1, knight, bishop, rook, queen, king };

// A coloured piece: colour * 8 + type; 0 is an empty square.
enum Piece : std::uint8_t {
  no_piece = 0,
  white_pawn = 1,
  white_knight,
  white_bishop,
  white_rook,
  white_queen,
  white_king,
  black_pawn = 9,
  black_knight,
  black_bishop,
  black_rook,
  black_queen,
  black_king,
};
constexpr Piece make_piece(Color c, PieceType t) { return Piece(c * 8 + t); }
constexpr PieceType type_of(Piece p) { return PieceType(p & 7); }
constexpr Color color_of(Piece p) { return Color(p >> 3); }

enum Square : std::uint8_t {
  a1,
  b1,
  c1,
  d1,
  e1,
  f1,
  g1,
  h1,
  a2,
  b2,
  c2,
  d2,
  e2,
  f2,
  g2,
  h2,
  a3,
  b3,
  c3,
  d3,
  e3,
  f3,
  g3,
  h3,
  a4,
  b4,
  c4,
  d4,
  e4,
  f4,
  g4,
  h4,
  a5,
  b5,
  c5,
  d5,
  e5,
  f5,
  g5,
  h5,
  a6,
  b6,
  c6,
  d6,
  e6,
  f6,
  g6,
  h6,
  a7,
  b7,
  c7,
  d7,
  e7,
  f7,
  g7,
  h7,
  a8,
  b8,
  c8,
  d8,
  e8,
  f8,
  g8,
  h8,
  no_square = 64
};
constexpr Square make_square(int file, int rank) { return Square(rank * 8 + file); }
constexpr int file_of(Square s) { return s & 7; }
constexpr int rank_of(Square s) { return s >> 3; }
// The rank as seen from colour c's side (rank 0 is c's back rank).
constexpr int relative_rank(Color c, Square s) { return c == white ? rank_of(s) : 7 - rank_of(s); }
constexpr Square flip_rank(Square s) { return Square(s ^ 56); }
inline std::string square_name(Square s) {
  return s == no_square ? std::string("-")
                        : std::string{char('a' + file_of(s)), char('1' + rank_of(s))};
}

constexpr Bitboard bb(Square s) { return Bitboard(1) << s; }
inline int popcount(Bitboard b) { return std::popcount(b); }
inline Square lsb(Bitboard b) { return Square(std::countr_zero(b)); }
inline Square msb(Bitboard b) { return Square(63 - std::countl_zero(b)); }
inline Square pop_lsb(Bitboard& b) {
  Square s = lsb(b);
  b &= b - 1;
  return s;
}
constexpr bool more_than_one(Bitboard b) { return (b & (b - 1)) != 0; }

constexpr Bitboard kFileA = 0x0101010101010101ULL;
constexpr Bitboard kRank1 = 0xFFULL;
constexpr Bitboard file_bb(int f) { return kFileA << f; }
constexpr Bitboard rank_bb(int r) { return kRank1 << (8 * r); }

// Castling rights as a 4-bit mask.
enum CastlingRight : std::uint8_t {
  no_castling = 0,
  white_oo = 1,
  white_ooo = 2,
  black_oo = 4,
  black_ooo = 8,
  all_castling = 15,
};
// The castling rights of one side.
constexpr int castling_rights_of(Color c) {
  return c == white ? (white_oo | white_ooo) : (black_oo | black_ooo);
}

// A move in 16 bits: from (6) | to (6) | kind (2) | promotion piece - knight (2).
// Castling is encoded as "king takes own rook" (to = the rook's square), so Chess960 needs no
// special case; notation converts it to e1g1 / O-O for display.
class Move {
 public:
  enum Kind : std::uint16_t { normal = 0, promotion = 1, en_passant = 2, castling = 3 };

  constexpr Move() = default;
  constexpr Move(Square from, Square to, Kind kind = normal, PieceType promo = knight)
      : data_(static_cast<std::uint16_t>(from | (to << 6) | (kind << 12) |
                                         ((promo - knight) << 14))) {}

  static constexpr Move none() { return Move(); }
  // The null move (a pass), used by search; from == to == b1 cannot be a real move.
  static constexpr Move null() { return Move(b1, b1); }

  constexpr Square from() const { return Square(data_ & 63); }
  constexpr Square to() const { return Square((data_ >> 6) & 63); }
  constexpr Kind kind() const { return Kind((data_ >> 12) & 3); }
  constexpr PieceType promotion_piece() const { return PieceType(((data_ >> 14) & 3) + knight); }
  constexpr bool is_promotion() const { return kind() == promotion; }
  constexpr bool is_castling() const { return kind() == castling; }
  constexpr bool is_en_passant() const { return kind() == en_passant; }
  constexpr std::uint16_t raw() const { return data_; }
  static constexpr Move from_raw(std::uint16_t r) {
    Move m;
    m.data_ = r;
    return m;
  }
  constexpr bool is_ok() const { return from() != to(); }
  constexpr explicit operator bool() const { return data_ != 0; }
  constexpr bool operator==(const Move&) const = default;

 private:
  std::uint16_t data_ = 0;
};

}  // namespace minimax::chess
