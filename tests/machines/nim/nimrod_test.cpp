// Nimrod (Bowden 1953): the seed's worked example, then every small position against the
// retrograde solver, then 100,000 random positions of Bowden's "universal computer" size against
// Moore's rule.
#include "machines/nim/nimrod.hpp"

#include <gtest/gtest.h>

#include "core/rng.hpp"
#include "games/nim/moore.hpp"
#include "search/retrograde.hpp"

namespace minimax::nim {
namespace {

Nim make(std::vector<int> heaps, int k, bool misere) {
  auto n = Nim::make(heaps, Rules{k, misere});
  EXPECT_TRUE(n.ok());
  return *n;
}

TEST(Nimrod, TheSeedsWorkedExample) {
  Rng rng(1);
  // "Suppose initially that we have four heaps, containing respectively 7, 4, 5 and 2 matches;
  // that k = 2; and that the machine moves first." Case (a), the normal routine: two from A, one
  // from D, leaving 5, 4, 5 and 1.
  Nim first = make({7, 4, 5, 2}, 2, true);
  NimrodDecision d = nimrod_move(first, rng);
  EXPECT_EQ(d.kase, NimrodCase::a);
  ASSERT_TRUE(d.move && d.winning);
  EXPECT_EQ(first.after(*d.move), (std::vector<int>{5, 4, 5, 1}));
  EXPECT_EQ(first.move_to_string(*d.move), "A2 D1");

  // The opponent leaves 0, 4, 2, 1. The seed says three non-unit heaps and empties B and D; there
  // are two (B and C), the case is (b), and the move that leaves r(k+1)+1 = 1 single match empties
  // B and C, leaving 0, 0, 0, 1 (the known slip, seeds/README.md).
  Nim second = make({0, 4, 2, 1}, 2, true);
  d = nimrod_move(second, rng);
  EXPECT_EQ(d.kase, NimrodCase::b);
  ASSERT_TRUE(d.move && d.winning);
  EXPECT_EQ(second.after(*d.move), (std::vector<int>{0, 0, 0, 1}));
  // The seed's own move (empty B and D) leaves 0, 0, 2, 0: a win for the opponent, who takes one
  // from C and leaves the machine the last match.
  EXPECT_FALSE(is_losing_for_mover({0, 0, 2, 0}, Rules{2, true}));
  EXPECT_TRUE(is_losing_for_mover({0, 0, 0, 1}, Rules{2, true}));
}

TEST(Nimrod, TheSeedsFirstIllustration) {
  // 7, 4, 3, 2 with k = 1: column 2 sums to 3. The seed alters D ("say D") and then D again,
  // leaving 7, 4, 3, 0; our first-heap rule alters A, leaving 5, 4, 3, 2. Both leave every column
  // sum even.
  Nim n = make({7, 4, 3, 2}, 1, false);
  auto m = normal_routine(n);
  ASSERT_TRUE(m);
  EXPECT_EQ(n.after(*m), (std::vector<int>{5, 4, 3, 2}));
  EXPECT_TRUE(is_losing_for_mover({7, 4, 3, 0}, Rules{1, false}));
  // And the seed's example of a winning position for k = 1: 5, 7, 3, 1 (column sums 2, 2, 4), which
  // would not be one for k = 3.
  EXPECT_TRUE(is_losing_for_mover({5, 7, 3, 1}, Rules{1, false}));
  EXPECT_FALSE(is_losing_for_mover({5, 7, 3, 1}, Rules{3, false}));
  EXPECT_FALSE(normal_routine(make({5, 7, 3, 1}, 1, false)).has_value());
}

void expect_legal(const Nim& n, const Move& m) {
  Nim::MoveList moves;
  n.generate_moves(moves);
  EXPECT_TRUE(moves.contains(m)) << n.to_string() << " " << n.move_to_string(m);
}

// Nimrod's own limits: up to four heaps of up to seven matches, k = 1..3, both games.
TEST(Nimrod, FindsAWinningMoveExactlyWhenTheSolverSaysWon) {
  Rng rng(1951);
  int positions = 0, won = 0;
  for (bool misere : {false, true}) {
    for (int k = 1; k <= 3; ++k) {
      for (int heaps = 1; heaps <= 4; ++heaps) {
        Nim start = make(std::vector<int>(static_cast<std::size_t>(heaps), 7), k, misere);
        auto solved = search::RetrogradeSolver<Nim>::solve(start);
        ASSERT_TRUE(solved.ok());
        // Walk every position by counting through the sizes.
        std::vector<int> h(static_cast<std::size_t>(heaps), 0);
        for (;;) {
          Nim n = make(h, k, misere);
          const auto label = solved->label(n.key());
          ASSERT_TRUE(label);
          NimrodDecision d = nimrod_move(n, rng);
          ++positions;
          if (n.outcome() != Outcome::none) {
            EXPECT_EQ(d.kase, NimrodCase::d);
            EXPECT_FALSE(d.move);
          } else {
            ASSERT_TRUE(d.move);
            expect_legal(n, *d.move);
            EXPECT_EQ(d.winning, label->value == Outcome::win) << n.to_string() << " k=" << k;
            if (label->value == Outcome::win) {
              ++won;
              Nim after = n;
              after.play(*d.move);
              EXPECT_EQ(solved->label(after.key())->value, Outcome::loss)
                  << n.to_string() << " k=" << k << (misere ? " misere " : " normal ")
                  << n.move_to_string(*d.move);
            }
          }
          int i = 0;
          while (i < heaps && h[static_cast<std::size_t>(i)] == 7)
            h[static_cast<std::size_t>(i++)] = 0;
          if (i == heaps) break;
          ++h[static_cast<std::size_t>(i)];
        }
      }
    }
  }
  // 2 games x 3 values of k x (8 + 64 + 512 + 4096) positions.
  EXPECT_EQ(positions, 2 * 3 * 4680);
  std::printf("[nimrod] %d positions checked against the solver, %d won\n", positions, won);
}

// Bowden's universal-computer limits: up to eight heaps of up to thirty-one matches; k from 1 to
// one less than the number of heaps (the seed: k must be less than the number of heaps).
TEST(Nimrod, HundredThousandRandomPositionsAgainstMooresRule) {
  Rng rng(2024);
  int checked = 0, won = 0;
  while (checked < 100'000) {
    const int heaps = 2 + static_cast<int>(rng.below(7));
    std::vector<int> h(static_cast<std::size_t>(heaps));
    // Half the positions with small heaps, so the misere ending (cases (b), (c)) is exercised.
    const int most = rng.below(2) ? 31 : 2;
    for (auto& x : h) x = static_cast<int>(rng.below(static_cast<std::uint64_t>(most) + 1));
    const int k = 1 + static_cast<int>(rng.below(static_cast<std::uint64_t>(heaps - 1)));
    const bool misere = rng.below(2) == 1;
    Nim n = make(h, k, misere);
    if (n.outcome() != Outcome::none) continue;
    NimrodDecision d = nimrod_move(n, rng);
    ASSERT_TRUE(d.move);
    const Move& m = *d.move;
    ASSERT_GE(m.heaps_altered(), 1);
    ASSERT_LE(m.heaps_altered(), k);
    for (int i = 0; i < heaps; ++i)
      ASSERT_LE(m.take[static_cast<std::size_t>(i)], h[static_cast<std::size_t>(i)]);
    const bool mover_wins = !is_losing_for_mover(h, Rules{k, misere});
    ASSERT_EQ(d.winning, mover_wins) << n.to_string() << " k=" << k;
    if (mover_wins) {
      ++won;
      ASSERT_TRUE(is_losing_for_mover(n.after(m), Rules{k, misere}))
          << n.to_string() << " k=" << k << (misere ? " misere " : " normal ")
          << n.move_to_string(m);
    }
    ++checked;
  }
  std::printf("[nimrod] %d random positions checked against Moore's rule, %d won\n", checked, won);
}

TEST(Nimrod, PlaysThroughThePlayerInterface) {
  NimrodPlayer p(7);
  Nim n = make({7, 4, 5, 2}, 2, true);
  auto t = p.choose(n, Limits{});
  EXPECT_EQ(n.move_to_string(t.move), "A2 D1");
  EXPECT_NE(t.explanation.find("case (a)"), std::string::npos);
}

}  // namespace
}  // namespace minimax::nim
