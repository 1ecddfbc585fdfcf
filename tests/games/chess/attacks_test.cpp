// The slider attack tables (games/chess/attacks.*): every entry of the PEXT tables, as init()
// computes them at start-up, equals the plain ray walk (rook_ray_walk, bishop_ray_walk) for the
// occupancy it stands for; and the lookups agree with the walk on random boards.
#include "games/chess/attacks.hpp"

#include <gtest/gtest.h>

#include <cstdint>

#include "core/rng.hpp"

namespace minimax::chess {
namespace {

#ifdef MINIMAX_PEXT_SLIDERS
// Every subset of each square's mask, looked up where the table keeps it.
std::size_t expect_every_slider_entry(const attack_tables::SliderEntry (&entries)[64],
                                      Bitboard (*walk)(Square, Bitboard), const char* piece) {
  std::size_t checked = 0;
  for (int s = 0; s < 64; ++s) {
    const Bitboard mask = entries[s].mask;
    Bitboard sub = 0;
    do {
      const Bitboard expected = walk(Square(s), sub);
      const Bitboard got = entries[s].table[_pext_u64(sub, mask)];
      if (got != expected) {
        ADD_FAILURE() << piece << " on " << square_name(Square(s)) << ", occupancy " << std::hex
                      << sub << ": table " << got << ", ray walk " << expected;
        return checked;
      }
      ++checked;
      sub = (sub - mask) & mask;
    } while (sub);
  }
  return checked;
}
#endif

TEST(AttackTables, EverySliderEntryEqualsTheRayWalk) {
#ifdef MINIMAX_PEXT_SLIDERS
  EXPECT_EQ(expect_every_slider_entry(attack_tables::rook, attack_tables::rook_ray_walk, "rook"),
            102400u);
  EXPECT_EQ(
      expect_every_slider_entry(attack_tables::bishop, attack_tables::bishop_ray_walk, "bishop"),
      5248u);
#else
  GTEST_SKIP() << "no PEXT tables in this build: the sliders walk their rays";
#endif
}

TEST(AttackTables, LookupsEqualTheRayWalkOnRandomBoards) {
  Rng rng(20261126);
  for (int i = 0; i < 20000; ++i) {
    // Sparse, middling and crowded boards.
    Bitboard occupied = rng.next();
    if (i % 3 == 0) occupied &= rng.next() & rng.next();
    if (i % 3 == 1) occupied |= rng.next();
    for (int s = 0; s < 64; ++s) {
      ASSERT_EQ(rook_attacks(Square(s), occupied),
                attack_tables::rook_ray_walk(Square(s), occupied))
          << square_name(Square(s)) << ' ' << occupied;
      ASSERT_EQ(bishop_attacks(Square(s), occupied),
                attack_tables::bishop_ray_walk(Square(s), occupied))
          << square_name(Square(s)) << ' ' << occupied;
    }
  }
}

}  // namespace
}  // namespace minimax::chess
