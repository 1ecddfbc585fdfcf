#pragma once
// A three-man position (king and one man against a bare king) as the end-game rule programs see
// it: the strong side is always White with its pawn moving up the board, so the rules are written
// once. A real position whose strong side is Black is read with the ranks flipped (a1 <-> a8) and
// the colours swapped; chess is the same game under that change. Castling rights, en passant and
// the fifty-move count play no part in these endings and are not kept.
#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <optional>
#include <string>

#include "games/chess/position.hpp"

namespace minimax::chess::endgame {

// Room for every move of a position (a queen's 27 and a king's 8 at most).
inline constexpr int kMaxMiniMoves = 40;

struct MiniMove {
  Square from = no_square;
  Square to = no_square;
  PieceType promotion = no_piece_type;  // the piece a pawn becomes on the last rank
  bool operator==(const MiniMove&) const = default;
};

struct Mini {
  Square wk = no_square;   // the strong side's king
  Square man = no_square;  // its rook, queen or pawn
  Square bk = no_square;   // the bare king
  PieceType type = rook;   // pawn, rook or queen
  bool white_to_move = true;

  // Squares the strong side attacks (its king and its man, the man's lines running through an
  // empty square where the bare king stands, as they do when that king tries to step along them).
  [[nodiscard]] Bitboard white_attacks() const;
  [[nodiscard]] Bitboard man_attacks() const;  // the man alone, through the bare king
  [[nodiscard]] bool black_in_check() const;
  // Legal, as chess has it: distinct squares, kings apart, no pawn on a back rank, the side not to
  // move not in check.
  [[nodiscard]] bool legal() const;
  // Every legal move, in a fixed order (promotions to queen, rook, bishop, knight), into an
  // array of kMaxMiniMoves.
  int moves(MiniMove out[]) const;
  [[nodiscard]] Mini after(MiniMove m) const;
  // Black to move and mated / stalemated; White stalemated (a pawn blocked, the king hemmed in).
  [[nodiscard]] bool black_mated() const;
  [[nodiscard]] bool stalemate() const;
  // Black to move can take the man (standing beside it, the white king not guarding it).
  [[nodiscard]] bool man_hangs() const;

  // A dense index over 2 x 64 x 64 x 64 (side, white king, bare king, man) for one man type.
  static constexpr std::uint32_t kIndexSize = 2u * 64 * 64 * 64;
  [[nodiscard]] std::uint32_t index() const {
    return ((static_cast<std::uint32_t>(white_to_move ? 0 : 1) * 64 + wk) * 64 + bk) * 64 + man;
  }
  static Mini from_index(std::uint32_t i, PieceType type);
  [[nodiscard]] std::string fen() const;  // as the strong side White
};

// The position read as a Mini, or nullopt when it is not king and one pawn, rook or queen
// against a bare king. `flipped` tells whether the strong side is Black.
struct MiniView {
  Mini mini;
  bool flipped = false;
};
std::optional<MiniView> read_mini(const Position& pos);
// A Mini move back on the real board (flipping the ranks back where the strong side is Black).
Move to_move(const MiniView& view, MiniMove m);

inline int file_distance(Square a, Square b) { return std::abs(file_of(a) - file_of(b)); }
inline int rank_distance(Square a, Square b) { return std::abs(rank_of(a) - rank_of(b)); }
// King moves from a to b on an empty board.
inline int king_distance(Square a, Square b) {
  return std::max(file_distance(a, b), rank_distance(a, b));
}
inline int manhattan(Square a, Square b) { return file_distance(a, b) + rank_distance(a, b); }

}  // namespace minimax::chess::endgame
