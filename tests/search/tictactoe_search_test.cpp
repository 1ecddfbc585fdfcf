// The generic search on noughts and crosses, searched to the end of the game.
#include <gtest/gtest.h>

#include "games/tictactoe/tictactoe.hpp"
#include "search/alpha_beta.hpp"
#include "search/iterative_deepening.hpp"
#include "search/minimax.hpp"
#include "search/retrograde.hpp"

namespace minimax::search {
namespace {

using tictactoe::TicTacToe;

// Nothing is estimated in a whole-game search: every leaf is a finished game.
struct NoEstimate {
  int operator()(const TicTacToe&) const { return 0; }
};

TEST(TicTacToeSearch, MinimaxVisitsTheWholeTree) {
  TicTacToe t;
  auto r = minimax(t, 9, NoEstimate{});
  EXPECT_EQ(r.score, 0);  // a draw
  // The complete game tree of noughts and crosses has 549,946 nodes (the empty board, 9 positions
  // after one move, 72 after two, ..., 127,872 finished after nine) — a published count.
  EXPECT_EQ(r.nodes, 549'946u);
}

TEST(TicTacToeSearch, AlphaBetaAgreesWithMinimaxWithFewerNodes) {
  TicTacToe t;
  auto ab = alpha_beta(t, 9, NoEstimate{});
  EXPECT_EQ(ab.score, 0);
  EXPECT_LT(ab.nodes, 549'946u);
  TranspositionTable<TicTacToe::Move> tt(1 << 14);
  auto abt = alpha_beta(t, 9, NoEstimate{}, NoOrdering{}, &tt);
  EXPECT_EQ(abt.score, 0);
  EXPECT_LT(abt.nodes, ab.nodes);
  std::printf("alpha-beta %llu, with table %llu\n", (unsigned long long)ab.nodes,
              (unsigned long long)abt.nodes);
  auto id = iterative_deepening(t, 9, NoEstimate{});
  EXPECT_EQ(id.score, 0);
}

TEST(TicTacToeSearch, RetrogradeCountsPositionsAndGames) {
  TicTacToe t;
  auto solved = RetrogradeSolver<TicTacToe>::solve(t);
  ASSERT_TRUE(solved.ok());
  EXPECT_EQ(solved->positions(), 5'478u);
  EXPECT_EQ(solved->count_games(), 255'168u);
  EXPECT_EQ(solved->root().value, Outcome::draw);
}

}  // namespace
}  // namespace minimax::search
