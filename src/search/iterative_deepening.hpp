#pragma once
// Iterative deepening with root re-ordering (the lecture, the game-tree lecture notes): search to
// depth 1, 2, 3, ... with alpha-beta; after each iteration sort the root moves by the values just
// found, best first, so the next, deeper iteration meets the best move first and prunes more. The
// last completed iteration gives the answer, so a search stopped early (node limit, stop flag)
// still has a move.
//
// API:
//   IterativeDeepening<G, Eval, Order, Hooks> id(eval, order, &tt, hooks);  // all but eval
//   optional id.set_node_limit(n); id.set_stop(&flag); SearchResult<Move> r = id.search(game,
//   max_depth, on_iteration); iterative_deepening(game, max_depth, eval [, order [, tt]])
// `on_iteration(const SearchResult<Move>&)` (optional) is called after every completed depth,
// e.g. to print a UCI "info" line. r.nodes counts every iteration's nodes; r.depth is the last
// completed depth (0 if stopped before depth 1 was done; then best is the first root move, so there
// is always a move). The search ends early when the root value is a proven win or loss (int scores
// only: a machine with a score type of its own scores its ends itself). The hooks (hooks.hpp) act
// below the root; the root's moves are all searched.
#include <algorithm>
#include <atomic>
#include <cstdint>
#include <numeric>
#include <type_traits>
#include <utility>
#include <vector>

#include "core/game.hpp"
#include "search/alpha_beta.hpp"
#include "search/score.hpp"

namespace minimax::search {

template <Game G, class Eval, class Order = NoOrdering, class Hooks = NoHooks>
requires LeafEvaluation<Eval, G>
class IterativeDeepening {
 public:
  using Move = typename G::Move;
  using Score = score_of<Hooks>;
  using Result = SearchResult<Move, Score>;
  explicit IterativeDeepening(Eval eval, Order order = Order{},
                              TranspositionTable<Move, Score>* tt = nullptr, Hooks hooks = Hooks{})
      : ab_(std::move(eval), std::move(order), tt, std::move(hooks)) {}

  void set_node_limit(std::uint64_t n) { ab_.set_node_limit(n); }
  void set_stop(const std::atomic<bool>* stop) { ab_.set_stop(stop); }

  template <class OnIteration>
  Result search(G& game, int max_depth, OnIteration&& on_iteration) {
    ab_.reset_nodes();
    Result result;
    typename G::MoveList moves;
    if (game.outcome() == Outcome::none) game.generate_moves(moves);
    if (moves.empty()) {  // nothing to choose: the position's own value
      result = ab_.search(game, 0);
      result.nodes = ab_.nodes();
      return result;
    }
    ab_.ordering()(std::as_const(game), moves, 0);
    std::vector<Score> scores;
    for (int depth = 1; depth <= max_depth; ++depth) {
      const Score value = ab_.search_root(game, depth, moves, scores);
      if (ab_.stopped()) {
        result.stopped = true;
        break;
      }
      result.score = value;
      result.line = ab_.line();
      result.best =
          result.line.empty() ? std::optional<Move>() : std::optional<Move>(result.line.front());
      result.depth = depth;
      result.nodes = ab_.nodes();
      on_iteration(std::as_const(result));
      if constexpr (std::is_same_v<Score, int>)
        if (is_decisive(value) && plies_to_end(value) <= depth) break;
      // Root re-ordering: best value first; ties keep the previous order (stable).
      std::vector<std::size_t> order(moves.size());
      std::iota(order.begin(), order.end(), std::size_t{0});
      std::stable_sort(order.begin(), order.end(),
                       [&](std::size_t a, std::size_t b) { return scores[a] > scores[b]; });
      typename G::MoveList sorted;
      for (std::size_t i : order) sorted.push_back(moves[i]);
      moves = sorted;
    }
    // Stopped before depth 1 was done: still answer with a legal move (the first in order).
    if (!result.best) {
      result.best = moves[0];
      result.line.assign(1, moves[0]);
    }
    result.nodes = ab_.nodes();
    return result;
  }

  Result search(G& game, int max_depth) {
    return search(game, max_depth, [](const Result&) {});
  }

 private:
  AlphaBeta<G, Eval, Order, Hooks> ab_;
};

template <Game G, class Eval, class Order = NoOrdering>
requires Evaluation<Eval, G> SearchResult<typename G::Move> iterative_deepening(
    G& game, int max_depth, Eval eval, Order order = Order{},
    TranspositionTable<typename G::Move>* tt = nullptr) {
  IterativeDeepening<G, Eval, Order> id(std::move(eval), std::move(order), tt);
  return id.search(game, max_depth);
}

}  // namespace minimax::search
