#pragma once
// Has a side castled? The position keeps no record of past moves, so the machines that score
// castling (Turing's (v), SOMAC's +16/+14) read it from the board: no castling rights left, and
// the king and a rook on the squares castling puts them (Kg1+Rf1, Kc1+Rd1; mirrored for Black).
// A king that castled and walked away no longer counts as castled.
#include "games/chess/position.hpp"

namespace minimax::chess {

enum class Castled { no, kingside, queenside };

inline Castled castled(const Position& pos, Color c) {
  const int rights = c == white ? (white_oo | white_ooo) : (black_oo | black_ooo);
  if (pos.castling_rights() & rights) return Castled::no;
  const int back = c == white ? 0 : 7;
  const Square k = pos.king_square(c);
  const Piece r = make_piece(c, rook);
  if (k == make_square(6, back) && pos.piece_on(make_square(5, back)) == r)
    return Castled::kingside;
  if (k == make_square(2, back) && pos.piece_on(make_square(3, back)) == r)
    return Castled::queenside;
  return Castled::no;
}

}  // namespace minimax::chess
