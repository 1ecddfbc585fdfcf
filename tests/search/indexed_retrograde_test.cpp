// The indexed retrograde solver on games small enough to know by heart: a subtraction game (take
// 1, 2 or 3 counters, the player who cannot move loses) and a cyclic one whose draws come only
// from the cycle.
#include "search/indexed_retrograde.hpp"

#include <gtest/gtest.h>

namespace minimax::search {
namespace {

using S = IndexedSolution;

// Positions 0..n-1: counters left, the side to move takes 1..3. 0 is lost (no move); n % 4 == 0
// is lost in n / 4 * 2 plies, others won in (n / 4) * 2 + 1. Move n - 1 ... leaves when
// `exits` is set: positions below 4 are "another table" whose values come through outside().
struct Subtraction {
  std::uint64_t n;
  bool exits = false;
  std::uint64_t size() const { return n; }
  template <class Sink>
  bool successors(std::uint64_t i, Sink& sink) const {
    if (exits && i < 4) return false;  // not in this table
    for (std::uint64_t take = 1; take <= 3 && take <= i; ++take) {
      const std::uint64_t j = i - take;
      if (exits && j < 4)
        sink.outside(j == 0 ? Outcome::loss : Outcome::win, j == 0 ? 0 : 1);
      else
        sink.inside(j);
    }
    if (i == 0) sink.terminal(Outcome::loss);
    return true;
  }
  template <class F>
  void predecessors(std::uint64_t i, F&& f) const {
    for (std::uint64_t take = 1; take <= 3; ++take)
      if (i + take < n) f(i + take);
  }
};

TEST(IndexedRetrograde, SubtractionGameIsLostOnMultiplesOfFour) {
  for (bool exits : {false, true}) {
    const Subtraction game{40, exits};
    const auto solved = solve_indexed(game);
    ASSERT_TRUE(solved);
    for (std::uint64_t i = exits ? 4 : 0; i < 40; ++i) {
      if (i % 4 == 0) {
        EXPECT_EQ(solved->value[i], S::kLoss) << i;
        EXPECT_EQ(solved->distance[i], i / 4 * 2) << i;
      } else {
        EXPECT_EQ(solved->value[i], S::kWin) << i;
        EXPECT_EQ(solved->distance[i], i / 4 * 2 + 1) << i;
      }
    }
    EXPECT_EQ(solved->positions, exits ? 36u : 40u);
    EXPECT_EQ(solved->longest_win, 19);
  }
}

// 0 -> 1 -> 2 -> 0 a cycle; 3 -> {0, 4}; 4 terminal loss. 3 wins (to 4); 0, 1, 2 draw forever.
struct Cycle {
  std::uint64_t size() const { return 5; }
  template <class Sink>
  bool successors(std::uint64_t i, Sink& sink) const {
    if (i == 4) sink.terminal(Outcome::loss);
    if (i < 3) sink.inside((i + 1) % 3);
    if (i == 3) {
      sink.inside(0);
      sink.inside(4);
    }
    return true;
  }
  template <class F>
  void predecessors(std::uint64_t i, F&& f) const {
    if (i < 3) f((i + 2) % 3);
    if (i == 0 || i == 4) f(3);
  }
};

TEST(IndexedRetrograde, CyclesWithoutAnEndAreDraws) {
  const auto solved = solve_indexed(Cycle{});
  ASSERT_TRUE(solved);
  EXPECT_EQ(solved->value[3], S::kWin);
  EXPECT_EQ(solved->distance[3], 1);
  EXPECT_EQ(solved->value[4], S::kLoss);
  for (int i = 0; i < 3; ++i) EXPECT_EQ(solved->value[i], S::kDraw) << i;
  EXPECT_EQ(solved->draws, 3u);
}

}  // namespace
}  // namespace minimax::search
