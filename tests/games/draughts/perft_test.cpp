// Draughts perft from the start against the published counts, and the two counts of a capture
// reachable by several jump orders.
#include "games/draughts/perft.hpp"

#include <gtest/gtest.h>

#include <cstdint>

#include "games/draughts/notation.hpp"

namespace minimax::draughts {
namespace {

// The published counts from the start (depths 1-10 here; 11-13 in make check-deep).
constexpr std::uint64_t kStartCounts[] = {7,     49,     302,    1469,    7361,
                                          36768, 179740, 845931, 3963680, 18391564};

TEST(DraughtsPerft, StartPositionToDepthTen) {
  Draughts start;
  for (int depth = 1; depth <= 10; ++depth)
    EXPECT_EQ(perft(start, depth), kStartCounts[depth - 1]) << "depth " << depth;
  EXPECT_EQ(start.to_string(), std::string(kStartFen));
  EXPECT_EQ(start.key(), Draughts().key());
}

TEST(DraughtsPerft, PathsEqualMovesWhereNoCaptureHasTwoOrders) {
  Draughts start;
  EXPECT_EQ(perft_paths(start, 8), kStartCounts[7]);
}

// A white king on 10 in a ring of four black men (15, 14, 23, 22 taken in either order, around
// through 19, 26, 17 back to 10, or the other way); a second ring would not fit.
TEST(DraughtsPerft, KingRingCountsOnceAsAMoveTwiceAsPaths) {
  auto p = parse_fen("W:WK10:B14,15,22,23");
  ASSERT_TRUE(p.ok()) << p.error();
  Draughts::MoveList moves, paths;
  p->generate_moves(moves);
  p->generate_move_paths(paths);
  EXPECT_EQ(perft(*p, 1) + 1, perft_paths(*p, 1));
  EXPECT_EQ(paths.size(), moves.size() + 1);
}

}  // namespace
}  // namespace minimax::draughts
