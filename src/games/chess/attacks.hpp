#pragma once
// Attack tables: leapers by lookup, sliders by magic (or PEXT) lookup. init_attacks() is called
// once by Position's static initialisation; the functions are safe to call after that.
#include "games/chess/types.hpp"

namespace minimax::chess {

void init_attacks();

Bitboard pawn_attacks(Color c, Square s);
Bitboard knight_attacks(Square s);
Bitboard king_attacks(Square s);
Bitboard bishop_attacks(Square s, Bitboard occupied);
Bitboard rook_attacks(Square s, Bitboard occupied);
inline Bitboard queen_attacks(Square s, Bitboard occupied) {
  return bishop_attacks(s, occupied) | rook_attacks(s, occupied);
}
// Attacks of a non-pawn piece type from s.
Bitboard attacks(PieceType t, Square s, Bitboard occupied);
// Squares strictly between a and b on a line (empty if not aligned).
Bitboard between(Square a, Square b);
// The whole line through a and b (empty if not aligned).
Bitboard line(Square a, Square b);

}  // namespace minimax::chess
