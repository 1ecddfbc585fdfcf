// The generic search on noughts and crosses, searched to the end of the game.
#include <gtest/gtest.h>

#include <unordered_set>

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

namespace minimax::search {
namespace {

// On every reachable position, minimax, alpha-beta (with and without the table) and iterative
// deepening agree with the retrograde solver's label, and minimax and alpha-beta agree exactly.
TEST(TicTacToeSearch, EverySearchAgreesWithTheSolverEverywhere) {
  TicTacToe empty;
  auto solved = RetrogradeSolver<TicTacToe>::solve(empty);
  ASSERT_TRUE(solved.ok());
  // Rebuild each position by walking the game (the solver keeps keys, not positions).
  std::size_t checked = 0;
  std::unordered_set<std::uint64_t> seen;
  std::vector<TicTacToe> stack{TicTacToe{}};
  TranspositionTable<TicTacToe::Move> tt(1 << 14);
  while (!stack.empty()) {
    TicTacToe t = stack.back();
    stack.pop_back();
    if (!seen.insert(t.key()).second) continue;
    const Label label = *solved->label(t.key());
    const int depth = 9 - t.marks();
    auto mm = minimax(t, depth, NoEstimate{});
    auto ab = alpha_beta(t, depth, NoEstimate{});
    auto abt = alpha_beta(t, depth, NoEstimate{}, NoOrdering{}, &tt);
    auto id = iterative_deepening(t, depth, NoEstimate{});
    EXPECT_EQ(ab.score, mm.score) << t.to_string();
    EXPECT_EQ(abt.score, mm.score) << t.to_string();
    EXPECT_EQ(id.score, mm.score) << t.to_string();
    const Outcome from_score = mm.score > 0   ? Outcome::win
                               : mm.score < 0 ? Outcome::loss
                                              : Outcome::draw;
    EXPECT_EQ(from_score, label.value) << t.to_string();
    if (label.value != Outcome::draw) {
      EXPECT_EQ(plies_to_end(mm.score), label.distance) << t.to_string();
    }
    ++checked;
    TicTacToe::MoveList moves;
    t.generate_moves(moves);
    for (auto m : moves) {
      TicTacToe c = t;
      c.play(m);
      stack.push_back(c);
    }
  }
  EXPECT_EQ(checked, 5'478u);
}

}  // namespace
}  // namespace minimax::search
