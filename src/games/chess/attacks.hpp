#pragma once
// Attack tables: leapers by lookup, sliders by PEXT lookup (BMI2) or a portable ray walk.
// init_attacks() runs during static initialisation (attacks.cpp); the functions are safe to call
// after that. They are inline: move generation and perft call them millions of times a second,
// and a call into another translation unit would cost more than the lookup itself.
#include "games/chess/types.hpp"

// PEXT slider lookup where the CPU has BMI2 and PEXT is fast. AMD Zen 1 and Zen 2 implement PEXT
// in microcode (tens to hundreds of cycles), slower than walking the rays, so they walk the rays.
#if defined(__BMI2__) && !defined(__znver1__) && !defined(__znver2__)
#define MINIMAX_PEXT_SLIDERS 1
#include <immintrin.h>
#endif

namespace minimax::chess {

void init_attacks();

namespace attack_tables {
struct SliderEntry {
  Bitboard mask;          // the squares whose occupancy matters (edges excluded)
  const Bitboard* table;  // indexed by PEXT(occupied, mask)
};
// Leaper tables have an entry for no_square (64): nothing, so that the attacks of an absent
// king are empty rather than undefined.
extern Bitboard pawn[2][65];
extern Bitboard knight[65];
extern Bitboard king[65];
extern Bitboard between[64][64];
extern Bitboard line[64][64];
extern SliderEntry rook[64];
extern SliderEntry bishop[64];
Bitboard rook_ray_walk(Square s, Bitboard occupied);
Bitboard bishop_ray_walk(Square s, Bitboard occupied);
}  // namespace attack_tables

inline Bitboard pawn_attacks(Color c, Square s) { return attack_tables::pawn[c][s]; }
inline Bitboard knight_attacks(Square s) { return attack_tables::knight[s]; }
inline Bitboard king_attacks(Square s) { return attack_tables::king[s]; }

inline Bitboard bishop_attacks(Square s, Bitboard occupied) {
#ifdef MINIMAX_PEXT_SLIDERS
  const auto& e = attack_tables::bishop[s];
  return e.table[_pext_u64(occupied, e.mask)];
#else
  return attack_tables::bishop_ray_walk(s, occupied);
#endif
}

inline Bitboard rook_attacks(Square s, Bitboard occupied) {
#ifdef MINIMAX_PEXT_SLIDERS
  const auto& e = attack_tables::rook[s];
  return e.table[_pext_u64(occupied, e.mask)];
#else
  return attack_tables::rook_ray_walk(s, occupied);
#endif
}

inline Bitboard queen_attacks(Square s, Bitboard occupied) {
  return bishop_attacks(s, occupied) | rook_attacks(s, occupied);
}

// Attacks of a non-pawn piece type from s.
inline Bitboard attacks(PieceType t, Square s, Bitboard occupied) {
  switch (t) {
    case knight:
      return knight_attacks(s);
    case bishop:
      return bishop_attacks(s, occupied);
    case rook:
      return rook_attacks(s, occupied);
    case queen:
      return queen_attacks(s, occupied);
    case king:
      return king_attacks(s);
    default:
      return 0;
  }
}

// Squares strictly between a and b on a line (empty if not aligned).
inline Bitboard between(Square a, Square b) { return attack_tables::between[a][b]; }
// The whole line through a and b (empty if not aligned).
inline Bitboard line(Square a, Square b) { return attack_tables::line[a][b]; }

}  // namespace minimax::chess
