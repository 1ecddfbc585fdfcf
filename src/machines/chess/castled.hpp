#pragma once
// Has a side castled? The machines that score castling (Turing's (v), SOMAC's +16/+14 and its
// queen rule) ask the game: the position carries, from move to move, which castling moves each
// side has made (Position::castled), so a king that castled and then walked keeps its credit,
// and moving the castled rook does not lose it (Turing 1953: "the actual performance of
// castling"). Only for the position a FEN sets up, which has no record of the moves before it, is
// it read from the board: no castling rights left, and the king and a rook on the squares
// castling puts them (Kg1+Rf1, Kc1+Rd1; mirrored for Black).
#include "games/chess/position.hpp"

namespace minimax::chess {

enum class Castled { no, kingside, queenside };

inline Castled castled(const Position& pos, Color c) {
  const CastlingRight done = pos.castled(c);
  if (done & (white_oo | black_oo)) return Castled::kingside;
  if (done & (white_ooo | black_ooo)) return Castled::queenside;
  return Castled::no;
}

}  // namespace minimax::chess
