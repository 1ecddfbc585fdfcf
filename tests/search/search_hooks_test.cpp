// The core's hooks (search/hooks.hpp) do what they say, on noughts and crosses and Nim: a terminal
// hook scores the ends its own way (or plays on), a horizon hook stops where it says, a selection
// hook searches only the moves it keeps and may stand on the evaluation, `previous` is the move
// that led to the node, a machine may score in doubles, and root_values gives every move near the
// best its exact value. Alpha-beta with hooks returns what a plain negamax with the same rules
// returns, never visiting more nodes.
#include <gtest/gtest.h>

#include <algorithm>
#include <optional>
#include <vector>

#include "child_score.hpp"
#include "core/rng.hpp"
#include "games/nim/nim.hpp"
#include "games/tictactoe/tictactoe.hpp"
#include "machines/tictactoe/open_lines.hpp"
#include "search/alpha_beta.hpp"
#include "search/iterative_deepening.hpp"
#include "search/minimax.hpp"

namespace minimax::search {
namespace {

using tictactoe::Move;
using tictactoe::OpenLines;
using tictactoe::TicTacToe;

// A plain negamax (no pruning) that follows the hooks' rules as hooks.hpp states them.
template <class G, class Eval, class Hooks>
auto reference(G& game, int depth, int ply, const typename G::Move* previous, Eval& eval,
               Hooks& hooks, std::uint64_t& nodes) -> score_of<Hooks> {
  using Score = score_of<Hooks>;
  ++nodes;
  if (auto end = hooks.terminal(game, ply)) return *end;
  if (hooks.horizon(game, depth, ply)) return eval(game, ply);
  typename G::MoveList moves;
  game.generate_moves(moves);
  if (moves.empty()) return eval(game, ply);
  const bool stand = hooks.select(game, moves, depth, ply, previous);
  if (moves.empty()) return eval(game, ply);
  Score best = stand ? eval(game, ply) : -score_infinity<Score>();
  for (const auto& m : moves) {
    game.play(m);
    best = std::max(
        best, static_cast<Score>(-reference(game, depth - 1, ply + 1, &m, eval, hooks, nodes)));
    game.undo(m);
  }
  return best;
}

// Open lines as a leaf value that takes the ply form.
struct OpenLinesAtPly {
  int operator()(TicTacToe& t, int) const { return OpenLines{}(t); }
};

// Every hook at once, each with a rule of its own: a win is worth a flat 50 (no distance), the
// search stops at ply 3 whatever the depth unless the centre is free, only the squares next to
// the previous move (or every square at the root) are searched, and past depth 0 the side to
// move may stand on the estimate.
struct Neighbourly {
  std::optional<int> terminal(TicTacToe& t, int) const {
    const Outcome o = t.outcome();
    if (o == Outcome::none) return std::nullopt;
    return o == Outcome::win ? 50 : o == Outcome::loss ? -50 : 0;
  }
  bool horizon(TicTacToe& t, int depth, int ply) const {
    return depth <= 0 || (ply >= 3 && t.at(4) != tictactoe::Mark::empty);
  }
  bool select(TicTacToe&, TicTacToe::MoveList& moves, int depth, int, const Move* previous) const {
    if (!previous) return false;
    const int pr = previous->square / 3, pc = previous->square % 3;
    TicTacToe::MoveList kept;
    for (const Move& m : moves)
      if (std::abs(m.square / 3 - pr) <= 1 && std::abs(m.square % 3 - pc) <= 1) kept.push_back(m);
    moves = kept;
    return depth <= 1;
  }
};

TicTacToe random_position(Rng& rng, int plies) {
  TicTacToe t;
  for (int i = 0; i < plies && t.outcome() == Outcome::none; ++i) {
    TicTacToe::MoveList moves;
    t.generate_moves(moves);
    t.play(moves[rng.below(moves.size())]);
  }
  return t;
}

TEST(SearchHooks, AlphaBetaWithHooksEqualsPlainNegamaxWithThem) {
  Rng rng(11);
  for (int game = 0; game < 40; ++game) {
    TicTacToe t = random_position(rng, static_cast<int>(rng.below(4)));
    for (int depth = 1; depth <= 6; ++depth) {
      OpenLinesAtPly eval;
      Neighbourly hooks;
      std::uint64_t ref_nodes = 0;
      const int expected =
          reference(t, depth, 0, static_cast<const Move*>(nullptr), eval, hooks, ref_nodes);
      AlphaBeta<TicTacToe, OpenLinesAtPly, NoOrdering, Neighbourly> ab(eval, NoOrdering{}, nullptr,
                                                                       hooks);
      const auto r = ab.search(t, depth);
      EXPECT_EQ(r.score, expected) << t.to_string() << " depth " << depth;
      EXPECT_LE(r.nodes, ref_nodes);
    }
  }
}

// Iterative deepening carries the hooks below its root: Neighbourly keeps every root move and
// does not stand there, so each completed depth has alpha-beta's value.
TEST(SearchHooks, IterativeDeepeningCarriesTheHooks) {
  Rng rng(8);
  for (int game = 0; game < 10; ++game) {
    TicTacToe t = random_position(rng, static_cast<int>(rng.below(3)));
    if (t.outcome() != Outcome::none) continue;
    for (int depth = 1; depth <= 5; ++depth) {
      AlphaBeta<TicTacToe, OpenLinesAtPly, NoOrdering, Neighbourly> ab(OpenLinesAtPly{});
      IterativeDeepening<TicTacToe, OpenLinesAtPly, NoOrdering, Neighbourly> id(OpenLinesAtPly{});
      const auto r = id.search(t, depth);
      if (r.depth == depth) {
        EXPECT_EQ(r.score, ab.search(t, depth).score) << t.to_string() << " " << depth;
      }
    }
  }
}

// The default hooks are the plain search: NoHooks changes nothing.
TEST(SearchHooks, NoHooksIsThePlainSearch) {
  TicTacToe t;
  for (int depth = 1; depth <= 5; ++depth) {
    AlphaBeta<TicTacToe, OpenLines, NoOrdering, NoHooks> ab(OpenLines{});
    const auto with = ab.search(t, depth);
    const auto plain = alpha_beta(t, depth, OpenLines{});
    EXPECT_EQ(with.score, plain.score);
    EXPECT_EQ(with.nodes, plain.nodes);
    EXPECT_EQ(with.line, plain.line);
  }
}

// Selection: keeping only the first move makes the search one line: squares 1, 2, 3, ... X
// completes the diagonal 3-5-7 on the seventh ply: root + 7 positions, a win in 7.
struct FirstMoveOnly {
  bool select(TicTacToe&, TicTacToe::MoveList& moves, int, int, const Move*) const {
    moves.resize(1);
    return false;
  }
};

TEST(SearchHooks, SelectionSearchesOnlyTheMovesItKeeps) {
  TicTacToe t;
  auto zero = [](const TicTacToe&) { return 0; };
  AlphaBeta<TicTacToe, decltype(zero), NoOrdering, FirstMoveOnly> ab(zero);
  const auto r = ab.search(t, 9);
  EXPECT_EQ(r.nodes, 8u);
  EXPECT_TRUE(is_win_score(r.score));
  EXPECT_EQ(plies_to_end(r.score), 7);
  ASSERT_EQ(r.line.size(), 7u);
  for (int i = 0; i < 7; ++i) EXPECT_EQ(r.line[static_cast<std::size_t>(i)].square, i);
}

// Stand pat: the side to move at the root may stand on the evaluation, so the value is at least
// the evaluation; a selection that keeps nothing leaves the evaluation.
struct StandOnly {
  bool keep = true;
  bool select(TicTacToe&, TicTacToe::MoveList& moves, int, int, const Move*) const {
    if (!keep) moves.clear();
    return true;
  }
};

TEST(SearchHooks, StandPatIsALowerBoundAndAnEmptySelectionIsALeaf) {
  auto t = TicTacToe::from_string("x../.x./o..");
  ASSERT_TRUE(t.ok());
  AlphaBeta<TicTacToe, OpenLines, NoOrdering, StandOnly> stand(OpenLines{});
  for (int depth = 1; depth <= 4; ++depth) {
    const int s = stand.search(*t, depth).score;
    EXPECT_GE(s, OpenLines{}(*t)) << depth;
  }
  AlphaBeta<TicTacToe, OpenLines, NoOrdering, StandOnly> none(OpenLines{}, NoOrdering{}, nullptr,
                                                              StandOnly{false});
  const auto r = none.search(*t, 4);
  EXPECT_EQ(r.score, OpenLines{}(*t));
  EXPECT_EQ(r.nodes, 1u);
  EXPECT_TRUE(r.line.empty());
}

// Horizon: stopping at ply 2 whatever the depth is the two-ply search: 1 + 9 + 72 positions.
struct TwoPlies {
  bool horizon(TicTacToe&, int, int ply) const { return ply >= 2; }
};

TEST(SearchHooks, HorizonStopsWhereItSays) {
  TicTacToe t;
  AlphaBeta<TicTacToe, OpenLines, NoOrdering, TwoPlies> ab(OpenLines{});
  const auto r = ab.search(t, 9);
  EXPECT_EQ(r.score, minimax(t, 2, OpenLines{}).score);
  auto mm = minimax(t, 2, OpenLines{});
  EXPECT_EQ(mm.nodes, 1u + 9u + 72u);
  EXPECT_LE(r.nodes, mm.nodes);
}

// Terminal: a machine that knows no wins plays on to the full board (the rules end the game
// earlier); one that scores every end flat loses the distance.
struct NoWins {
  std::optional<int> terminal(TicTacToe&, int) const { return std::nullopt; }
};
struct Flat {
  std::optional<int> terminal(TicTacToe& t, int) const {
    const Outcome o = t.outcome();
    if (o == Outcome::none) return std::nullopt;
    return o == Outcome::win ? 1 : o == Outcome::loss ? -1 : 0;
  }
};

TEST(SearchHooks, TerminalScoresTheEndsItsOwnWay) {
  auto t = TicTacToe::from_string("xx./oo./...");
  ASSERT_TRUE(t.ok());
  auto zero = [](const TicTacToe&) { return 0; };
  // Flat: X wins, worth 1 at any distance.
  AlphaBeta<TicTacToe, decltype(zero), NoOrdering, Flat> flat(zero);
  EXPECT_EQ(flat.search(*t, 5).score, 1);
  // Default: a win in one ply.
  EXPECT_EQ(plies_to_end(alpha_beta(*t, 5, zero).score), 1);
  // No wins known: a made line is a position without moves, so the evaluation (0) everywhere.
  AlphaBeta<TicTacToe, decltype(zero), NoOrdering, NoWins> blind(zero);
  EXPECT_EQ(blind.search(*t, 5).score, 0);
}

// `previous` is nullptr at the root and the move just played below it.
struct CheckPrevious {
  std::vector<int>* seen;
  bool select(TicTacToe& t, TicTacToe::MoveList&, int, int ply, const Move* previous) const {
    if (ply == 0) {
      EXPECT_EQ(previous, nullptr);
    } else {
      EXPECT_NE(previous, nullptr);
      if (previous) {
        EXPECT_NE(t.at(previous->square), tictactoe::Mark::empty);
        seen->push_back(previous->square);
      }
    }
    return false;
  }
};

TEST(SearchHooks, PreviousIsTheMoveThatLedHere) {
  TicTacToe t;
  std::vector<int> seen;
  AlphaBeta<TicTacToe, OpenLines, NoOrdering, CheckPrevious> ab(OpenLines{}, NoOrdering{}, nullptr,
                                                                CheckPrevious{&seen});
  ab.search(t, 2);
  // Depth 2: the nine replies' nodes select (ply 1); their children are leaves.
  EXPECT_EQ(seen, (std::vector<int>{0, 1, 2, 3, 4, 5, 6, 7, 8}));
}

// A machine that scores in doubles (as TUROCHAMP's W/B), on Nim: the core negates and compares
// doubles as it does ints.
struct NimRatio {  // a leaf value of its own in doubles (any will do), wins worth 2.5
  using Score = double;
  std::optional<double> terminal(nim::Nim& n, int) const {
    const Outcome o = n.outcome();
    if (o == Outcome::none) return std::nullopt;
    return o == Outcome::win ? 2.5 : o == Outcome::loss ? -2.5 : 0.0;
  }
  bool horizon(nim::Nim&, int depth, int) const { return depth <= 0; }
  bool select(nim::Nim&, nim::MoveList&, int, int, const nim::Move*) const { return false; }
};
struct NimLeaf {
  double operator()(nim::Nim& n, int ply) const {
    return (ply % 2 ? -1.0 : 1.0) / (1.0 + static_cast<double>(n.key() % 7));
  }
};

TEST(SearchHooks, AScoreTypeOfItsOwn) {
  for (int a = 1; a <= 3; ++a)
    for (int b = 0; b <= 3; ++b) {
      auto n = nim::Nim::make({a, b, 2}, nim::Rules{2, false});
      ASSERT_TRUE(n.ok());
      for (int depth = 1; depth <= 4; ++depth) {
        NimLeaf leaf;
        NimRatio hooks;
        std::uint64_t ref_nodes = 0;
        const double expected =
            reference(*n, depth, 0, static_cast<const nim::Move*>(nullptr), leaf, hooks, ref_nodes);
        AlphaBeta<nim::Nim, NimLeaf, NoOrdering, NimRatio> ab(leaf);
        const auto r = ab.search(*n, depth);
        static_assert(std::is_same_v<decltype(r.score), double>);
        EXPECT_DOUBLE_EQ(r.score, expected);
        EXPECT_LE(r.nodes, ref_nodes);
      }
    }
}

// root_values: with an unbounded margin every root move has its exact value (minimax's value of
// the position after it); with margin 0 the moves equal to the best are exact, the rest bounds.
using test::score_from_child;

TEST(SearchHooks, RootValuesAreExactWithinTheMargin) {
  Rng rng(5);
  for (int game = 0; game < 20; ++game) {
    TicTacToe t = random_position(rng, 1 + static_cast<int>(rng.below(3)));
    if (t.outcome() != Outcome::none) continue;
    TicTacToe::MoveList moves;
    t.generate_moves(moves);
    for (int depth = 1; depth <= 4; ++depth) {
      std::vector<int> exact(moves.size());
      for (std::size_t i = 0; i < moves.size(); ++i) {
        TicTacToe c = t;
        c.play(moves[i]);
        exact[i] = score_from_child(minimax(c, depth - 1, OpenLines{}).score);
      }
      const int best = *std::max_element(exact.begin(), exact.end());
      AlphaBeta<TicTacToe, OpenLines> ab(OpenLines{});
      std::vector<int> values;
      const auto all = ab.root_values(t, depth, moves, score_infinity<int>(), values);
      EXPECT_EQ(values, exact);
      EXPECT_EQ(all.score, best);
      for (int margin : {0, 1, 3}) {
        const auto r = ab.root_values(t, depth, moves, margin, values);
        EXPECT_EQ(r.score, best);
        EXPECT_LE(r.nodes, all.nodes);
        for (std::size_t i = 0; i < moves.size(); ++i) {
          if (exact[i] >= best - margin) {
            EXPECT_EQ(values[i], exact[i]) << t.to_string() << " " << i;
          } else {
            EXPECT_LT(values[i], best - margin);
          }
        }
        // The line starts with the first move of the best value.
        const auto first = std::find(exact.begin(), exact.end(), best) - exact.begin();
        ASSERT_TRUE(r.best.has_value());
        EXPECT_EQ(r.best->square, moves[static_cast<std::size_t>(first)].square);
      }
    }
  }
}

}  // namespace
}  // namespace minimax::search
