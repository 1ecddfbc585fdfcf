#include "games/chess/attacks.hpp"

#ifdef MINIMAX_PEXT_SLIDERS
#include <sys/mman.h>

#include <cstddef>
#include <cstdint>
#endif

namespace minimax::chess {

namespace attack_tables {

Bitboard pawn[2][65];
Bitboard knight[65];
Bitboard king[65];
Bitboard between[64][64];
Bitboard line[64][64];
SliderEntry rook[64];
SliderEntry bishop[64];

namespace {

#ifdef MINIMAX_PEXT_SLIDERS
// 102,400 rook and 5,248 bishop entries: the sum over squares of 2^(relevant squares), 841 KB.
constexpr std::size_t kRookEntries = 0x19000, kBishopEntries = 0x1480;

// Room for both tables. Written in 4 KB pages, they cost 211 page faults at every start of
// minimax: about 3.5 ms on a virtual machine where a fault costs 17 us (measured there, 2026-11);
// so they live in one block aligned to 2 MB that the kernel may back with one huge page
// (madvise(MADV_HUGEPAGE), honoured where transparent huge pages are "always" or "madvise"): one
// fault. Where it is not, they take 4 KB pages as before. The block lives as long as the process.
Bitboard* slider_memory() {
  constexpr std::size_t kHuge = std::size_t{2} << 20;
  static_assert((kRookEntries + kBishopEntries) * sizeof(Bitboard) <= kHuge);
  void* p = mmap(nullptr, 2 * kHuge, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (p == MAP_FAILED) return new Bitboard[kRookEntries + kBishopEntries];
  const auto start = reinterpret_cast<std::uintptr_t>(p), end = start + 2 * kHuge;
  const auto aligned = (start + kHuge - 1) & ~(kHuge - 1);
  if (aligned > start) munmap(p, aligned - start);  // the slack on either side
  if (end > aligned + kHuge)
    munmap(reinterpret_cast<void*>(aligned + kHuge), end - aligned - kHuge);
  madvise(reinterpret_cast<void*>(aligned), kHuge, MADV_HUGEPAGE);
  return reinterpret_cast<Bitboard*>(aligned);
}
#endif

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

#ifdef MINIMAX_PEXT_SLIDERS
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

// The slider tables, computed direction by direction rather than by walking every entry's rays
// square by square: at every start of minimax the walk took about 1 ms, this takes 0.3 ms
// (measured on the 2-core development machine, tables already in memory). Along one direction a
// slider attacks the ray up to and including the first occupied square, the nearest one: the
// lowest-numbered where the direction raises the square's number, the highest where it lowers it;
// the squares behind that blocker are the blocker's own ray in the same direction. The entries
// equal ray_attacks's, entry for entry (tests/games/chess/attacks_test.cpp checks every one).
void init_slider(SliderEntry (&entries)[64], Bitboard* table, const int (&dirs)[4][2]) {
  Bitboard rays[64][4];  // from each square along each direction to the edge, itself excluded
  bool up[4];            // whether the direction raises the square's number
  for (int i = 0; i < 4; ++i) {
    up[i] = dirs[i][0] + 8 * dirs[i][1] > 0;
    for (int s = 0; s < 64; ++s) {
      rays[s][i] = 0;
      for (int f = file_of(Square(s)) + dirs[i][0], r = rank_of(Square(s)) + dirs[i][1];
           f >= 0 && f < 8 && r >= 0 && r < 8; f += dirs[i][0], r += dirs[i][1])
        rays[s][i] |= bb(make_square(f, r));
    }
  }
  std::size_t offset = 0;
  for (int s = 0; s < 64; ++s) {
    entries[s].mask = relevant_mask(Square(s), dirs);
    entries[s].table = table + offset;
    offset += std::size_t{1} << popcount(entries[s].mask);
  }
  for (int s = 0; s < 64; ++s) {
    const Bitboard mask = entries[s].mask;
    Bitboard* out = const_cast<Bitboard*>(entries[s].table);
    Bitboard sub = 0;
    do {  // every subset of the mask (Carry-Rippler)
      Bitboard attack = 0;
      for (int i = 0; i < 4; ++i) {
        // With no blocker, the corner the ray runs toward (h8 or a1) stands in: nothing lies
        // beyond it, so the whole ray is kept (and no branch mispredicted).
        const Bitboard ray = rays[s][i], blockers = ray & sub;
        const Square first = up[i] ? lsb(blockers | bb(h8)) : msb(blockers | bb(a1));
        attack |= ray ^ rays[first][i];
      }
      out[_pext_u64(sub, mask)] = attack;
      sub = (sub - mask) & mask;
    } while (sub);
  }
}
#endif

bool on_board(int f, int r) { return f >= 0 && f < 8 && r >= 0 && r < 8; }

}  // namespace

Bitboard rook_ray_walk(Square s, Bitboard occupied) { return ray_attacks(s, occupied, kRookDirs); }
Bitboard bishop_ray_walk(Square s, Bitboard occupied) {
  return ray_attacks(s, occupied, kBishopDirs);
}

void init() {
  constexpr int kKnight[8][2] = {{1, 2},   {2, 1},   {2, -1}, {1, -2},
                                 {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}};
  for (int s = 0; s < 64; ++s) {
    int f = file_of(Square(s)), r = rank_of(Square(s));
    knight[s] = king[s] = pawn[white][s] = pawn[black][s] = 0;
    for (auto& d : kKnight)
      if (on_board(f + d[0], r + d[1])) knight[s] |= bb(make_square(f + d[0], r + d[1]));
    for (int df = -1; df <= 1; ++df)
      for (int dr = -1; dr <= 1; ++dr)
        if ((df || dr) && on_board(f + df, r + dr)) king[s] |= bb(make_square(f + df, r + dr));
    for (int df : {-1, 1}) {
      if (on_board(f + df, r + 1)) pawn[white][s] |= bb(make_square(f + df, r + 1));
      if (on_board(f + df, r - 1)) pawn[black][s] |= bb(make_square(f + df, r - 1));
    }
  }
#ifdef MINIMAX_PEXT_SLIDERS
  static Bitboard* const slider_tables = slider_memory();
  init_slider(rook, slider_tables, kRookDirs);
  init_slider(bishop, slider_tables + kRookEntries, kBishopDirs);
#endif
  // between and line: from each square along each of the eight directions, the squares passed
  // so far lie between it and the next, and the whole line through both is the two rays.
  for (int a = 0; a < 64; ++a)
    for (int b = 0; b < 64; ++b) between[a][b] = line[a][b] = 0;
  constexpr int kDirs[8][2] = {{1, 0}, {-1, 0}, {0, 1},  {0, -1},
                               {1, 1}, {1, -1}, {-1, 1}, {-1, -1}};
  for (int a = 0; a < 64; ++a) {
    const int fa = file_of(Square(a)), ra = rank_of(Square(a));
    for (const auto& d : kDirs) {
      Bitboard full = bb(Square(a));
      for (const int sign : {1, -1})
        for (int f = fa + sign * d[0], r = ra + sign * d[1]; on_board(f, r);
             f += sign * d[0], r += sign * d[1])
          full |= bb(make_square(f, r));
      Bitboard passed = 0;
      for (int f = fa + d[0], r = ra + d[1]; on_board(f, r); f += d[0], r += d[1]) {
        const Square b = make_square(f, r);
        between[a][b] = passed;
        line[a][b] = full;
        passed |= bb(b);
      }
    }
  }
}

}  // namespace attack_tables

void init_attacks() {
  static bool done = false;
  if (done) return;
  done = true;
  attack_tables::init();
}

namespace {
struct Init {
  Init() { init_attacks(); }
};
const Init g_init;  // tables ready before main()
}  // namespace

}  // namespace minimax::chess
