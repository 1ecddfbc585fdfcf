#include "games/chess/attacks.hpp"

#include <array>
#include <vector>

#ifdef __BMI2__
#include <immintrin.h>
#endif

namespace minimax::chess {

namespace {

Bitboard g_pawn[2][64];
Bitboard g_knight[64];
Bitboard g_king[64];
Bitboard g_between[64][64];
Bitboard g_line[64][64];

// Slider lookup: for each square, the relevant occupancy mask and an offset into one shared table.
// With BMI2 the index is PEXT(occupied, mask); without, a slow but portable ray walk is used.
struct SliderEntry {
  Bitboard mask;
  std::uint32_t offset;
};
SliderEntry g_rook[64], g_bishop[64];
std::vector<Bitboard> g_rook_table, g_bishop_table;

constexpr int kRookDirs[4][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};
constexpr int kBishopDirs[4][2] = {{1, 1}, {1, -1}, {-1, 1}, {-1, -1}};

Bitboard ray_attacks(Square s, Bitboard occupied, const int (&dirs)[4][2]) {
  Bitboard result = 0;
  for (const auto& d : dirs) {
    int f = file_of(s) + d[0], r = rank_of(s) + d[1];
    while (f >= 0 && f < 8 && r >= 0 && r < 8) {
      Square t = make_square(f, r);
      result |= bb(t);
      if (occupied & bb(t)) break;
      f += d[0];
      r += d[1];
    }
  }
  return result;
}

Bitboard relevant_mask(Square s, const int (&dirs)[4][2]) {
  Bitboard result = 0;
  for (const auto& d : dirs) {
    int f = file_of(s) + d[0], r = rank_of(s) + d[1];
    // Stop one short of the edge: the edge square's occupancy does not change the attack set.
    while (f + d[0] >= 0 && f + d[0] < 8 && r + d[1] >= 0 && r + d[1] < 8) {
      result |= bb(make_square(f, r));
      f += d[0];
      r += d[1];
    }
  }
  return result;
}

#ifdef __BMI2__
void init_slider(SliderEntry (&entries)[64], std::vector<Bitboard>& table, const int (&dirs)[4][2]) {
  std::uint32_t offset = 0;
  for (int s = 0; s < 64; ++s) {
    entries[s].mask = relevant_mask(Square(s), dirs);
    entries[s].offset = offset;
    offset += 1u << popcount(entries[s].mask);
  }
  table.assign(offset, 0);
  for (int s = 0; s < 64; ++s) {
    Bitboard mask = entries[s].mask, sub = 0;
    do {  // every subset of the mask (Carry-Rippler)
      table[entries[s].offset + _pext_u64(sub, mask)] = ray_attacks(Square(s), sub, dirs);
      sub = (sub - mask) & mask;
    } while (sub);
  }
}
#endif

bool on_board(int f, int r) { return f >= 0 && f < 8 && r >= 0 && r < 8; }

struct Init {
  Init() { init_attacks(); }
};

}  // namespace

void init_attacks() {
  static bool done = false;
  if (done) return;
  done = true;
  constexpr int kKnight[8][2] = {{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}};
  for (int s = 0; s < 64; ++s) {
    int f = file_of(Square(s)), r = rank_of(Square(s));
    g_knight[s] = g_king[s] = g_pawn[white][s] = g_pawn[black][s] = 0;
    for (auto& d : kKnight)
      if (on_board(f + d[0], r + d[1])) g_knight[s] |= bb(make_square(f + d[0], r + d[1]));
    for (int df = -1; df <= 1; ++df)
      for (int dr = -1; dr <= 1; ++dr)
        if ((df || dr) && on_board(f + df, r + dr)) g_king[s] |= bb(make_square(f + df, r + dr));
    for (int df : {-1, 1}) {
      if (on_board(f + df, r + 1)) g_pawn[white][s] |= bb(make_square(f + df, r + 1));
      if (on_board(f + df, r - 1)) g_pawn[black][s] |= bb(make_square(f + df, r - 1));
    }
  }
#ifdef __BMI2__
  init_slider(g_rook, g_rook_table, kRookDirs);
  init_slider(g_bishop, g_bishop_table, kBishopDirs);
#endif
  for (int a = 0; a < 64; ++a)
    for (int b = 0; b < 64; ++b) {
      g_between[a][b] = g_line[a][b] = 0;
      if (a == b) continue;
      for (const auto* dirs : {&kRookDirs, &kBishopDirs}) {
        Bitboard ra = ray_attacks(Square(a), 0, *dirs);
        if (ra & bb(Square(b))) {
          Bitboard rb = ray_attacks(Square(b), 0, *dirs);
          g_line[a][b] = (ra & rb) | bb(Square(a)) | bb(Square(b));
          g_between[a][b] = ray_attacks(Square(a), bb(Square(b)), *dirs) &
                            ray_attacks(Square(b), bb(Square(a)), *dirs);
        }
      }
    }
}

namespace {
const Init g_init;  // tables ready before main()
}

Bitboard pawn_attacks(Color c, Square s) { return g_pawn[c][s]; }
Bitboard knight_attacks(Square s) { return g_knight[s]; }
Bitboard king_attacks(Square s) { return g_king[s]; }

Bitboard bishop_attacks(Square s, Bitboard occupied) {
#ifdef __BMI2__
  return g_bishop_table[g_bishop[s].offset + _pext_u64(occupied, g_bishop[s].mask)];
#else
  return ray_attacks(s, occupied, kBishopDirs);
#endif
}

Bitboard rook_attacks(Square s, Bitboard occupied) {
#ifdef __BMI2__
  return g_rook_table[g_rook[s].offset + _pext_u64(occupied, g_rook[s].mask)];
#else
  return ray_attacks(s, occupied, kRookDirs);
#endif
}

Bitboard attacks(PieceType t, Square s, Bitboard occupied) {
  switch (t) {
    case knight: return knight_attacks(s);
    case bishop: return bishop_attacks(s, occupied);
    case rook: return rook_attacks(s, occupied);
    case queen: return queen_attacks(s, occupied);
    case king: return king_attacks(s);
    default: return 0;
  }
}

Bitboard between(Square a, Square b) { return g_between[a][b]; }
Bitboard line(Square a, Square b) { return g_line[a][b]; }

}  // namespace minimax::chess
