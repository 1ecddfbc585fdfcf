// The generic searches agree with each other at every depth on an estimated evaluation, with any
// move order, and with the solver on Nim; the table carries scores between searches (Samuel's rote
// learning); node limits stop a search cleanly.
#include <gtest/gtest.h>

#include <algorithm>

#include "child_score.hpp"
#include "core/rng.hpp"
#include "games/nim/nim.hpp"
#include "games/tictactoe/tictactoe.hpp"
#include "machines/tictactoe/open_lines.hpp"
#include "search/alpha_beta.hpp"
#include "search/iterative_deepening.hpp"
#include "search/minimax.hpp"
#include "search/retrograde.hpp"

namespace minimax::search {
namespace {

using tictactoe::TicTacToe;

using tictactoe::OpenLines;

struct Reverse {
  void operator()(const TicTacToe&, TicTacToe::MoveList& list, int) const {
    std::reverse(list.begin(), list.end());
  }
};

// A child's score seen from its parent: negated, and a decisive score one ply further away.
using test::score_from_child;

TEST(SearchAgreement, EveryDepthEveryOrderOnAnEstimate) {
  Rng rng(3);
  for (int game = 0; game < 30; ++game) {
    TicTacToe t;
    const int plies = static_cast<int>(rng.below(5));
    for (int i = 0; i < plies && t.outcome() == Outcome::none; ++i) {
      TicTacToe::MoveList moves;
      t.generate_moves(moves);
      t.play(moves[rng.below(moves.size())]);
    }
    for (int depth = 1; depth <= 5; ++depth) {
      auto mm = minimax(t, depth, OpenLines{});
      auto ab = alpha_beta(t, depth, OpenLines{});
      auto rev = alpha_beta(t, depth, OpenLines{}, Reverse{});
      TranspositionTable<TicTacToe::Move> tt(1 << 12);
      auto abt = alpha_beta(t, depth, OpenLines{}, NoOrdering{}, &tt);
      auto id = iterative_deepening(t, depth, OpenLines{});
      EXPECT_EQ(ab.score, mm.score) << t.to_string() << " depth " << depth;
      EXPECT_EQ(rev.score, mm.score) << t.to_string() << " depth " << depth;
      EXPECT_EQ(abt.score, mm.score) << t.to_string() << " depth " << depth;
      if (id.depth == depth) {
        EXPECT_EQ(id.score, mm.score) << t.to_string() << " depth " << depth;
      }
      EXPECT_LE(ab.nodes, mm.nodes);
      // Without pruning, ties aside, both return a move with the root's value.
      if (mm.best) {
        TicTacToe c = t;
        c.play(*ab.best);
        EXPECT_EQ(score_from_child(minimax(c, depth - 1, OpenLines{}).score), mm.score);
        EXPECT_EQ(ab.line.front(), *ab.best);
      }
    }
  }
}

TEST(SearchAgreement, NimAgainstTheSolver) {
  for (bool misere : {false, true}) {
    for (int k : {1, 2}) {
      auto start = nim::Nim::make({3, 3, 2}, nim::Rules{k, misere});
      ASSERT_TRUE(start.ok());
      auto solved = RetrogradeSolver<nim::Nim>::solve(*start);
      ASSERT_TRUE(solved.ok());
      for (int a = 0; a <= 3; ++a)
        for (int b = 0; b <= 3; ++b)
          for (int c = 0; c <= 2; ++c) {
            auto n = nim::Nim::make({a, b, c}, nim::Rules{k, misere});
            auto zero = [](const nim::Nim&) { return 0; };
            const int depth = a + b + c;
            auto ab = alpha_beta(*n, depth, zero);
            auto mm = minimax(*n, depth, zero);
            const Label l = *solved->label(n->key());
            EXPECT_EQ(ab.score, mm.score);
            EXPECT_EQ(ab.score > 0, l.value == Outcome::win);
            EXPECT_EQ(plies_to_end(ab.score), l.distance) << a << b << c;
          }
    }
  }
}

TEST(SearchAgreement, TheTableExtendsTheLookAhead) {
  // Samuel's rote learning (Michie 1966): after a search to the end, the stored backed-up
  // scores answer a new search at once: only the root and its nine replies are visited.
  TicTacToe t;
  TranspositionTable<TicTacToe::Move> tt(1 << 14);
  auto zero = [](const TicTacToe&) { return 0; };
  auto first = alpha_beta(t, 9, zero, NoOrdering{}, &tt);
  auto again = alpha_beta(t, 9, zero, NoOrdering{}, &tt);
  EXPECT_EQ(again.score, first.score);
  EXPECT_LE(again.nodes, 10u);
  // And a one-ply search that meets stored deeper results sees beyond its horizon: from
  // x../o../... X wins in 5 plies; one ply with the estimate alone cannot know it, one ply after a
  // 5-ply search into the same table does.
  auto x = TicTacToe::from_string("x../o../...");
  EXPECT_FALSE(is_decisive(alpha_beta(*x, 1, OpenLines{}).score));
  TranspositionTable<TicTacToe::Move> tt2(1 << 12);
  auto deep = alpha_beta(*x, 5, OpenLines{}, NoOrdering{}, &tt2);
  EXPECT_EQ(plies_to_end(deep.score), 5);
  auto shallow = alpha_beta(*x, 1, OpenLines{}, NoOrdering{}, &tt2);
  EXPECT_TRUE(is_win_score(shallow.score));
  EXPECT_EQ(plies_to_end(shallow.score), 5);
  EXPECT_EQ(shallow.nodes, 1u + 7u);
}

TEST(SearchAgreement, LimitsStopCleanly) {
  TicTacToe t;
  auto zero = [](const TicTacToe&) { return 0; };
  AlphaBeta<TicTacToe, decltype(zero)> ab(zero);
  ab.set_node_limit(100);
  auto r = ab.search(t, 9);
  EXPECT_TRUE(r.stopped);
  EXPECT_LE(r.nodes, 101u);
  EXPECT_EQ(t.to_string(), ".../.../...");  // the game is left as it was
  IterativeDeepening<TicTacToe, OpenLines> id(OpenLines{});
  id.set_node_limit(3000);
  auto d = id.search(t, 9);
  EXPECT_TRUE(d.stopped);
  EXPECT_GE(d.depth, 1);
  ASSERT_TRUE(d.best.has_value());
  EXPECT_EQ(t.to_string(), ".../.../...");
}

TEST(SearchAgreement, IterativeDeepeningReportsEachDepthAndStopsAtAProof) {
  auto x = TicTacToe::from_string("xx./oo./...");
  std::vector<int> depths;
  IterativeDeepening<TicTacToe, OpenLines> id(OpenLines{});
  auto r =
      id.search(*x, 9, [&](const SearchResult<TicTacToe::Move>& s) { depths.push_back(s.depth); });
  EXPECT_EQ(depths, (std::vector<int>{1}));  // a win in one is proved at depth 1
  EXPECT_EQ(r.best->square, 2);
  EXPECT_EQ(plies_to_end(r.score), 1);
}

}  // namespace
}  // namespace minimax::search

namespace minimax::search {
namespace {

TEST(SearchAgreement, AStopBeforeDepthOneStillGivesAMove) {
  tictactoe::TicTacToe t;
  IterativeDeepening<tictactoe::TicTacToe, tictactoe::OpenLines> id(tictactoe::OpenLines{});
  id.set_node_limit(3);
  auto r = id.search(t, 9);
  EXPECT_TRUE(r.stopped);
  EXPECT_EQ(r.depth, 0);
  ASSERT_TRUE(r.best.has_value());
}

}  // namespace
}  // namespace minimax::search
